import type { FastifyInstance } from 'fastify';
import { companyEndpoints as endpoints } from '@portal/shared/endpoints/company';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { matchesEtag } from '../../lib/http.ts';
import { companyConfigAnswer } from './company.service.ts';

export async function companyRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.config, async ({ ctx, req, reply }) => {
    const answer = await companyConfigAnswer(ctx, ctx.company);
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
