import type { FastifyInstance } from 'fastify';
import { captchaChallengeAnswerSchema, contactFormStateSchema, contactUsAnswerSchema, contactUsSchema } from '@portal/shared/contact-schemas';
import type { Ctx } from '../../context.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { issueChallenge } from '../captcha/captcha.api.ts';
import { contactFormState, sendContactMessage } from './contact.service.ts';

/** Contact Us (P1–P5): open to guests of a company's portal, so every call is throttled per client address. */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/company/contact-us',
    { config: { auth: 'company' }, schema: { tags: ['company'], response: { 200: contactFormStateSchema, ...errorResponses } } },
    async (req) => contactFormState(ctx, requireCompany(req), req.customer?.clientId),
  );

  r.get(
    '/api/company/captcha-challenge',
    { config: { auth: 'company' }, schema: { tags: ['company'], response: { 200: captchaChallengeAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'contact');
      return { success: true as const, ...(await issueChallenge(ctx, requireCompany(req).id)) };
    },
  );

  r.post(
    '/api/company/contact-us',
    { config: { auth: 'company' }, schema: { tags: ['company'], body: contactUsSchema, response: { 200: contactUsAnswerSchema, ...errorResponses } } },
    async (req) => {
      // Per client address, and per sender address, so one visitor cannot flood the office.
      await throttle(req, 'contact', true);
      return { success: true as const, message: await sendContactMessage(ctx, requireCompany(req), req.customer?.clientId, req.body) };
    },
  );
}
