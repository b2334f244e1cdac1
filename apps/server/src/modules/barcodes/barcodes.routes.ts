import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { barcodeAnswerSchema, barcodesAnswerSchema } from '@portal/shared/barcode-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, idParam, listEtag, matchesEtag, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './barcodes.service.ts';

/**
 * Answers with a validator of what the answer shows: the page asks again on every visit and a
 * browser holding the same cards gets a 304 with no body (the images are the bulk of it).
 */
function sendValidated<B>(req: FastifyRequest, reply: FastifyReply, clientId: number, body: B): B | FastifyReply {
  const etag = listEtag('barcodes', clientId, JSON.stringify(body));
  reply.header('etag', etag).header('cache-control', 'no-store');
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}

export async function barcodesRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  r.get(
    '/api/customer/get-barcodes',
    { config: { auth: 'customer' }, schema: { tags: ['customer'], response: { 200: barcodesAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      const barcodes = await service.listBarcodes(ctx, company.id, clientId);
      return sendValidated(req, reply, clientId, { success: true as const, total_barcodes: barcodes.length, barcodes });
    },
  );

  r.get(
    '/api/customer/get-barcode/:id',
    {
      config: { auth: 'customer' },
      schema: { tags: ['customer'], params: z.object({ id: idParam }), response: { 200: barcodeAnswerSchema, ...errorResponses } },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      const barcode = await service.findBarcode(ctx, company.id, clientId, req.params.id);
      if (!barcode) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return sendValidated(req, reply, clientId, { success: true as const, barcode });
    },
  );
}
