import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signaturesBodyLimit } from '@portal/shared/agreement-schemas';
import { loginAnswerSchema } from '@portal/shared/customer-schemas';
import { idempotencyKeyHeaderSchema, IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import {
  confirmEmailAnswerSchema,
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
import { throttle, type Deps } from '../../deps.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { signInCustomer } from '../customer/customer.routes.ts';
import * as service from './registration.service.ts';

/**
 * The online registration's checks (N22, N29, R57–R60; decision 047). Open to any visitor of the
 * company's portal, so each call counts in the registration bucket per client address, and
 * send-code per e-mail address as well.
 */
export async function registrationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = typed(app);
  const tags = ['registration'];

  r.post(
    '/api/ocr/confirm-email',
    { config: { auth: 'company' }, schema: { tags, body: confirmEmailRequestSchema, response: { 200: confirmEmailAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, existing_client: await service.confirmEmail(deps, requireCompany(req), req.body.email) };
    },
  );

  r.post(
    '/api/ocr/send-code',
    { config: { auth: 'company' }, schema: { tags, body: sendCodeRequestSchema, response: { 200: sendCodeAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register', true);
      return { success: true as const, ...(await service.sendCode(deps, requireCompany(req), req.body.email)) };
    },
  );

  r.post(
    '/api/ocr/verify-code',
    { config: { auth: 'company' }, schema: { tags, body: verifyCodeRequestSchema, response: { 200: verifyCodeAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, verified: true as const, ...(await service.verifyCode(deps, requireCompany(req), req.body)) };
    },
  );

  r.post(
    '/api/ocr/verify-captcha',
    { config: { auth: 'company' }, schema: { tags, body: verifyCaptchaRequestSchema, response: { 200: verifyCaptchaAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return { success: true as const, verified: await service.verifyCaptcha(deps, requireCompany(req), req.body) };
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
        summary: 'Submits the whole registration once: the family, its sign-in, students, agreements and marketing answer; one submission per Idempotency-Key',
        headers: z.looseObject(idempotencyKeyHeaderSchema.shape),
        body: registrationSubmissionSchema,
        response: { 200: loginAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await throttle(req, 'register');
      const company = requireCompany(req);
      const { clientId } = await service.submitRegistration(deps, company, req.headers[IDEMPOTENCY_HEADER] as string, req.body, {
        ipAddress: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      // The new family is signed in; a retry after a lost answer signs it in again.
      return { success: true as const, ...(await signInCustomer(deps, req, reply, company, clientId)) };
    },
  );
}
