import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signaturesBodyLimit } from '@portal/shared/agreement-schemas';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { registrationEndpoints as endpoints } from '@portal/shared/endpoints/registration';
import { gatewayChallengeDecisionSchema, gatewayChallengeSchema, gatewayTokenAnswerSchema, IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import { registrationCardTokenRequestSchema, registrationTokenField, REGISTRATION_TOKEN_HEADER, REGISTRATION_MAX_AGREEMENTS } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { signInCustomer } from '../sign-in/sign-in.routes.ts';
import { challengeParams, GATEWAY_PREFIX, simulatedGatewayAllowed } from '../../modules/payments/payments.api.ts';
import { endTurn, ticketOf } from '../../modules/waiting-room/waiting-room.api.ts';
import * as steps from './registration-steps.service.ts';
import { submitRegistration } from './submission.service.ts';
import { quoteExistingFamilyClasses, registerExistingFamilyClasses } from './existing-family.service.ts';

/**
 * The online registration's checks (N22, N29, R57–R60; decision 047). Open to any visitor of the
 * company's portal: each call counts per client address against a flood only (the families behind
 * one network register on the same morning, decision 147); send-code, which mails, counts in the
 * code bucket per client address and per e-mail address.
 */
export async function registrationRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.confirmEmail, async ({ ctx, body, req }) => {
    await throttle(req, 'registration');
    return { success: true as const, existing_client: await steps.confirmEmail(ctx, ctx.company, body.email) };
  });

  route(app, base, endpoints.sendCode, async ({ ctx, body, req }) => {
    await throttle(req, 'code', true);
    return { success: true as const, ...(await steps.sendCode(ctx, ctx.company, body.email)) };
  });

  route(app, base, endpoints.verifyCode, async ({ ctx, body, req }) => {
    await throttle(req, 'registration');
    return { success: true as const, verified: true as const, ...(await steps.verifyCode(ctx, ctx.company, body, ticketOf(req, ctx.company.id, body.profile))) };
  });

  route(app, base, endpoints.verifyCaptcha, async ({ ctx, body, headers, req }) => {
    await throttle(req, 'registration');
    const registrationToken = headers[REGISTRATION_TOKEN_HEADER] ?? body.registration_token;
    return { success: true as const, verified: await steps.verifyCaptcha(ctx, ctx.company, { token: body.token, registrationToken }) };
  });

  route(app, base, endpoints.card, async ({ ctx, body, headers, req, reply }) => {
    reply.header('cache-control', 'no-store');
    await throttle(req, 'registration');
    return steps.recordRegistrationCard(ctx, ctx.company, headers[REGISTRATION_TOKEN_HEADER], body.payment_method);
  });

  route(
    app,
    base,
    endpoints.register,
    async ({ ctx, body, headers, req, reply }) => {
      await throttle(req, 'registration');
      reply.headers({ 'cache-control': 'no-store' });
      const ticket = ticketOf(req, ctx.company.id, body.profile);
      const { clientId, payment, opened } = await submitRegistration(ctx, ctx.company, headers[IDEMPOTENCY_HEADER], body, { ipAddress: req.ip, userAgent: req.headers['user-agent'] ?? '' }, ticket);
      // A challenge step first: nobody is signed in until the payment goes through.
      if (clientId === null) return { success: true as const, payment };
      // The turn in the waiting room is used: the next family's comes.
      await endTurn(ctx, ctx.company, body.profile, ticket);
      // The new family is signed in; a retry after a lost answer signs it in again.
      return { success: true as const, payment, ...(await signInCustomer(ctx, req, reply, ctx.company, clientId, null, opened)) };
    },
    {
      // Every agreement may carry a drawn signature.
      bodyLimit: signaturesBodyLimit(REGISTRATION_MAX_AGREEMENTS),
      responses: { 402: apiErrorSchema },
    },
  );

  route(app, base, endpoints.quote, async ({ ctx, body, headers, req, reply }) => {
    reply.header('cache-control', 'no-store');
    await throttle(req, 'registration');
    return steps.quoteRegistration(ctx, ctx.company, body, ticketOf(req, ctx.company.id, body.profile), headers[REGISTRATION_TOKEN_HEADER]);
  });

  // A family that already has an account, signed in, registers its own students in classes (N12, F16, R49; decision 060).
  route(app, base, classEndpoints.ocrClassQuote, ({ ctx, body, req, reply }) => {
    reply.header('cache-control', 'no-store');
    return quoteExistingFamilyClasses(ctx, ctx.company, ctx.clientId, body, ticketOf(req, ctx.company.id, body.profile));
  });

  route(
    app,
    base,
    classEndpoints.ocrClass,
    async ({ ctx, body, headers, req, reply }) => {
      reply.header('cache-control', 'no-store');
      const ticket = ticketOf(req, ctx.company.id, body.profile);
      const { payment } = await registerExistingFamilyClasses(
        ctx,
        ctx.company,
        ctx.clientId,
        headers[IDEMPOTENCY_HEADER],
        body,
        { ipAddress: req.ip, userAgent: req.headers['user-agent'] ?? '' },
        ticket,
      );
      // The turn in the waiting room is used once the classes are taken (a challenge step keeps it until answered).
      if (payment?.status !== 'requires_action') await endTurn(ctx, ctx.company, body.profile, ticket);
      return { success: true as const, payment };
    },
    { bodyLimit: signaturesBodyLimit(REGISTRATION_MAX_AGREEMENTS), responses: { 402: apiErrorSchema, 502: apiErrorSchema } },
  );

  // The simulated gateway's routes for a registration's card: tokenised before its holder is a
  // client, and its challenge step. Kept last: nothing below exists where the simulator may not run.
  if (!simulatedGatewayAllowed(base.env)) return;
  const r = typed(app);
  r.post(
    `${GATEWAY_PREFIX}/registration-tokens`,
    {
      config: { auth: 'company' },
      schema: {
        tags: ['gateway'],
        summary: 'Simulated gateway: tokenise a card for an online registration (the token is handed to the family it makes)',
        body: registrationCardTokenRequestSchema,
        response: { 200: gatewayTokenAnswerSchema, 402: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      await throttle(req, 'registration');
      return steps.tokeniseRegistrationCard(base, requireCompany(req), req.body);
    },
  );

  const challengeHeaders = z.looseObject({ [REGISTRATION_TOKEN_HEADER]: registrationTokenField });

  r.get(
    `${GATEWAY_PREFIX}/registration-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: {
        tags: ['gateway'],
        summary: "Simulated gateway: the challenge step of a registration's charge",
        params: challengeParams,
        headers: challengeHeaders,
        response: { 200: gatewayChallengeSchema, ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'registration');
      return steps.registrationChallenge(base, requireCompany(req), req.headers[REGISTRATION_TOKEN_HEADER] as string, req.params.id);
    },
  );

  r.post(
    `${GATEWAY_PREFIX}/registration-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: {
        tags: ['gateway'],
        summary: "Simulated gateway: approve or fail the challenge step of a registration's charge",
        params: challengeParams,
        headers: challengeHeaders,
        body: gatewayChallengeDecisionSchema,
        response: { 200: gatewayChallengeSchema, ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'registration');
      return steps.registrationChallenge(base, requireCompany(req), req.headers[REGISTRATION_TOKEN_HEADER] as string, req.params.id, req.body.approve);
    },
  );
}
