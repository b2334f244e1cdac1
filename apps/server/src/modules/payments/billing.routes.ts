import type { FastifyInstance } from 'fastify';
import { paymentEndpoints as endpoints } from '@portal/shared/endpoints/payments';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import * as service from './billing.service.ts';

/** Billing details (K14–K19): the card or bank account a customer keeps on file, while the company shows the tab (the endpoints' switch). */
export async function billingRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.paymentDetails, ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    return service.getPaymentDetails(ctx, ctx.company, ctx.clientId);
  });

  route(app, base, endpoints.addCard, ({ ctx, body }) => service.saveCard(ctx, ctx.company, ctx.clientId, body.token, 'add'));
  route(app, base, endpoints.updateCard, ({ ctx, body }) => service.saveCard(ctx, ctx.company, ctx.clientId, body.token, 'update'));

  route(app, base, endpoints.updateBankDetails, ({ ctx, body }) => service.saveBankDetails(ctx, ctx.company, ctx.clientId, body));

  route(app, base, endpoints.removePaymentDetails, async ({ ctx }) => {
    await service.removePaymentDetails(ctx, ctx.company, ctx.clientId);
    return { success: true as const };
  });
}
