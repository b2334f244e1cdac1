import type { FastifyInstance } from 'fastify';
import { contactEndpoints as endpoints } from '@portal/shared/endpoints/contact';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { issueChallenge } from '../captcha/captcha.api.ts';
import { contactFormState, sendContactMessage } from './contact.service.ts';

/** Contact Us (P1–P5): open to guests of a company's portal, so every call is throttled per client address. */
export async function contactRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.form, ({ ctx }) => contactFormState(ctx, ctx.company, ctx.clientId));

  route(app, base, endpoints.captchaChallenge, async ({ ctx, req }) => {
    await throttle(req, 'contact');
    return { success: true as const, ...(await issueChallenge(ctx, ctx.company.id)) };
  });

  route(app, base, endpoints.send, async ({ ctx, body, req }) => {
    // Per client address, and per sender address, so one visitor cannot flood the office.
    await throttle(req, 'contact', true);
    return { success: true as const, message: await sendContactMessage(ctx, ctx.company, ctx.clientId, body) };
  });
}
