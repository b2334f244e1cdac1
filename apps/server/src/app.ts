import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthAnswerSchema } from '@portal/shared/api-schemas';
import type { Deps } from './deps.ts';
import { isReachable } from './db/database.ts';
import { isPublicHttps } from './config/env.ts';
import type { Redis } from 'ioredis';
import { errorsPlugin } from './plugins/errors.ts';
// Checkout and payment (decision 024).
import { gatewayRoutes } from './features/gateway/gateway.routes.ts';
import { paymentRoutes } from './features/payment/payment.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { authPlugin } from './plugins/auth.ts';
import { webPlugin } from './plugins/web.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { companyRoutes } from './features/company/company.routes.ts';
import { customerRoutes } from './features/customer/customer.routes.ts';
import { homeRoutes } from './features/home/home.routes.ts';
import { classesRoutes } from './features/classes/classes.routes.ts';
import { notificationRoutes } from './features/notification/notification.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { mailRoutes } from './features/mail/mail.routes.ts';
import { agreementRoutes } from './features/agreements/agreements.routes.ts';
import { formConfigRoutes } from './features/form-config/form-config.routes.ts';
import { studentRoutes } from './features/student/student.routes.ts';
import { myDetailsRoutes } from './features/customer/my-details.routes.ts';
import { barcodesRoutes } from './features/barcodes/barcodes.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { registrationRoutes } from './features/registration/registration.routes.ts';
import { guestBookingRoutes } from './features/guest-booking/guest-booking.routes.ts';
import { classSessionLinkRoutes } from './features/class-session-link/class-session-link.routes.ts';
import { bookingsRoutes } from './features/bookings/bookings.routes.ts';
import { financialsRoutes } from './features/financials/financials.routes.ts';
import { trustedOrigins } from './features/customer/customer.service.ts';
import { findSessions } from './features/session/session.service.ts';

/** The whole portal as a plugin: external plugins, then ours, then routes. server.ts and tests both build it. */
export async function app(instance: FastifyInstance, opts: { deps: Deps; redis?: Redis | undefined; securityHeaders: Record<string, string> }) {
  const { deps } = opts;
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(fastifyCookie);
  if (deps.env.API_DOCS) {
    await instance.register(swagger, {
      openapi: { info: { title: 'Customer Hub API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await instance.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  await instance.register(rateLimitsPlugin, { perIp: deps.env.AUTH_RATE_LIMIT, perEmail: deps.env.AUTH_EMAIL_RATE_LIMIT, redis: opts.redis });
  await instance.register(errorsPlugin);
  await instance.register(securityPlugin, { trustedOrigins: trustedOrigins(deps), https: isPublicHttps(deps.env), trustProxy: deps.env.TRUST_PROXY !== false, headers: opts.securityHeaders });
  await instance.register(compressionPlugin);
  await instance.register(authPlugin, { findSessions: (companyToken, customerToken) => findSessions(deps, companyToken, customerToken) });

  instance.get('/healthz', { schema: { hide: true, response: { 200: healthAnswerSchema } } }, async () => ({ status: 'ok' }));
  instance.get('/readyz', { schema: { hide: true, response: { 200: healthAnswerSchema, 503: healthAnswerSchema } } }, async (_req, reply) => {
    const ok = await isReachable(deps.db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable' });
  });

  // Checkout and payment (decision 024).
  await instance.register(gatewayRoutes, { deps });
  await instance.register(paymentRoutes, { deps });
  await instance.register(billingRoutes, { deps });
  await instance.register(companyRoutes, { deps });
  await instance.register(customerRoutes, { deps });
  await instance.register(homeRoutes, { deps });
  await instance.register(classesRoutes, { deps });
  await instance.register(notificationRoutes, { deps });
  await instance.register(messagesRoutes, { deps });
  await instance.register(mailRoutes, { deps });
  await instance.register(agreementRoutes, { deps });
  await instance.register(formConfigRoutes, { deps });
  await instance.register(studentRoutes, { deps });
  await instance.register(myDetailsRoutes, { deps });
  await instance.register(barcodesRoutes, { deps });
  await instance.register(contactRoutes, { deps });
  await instance.register(registrationRoutes, { deps });
  await instance.register(guestBookingRoutes, { deps });
  await instance.register(classSessionLinkRoutes, { deps });
  await instance.register(bookingsRoutes, { deps });
  await instance.register(financialsRoutes, { deps });

  if (deps.env.SERVE_WEB) await instance.register(webPlugin, { dist: deps.env.WEB_DIST });
}
