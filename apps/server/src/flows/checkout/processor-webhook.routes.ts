import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { processorWebhookAnswerSchema } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { findCompanyByCode } from '../../modules/company/company.api.ts';
import { applyProcessorWebhook } from './processor-webhook.service.ts';

/** Where a company's processor posts its events: one route per provider, the company by its code (decision 103). */
export const WEBHOOK_PREFIX = '/webhooks';

const params = z.object({ provider: z.enum(['stripe']), code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

export async function processorWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  // The signature is over the bytes as sent: the body is kept as text, never parsed and re-serialised.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  const r = typed(app);
  r.post(
    `${WEBHOOK_PREFIX}/:provider/:code`,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        summary: "A card processor's event for a company (signed with the company's webhook secret)",
        params,
        body: z.string(),
        response: { 200: processorWebhookAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const company = await findCompanyByCode(ctx, req.params.code);
      if (!company) throw notFound();
      return applyProcessorWebhook(ctx, company, req.params.provider, req.body, req.headers['stripe-signature'] as string | undefined);
    },
  );
}
