import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyConfigSchema } from '@portal/shared/company-config';
import { ocrProfilesAnswerSchema } from '@portal/shared/company-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, matchesEtag, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { companyConfigAnswer } from './company.service.ts';

export async function companyRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/company/get-config',
    { config: { auth: 'company' }, schema: { tags: ['company'], response: { 200: companyConfigSchema, ...errorResponses } } },
    async (req, typedReply) => {
      const reply = typedReply as FastifyReply;
      const answer = await companyConfigAnswer(ctx, requireCompany(req));
      reply.header('etag', answer.etag).header('cache-control', 'no-store');
      if (matchesEtag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      // Already checked JSON text (companyConfigAnswer): sent as it is, past the serializer.
      return reply.type('application/json; charset=utf-8').send(answer.text());
    },
  );

  r.get(
    '/api/classes/ocr-profiles',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['classes'],
        response: { 200: ocrProfilesAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const company = requireCompany(req);
      return {
        success: true as const,
        profiles: company.settings.profiles.map((p) => ({ OCRProfileID: p.OCRProfileID, ProfileName: p.ProfileName, DisplayName: p.DisplayName, PageType: p.PageType })),
      };
    },
  );
}
