import type { FastifyInstance } from 'fastify';
import { agreementMessages } from '@portal/shared/agreement-schemas';
import { agreementEndpoints as endpoints } from '@portal/shared/endpoints/agreements';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import * as service from './agreements.service.ts';

/** A signature is at most 256 KB of PNG; the body around it is bounded before it is parsed. */
const SIGNATURE_BODY_LIMIT = 512 * 1024;

export async function agreementRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.active, async ({ ctx, query }) => ({
    success: true as const,
    agreements: await service.listActiveAgreements(ctx, ctx.company.id, ctx.clientId, query.id),
  }));

  route(
    app,
    base,
    endpoints.agree,
    async ({ ctx, body, req }) => {
      await service.agreeToAgreement(ctx, {
        companyId: ctx.company.id,
        clientId: ctx.clientId,
        agreementId: body.agreement_id,
        signature: body.signature,
        ipAddress: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
      });
      return { success: true as const, message: agreementMessages.signed };
    },
    { bodyLimit: SIGNATURE_BODY_LIMIT },
  );

  route(app, base, endpoints.signed, async ({ ctx, params }) => ({
    success: true as const,
    ...(await service.findSignedAgreement(ctx, ctx.company.id, ctx.clientId, params.id)),
  }));
}
