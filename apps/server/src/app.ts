import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthAnswerSchema } from '@portal/shared/api-schemas';
import { API_PREFIX } from '@portal/shared/endpoint';
import type { Ctx } from './context.ts';
import { isReachable } from './db/database.ts';
import { isPublicHttps } from './config/env.ts';
import type { Redis } from 'ioredis';
import { errorsPlugin } from './plugins/errors.ts';
import { textRulesPlugin } from './plugins/text-rules.ts';
// Checkout and payment (decision 024).
import { gatewayRoutes, simulatedGatewayAllowed } from './modules/payments/payments.api.ts';
import { paymentRoutes } from './flows/checkout/payment.routes.ts';
import { processorWebhookRoutes } from './flows/checkout/processor-webhook.routes.ts';
import { directDebitRoutes, goCardlessWebhookRoutes } from './flows/direct-debit/direct-debit.routes.ts';
import { billingRoutes } from './modules/payments/payments.api.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { authPlugin } from './plugins/auth.ts';
import { webPlugin } from './plugins/web.ts';
import { compressionOptions } from './plugins/compression.ts';
import { companyRoutes } from './modules/company/company.api.ts';
import { signInRoutes } from './flows/sign-in/sign-in.routes.ts';
import { companyEntryRoutes } from './flows/sign-in/company-entry.routes.ts';
import { homeRoutes } from './modules/home/home.api.ts';
import { classesRoutes } from './modules/classes/classes.api.ts';
import { notificationRoutes } from './modules/messaging/messaging.api.ts';
import { messagesRoutes } from './modules/messaging/messaging.api.ts';
import { mailRoutes } from './modules/messaging/messaging.api.ts';
import { agreementRoutes } from './modules/agreements/agreements.api.ts';
import { formConfigRoutes } from './modules/forms/forms.api.ts';
import { studentRoutes } from './modules/students/students.api.ts';
import { myDetailsRoutes } from './modules/accounts/accounts.api.ts';
import { barcodesRoutes } from './modules/barcodes/barcodes.api.ts';
import { contactRoutes } from './modules/contact/contact.api.ts';
import { registrationRoutes } from './flows/online-registration/registration.routes.ts';
import { guestBookingRoutes } from './flows/guest-booking/guest-booking.routes.ts';
import { changeClassRoutes } from './flows/change-class/change-class.routes.ts';
import { classSessionLinkRoutes } from './modules/classes/classes.api.ts';
import { bookingsRoutes } from './modules/bookings/bookings.api.ts';
import { financialsRoutes } from './modules/financials/financials.api.ts';
import { trustedOrigins } from './modules/accounts/accounts.api.ts';
import { familyDataRoutes } from './modules/family-data/family-data.api.ts';
import { activityRoutes } from './modules/activity/activity.api.ts';
import { waitingRoomRoutes } from './modules/waiting-room/waiting-room.api.ts';
import { pushRoutes } from './modules/push/push.api.ts';
import { familyAccessRoutes } from './modules/family-access/family-access.api.ts';
import { invitationRoutes } from './flows/sign-in/invitation.routes.ts';
import { findSessions } from './modules/accounts/accounts.api.ts';

/** The whole portal as a plugin: external plugins, then ours, then routes. server.ts and tests both build it. */
export async function app(instance: FastifyInstance, opts: { ctx: Ctx; redis?: Redis | undefined }) {
  const { ctx } = opts;
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(fastifyCookie);
  if (ctx.env.API_DOCS) {
    await instance.register(swagger, {
      openapi: { info: { title: 'Customer Hub API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await instance.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  }

  await instance.register(rateLimitsPlugin, {
    perIp: ctx.env.AUTH_RATE_LIMIT,
    signInCalls: ctx.env.SIGN_IN_CALL_LIMIT,
    perSession: ctx.env.SESSION_RATE_LIMIT,
    perEmail: ctx.env.AUTH_EMAIL_RATE_LIMIT,
    redis: opts.redis,
  });
  await instance.register(errorsPlugin);
  await instance.register(textRulesPlugin);
  await instance.register(securityPlugin, { trustedOrigins: trustedOrigins(ctx), https: isPublicHttps(ctx.env), trustProxy: ctx.env.TRUST_PROXY !== false });
  await instance.register(fastifyCompress, compressionOptions);
  await instance.register(authPlugin, { findSessions: (companyToken, customerToken) => findSessions(ctx, companyToken, customerToken) });

  instance.get('/healthz', { schema: { hide: true, response: { 200: healthAnswerSchema } } }, async () => ({ status: 'ok' }));
  instance.get('/readyz', { schema: { hide: true, response: { 200: healthAnswerSchema, 503: healthAnswerSchema } } }, async (_req, reply) => {
    const ok = await isReachable(ctx.db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable' });
  });

  // Checkout and payment (decision 024); the simulated gateway's routes only where it may run (decision 054).
  if (simulatedGatewayAllowed(ctx.env)) await instance.register(gatewayRoutes, { ctx });
  await instance.register(paymentRoutes, { ctx });
  await instance.register(processorWebhookRoutes, { ctx });
  await instance.register(billingRoutes, { ctx });
  await instance.register(directDebitRoutes, { ctx });
  await instance.register(goCardlessWebhookRoutes, { ctx });
  await instance.register(companyRoutes, { ctx });
  await instance.register(companyEntryRoutes, { ctx });
  await instance.register(signInRoutes, { ctx });
  await instance.register(homeRoutes, { ctx });
  await instance.register(classesRoutes, { ctx });
  await instance.register(notificationRoutes, { ctx });
  await instance.register(messagesRoutes, { ctx });
  await instance.register(mailRoutes, { ctx });
  await instance.register(agreementRoutes, { ctx });
  await instance.register(formConfigRoutes, { ctx });
  await instance.register(studentRoutes, { ctx });
  await instance.register(myDetailsRoutes, { ctx });
  await instance.register(barcodesRoutes, { ctx });
  await instance.register(contactRoutes, { ctx });
  await instance.register(registrationRoutes, { ctx });
  await instance.register(guestBookingRoutes, { ctx });
  await instance.register(changeClassRoutes, { ctx });
  await instance.register(classSessionLinkRoutes, { ctx });
  await instance.register(bookingsRoutes, { ctx });
  await instance.register(financialsRoutes, { ctx });
  await instance.register(familyDataRoutes, { ctx });
  await instance.register(activityRoutes, { ctx });
  await instance.register(waitingRoomRoutes, { ctx });
  await instance.register(pushRoutes, { ctx });
  await instance.register(familyAccessRoutes, { ctx });
  await instance.register(invitationRoutes, { ctx });

  if (ctx.env.SERVE_WEB) await instance.register(webPlugin, { dist: ctx.env.WEB_DIST });
}
