import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAY_COOKIE } from '@portal/shared/startup-calls';
import type { Company } from '../../domain/company.ts';
import { companyEndpoints as endpoints } from '@portal/shared/endpoints/company';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { matchesEtag } from '../../lib/http.ts';
import { companyConfigAnswer } from './company.service.ts';

/**
 * Leaves the page a hint that the company's processor is Stripe (decision 103), so the next page
 * load opens Stripe's origins in its content security policy; cleared when it no longer is.
 */
function payHint(req: FastifyRequest, reply: FastifyReply, company: Company): void {
  const { PaymentGatewayEnabled, PaymentGatewayProvider } = company.settings.fin_setup;
  const wanted = PaymentGatewayEnabled && PaymentGatewayProvider.trim().toLowerCase() === 'stripe' ? 'stripe' : undefined;
  const held = req.cookies[PAY_COOKIE];
  if (held === wanted) return;
  if (wanted) reply.setCookie(PAY_COOKIE, wanted, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.server.publicHttps || req.protocol === 'https' });
  else reply.clearCookie(PAY_COOKIE, { path: '/' });
}

export async function companyRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.config, async ({ ctx, req, reply }) => {
    const answer = await companyConfigAnswer(ctx, ctx.company);
    payHint(req, reply, ctx.company);
    reply.header('etag', answer.etag).header('cache-control', 'no-store');
    if (matchesEtag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    // Already checked JSON text (companyConfigAnswer): sent as it is, past the serializer.
    return reply.type('application/json; charset=utf-8').send(answer.text());
  });

  route(app, base, classEndpoints.ocrProfiles, ({ ctx }) => ({
    success: true as const,
    profiles: ctx.company.settings.profiles.map((p) => ({ OCRProfileID: p.OCRProfileID, ProfileName: p.ProfileName, DisplayName: p.DisplayName, PageType: p.PageType })),
  }));
}
