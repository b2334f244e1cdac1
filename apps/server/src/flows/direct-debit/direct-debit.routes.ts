import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentEndpoints as endpoints } from '@portal/shared/endpoints/payments';
import { processorWebhookAnswerSchema } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { findCompanyByCode } from '../../modules/company/company.api.ts';
import { finishMandate, startMandate } from './mandate.service.ts';
import { applyGoCardlessWebhook } from './webhook.service.ts';

/** Direct debit on GoCardless's hosted pages, from Billing (decision 104). */
export async function directDebitRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.startDirectDebit, ({ ctx, body }) => startMandate(ctx, ctx.company, ctx.clientId, body.returnOrigin, body.returnTo));
  route(app, base, endpoints.finishDirectDebit, ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    return finishMandate(ctx, ctx.company, ctx.clientId);
  });
}

/** Where GoCardless posts a company's events: the company by its code, the body kept as sent for the signature. */
export async function goCardlessWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  typed(app).post(
    '/webhooks/gocardless/:code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        summary: "GoCardless's events for a company (signed with the company's webhook secret)",
        params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) }),
        body: z.string(),
        response: { 200: processorWebhookAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const company = await findCompanyByCode(ctx, req.params.code);
      if (!company) throw notFound();
      return applyGoCardlessWebhook(ctx, company, req.body, req.headers['webhook-signature'] as string | undefined);
    },
  );
}
