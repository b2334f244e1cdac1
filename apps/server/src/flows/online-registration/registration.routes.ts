import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signaturesBodyLimit } from '@portal/shared/agreement-schemas';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { gatewayChallengeDecisionSchema, gatewayChallengeSchema, gatewayTokenAnswerSchema, idempotencyKeyHeaderSchema, IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import {
  confirmEmailAnswerSchema,
  registrationAnswerSchema,
  registrationCardTokenRequestSchema,
  registrationQuoteAnswerSchema,
  registrationQuoteRequestSchema,
  registrationTokenField,
  REGISTRATION_TOKEN_HEADER,
  REGISTRATION_MAX_AGREEMENTS,
  registrationSubmissionSchema,
  confirmEmailRequestSchema,
  sendCodeAnswerSchema,
  sendCodeRequestSchema,
  verifyCaptchaAnswerSchema,
  verifyCaptchaRequestSchema,
  verifyCodeAnswerSchema,
  verifyCodeRequestSchema,
} from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { signInCustomer } from '../sign-in/sign-in.routes.ts';
import { challengeParams, GATEWAY_PREFIX, simulatedGatewayAllowed } from '../../modules/payments/payments.api.ts';
import * as steps from './registration-steps.service.ts';
import { submitRegistration } from './submission.service.ts';

/**
 * The online registration's checks (N22, N29, R57–R60; decision 047). Open to any visitor of the
 * company's portal, so each call counts in the registration bucket per client address, and
 * send-code per e-mail address as well.
 */
export async function registrationRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const tags = ['registration'];

  r.post(
    '/api/ocr/confirm-email',
    { config: { auth: 'company' }, schema: { tags, body: confirmEmailRequestSchema, response: { 200: confirmEmailAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, existing_client: await steps.confirmEmail(ctx, requireCompany(req), req.body.email) };
    },
  );

  r.post(
    '/api/ocr/send-code',
    { config: { auth: 'company' }, schema: { tags, body: sendCodeRequestSchema, response: { 200: sendCodeAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register', true);
      return { success: true as const, ...(await steps.sendCode(ctx, requireCompany(req), req.body.email)) };
    },
  );

  r.post(
    '/api/ocr/verify-code',
    { config: { auth: 'company' }, schema: { tags, body: verifyCodeRequestSchema, response: { 200: verifyCodeAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, verified: true as const, ...(await steps.verifyCode(ctx, requireCompany(req), req.body)) };
    },
  );

  r.post(
    '/api/ocr/verify-captcha',
    { config: { auth: 'company' }, schema: { tags, body: verifyCaptchaRequestSchema, response: { 200: verifyCaptchaAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, verified: await steps.verifyCaptcha(ctx, requireCompany(req), req.body) };
    },
  );

  r.post(
    '/api/ocr/register',
    {
      config: { auth: 'company' },
      // Every agreement may carry a drawn signature.
      bodyLimit: signaturesBodyLimit(REGISTRATION_MAX_AGREEMENTS),
      schema: {
        tags,
        summary:
          'Submits the whole registration once: the family, its sign-in, students, agreements, marketing answer, waitlist places, and its classes paid through the checkout; one submission per Idempotency-Key',
        headers: z.looseObject(idempotencyKeyHeaderSchema.shape),
        body: registrationSubmissionSchema,
        response: { 200: registrationAnswerSchema, 402: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await throttle(req, 'register');
      const company = requireCompany(req);
      reply.headers({ 'cache-control': 'no-store' });
      const { clientId, payment } = await submitRegistration(ctx, company, req.headers[IDEMPOTENCY_HEADER] as string, req.body, {
        ipAddress: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      // A challenge step first: nobody is signed in until the payment goes through.
      if (clientId === null) return { success: true as const, payment };
      // The new family is signed in; a retry after a lost answer signs it in again.
      return { success: true as const, payment, ...(await signInCustomer(ctx, req, reply, company, clientId)) };
    },
  );

  r.post(
    '/api/ocr/quote',
    {
      config: { auth: 'company' },
      schema: {
        tags,
        summary: 'Prices the classes chosen on the class step for a new family, with the payment options of the profile',
        body: registrationQuoteRequestSchema,
        response: { 200: registrationQuoteAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'register');
      return steps.quoteRegistration(ctx, requireCompany(req), req.body);
    },
  );

  // The simulated gateway's routes for a registration's card: tokenised before its holder is a
  // client, and its challenge step. Kept last: nothing below exists where the simulator may not run.
  if (!simulatedGatewayAllowed(ctx.env)) return;
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
      await throttle(req, 'register');
      return steps.tokeniseRegistrationCard(ctx, requireCompany(req), req.body);
    },
  );

  const challengeHeaders = z.looseObject({ [REGISTRATION_TOKEN_HEADER]: registrationTokenField });

  r.get(
    `${GATEWAY_PREFIX}/registration-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: { tags: ['gateway'], summary: "Simulated gateway: the challenge step of a registration's charge", params: challengeParams, headers: challengeHeaders, response: { 200: gatewayChallengeSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'register');
      return steps.registrationChallenge(ctx, requireCompany(req), req.headers[REGISTRATION_TOKEN_HEADER] as string, req.params.id);
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
      await throttle(req, 'register');
      return steps.registrationChallenge(ctx, requireCompany(req), req.headers[REGISTRATION_TOKEN_HEADER] as string, req.params.id, req.body.approve);
    },
  );
}
