import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@portal/shared/messages';
import { barcodeEndpoints as endpoints } from '@portal/shared/endpoints/barcodes';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { listEtag, matchesEtag } from '../../lib/http.ts';
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

export async function barcodesRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.list, async ({ ctx, req, reply }) => {
    const barcodes = await service.listBarcodes(ctx, ctx.company.id, ctx.clientId);
    return sendValidated(req, reply, ctx.clientId, { success: true as const, total_barcodes: barcodes.length, barcodes });
  });

  route(app, base, endpoints.get, async ({ ctx, params, req, reply }) => {
    const barcode = await service.findBarcode(ctx, ctx.company.id, ctx.clientId, params.id);
    if (!barcode) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
    return sendValidated(req, reply, ctx.clientId, { success: true as const, barcode });
  });
}
