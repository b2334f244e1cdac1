import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import { paymentEndpoints as endpoints } from '@portal/shared/endpoints/payments';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { guardianMessages } from '@portal/shared/guardian-schemas';
import { holdCart, listCartHolds } from './cart-holds.service.ts';
import { checkout } from './checkout.service.ts';
import { listCredits, quoteCart } from './quote.service.ts';

/**
 * A payer pays the family's invoices (decision 101); choosing classes and courts is the family's.
 * A cart with either is refused to a payer: it would get round the class and booking routes their
 * role is refused.
 */
function assertMayChoose(ctx: Ctx, body: { classItems?: unknown[] | undefined; bookingItems?: unknown[] | undefined }): void {
  if (ctx.guardian?.role !== 'payer') return;
  if ((body.classItems?.length ?? 0) > 0 || (body.bookingItems?.length ?? 0) > 0) throw new AppError(403, 'ROLE_FORBIDDEN', guardianMessages.forbidden);
}

/** The cart's quote, the customer's credits and the checkout (decision 024). */
export async function paymentRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.quote, ({ ctx, body, reply }) => {
    reply.header('cache-control', 'no-store');
    assertMayChoose(ctx, body);
    return quoteCart(ctx, ctx.company, ctx.clientId, body);
  });

  route(app, base, endpoints.cartHolds, ({ ctx, body, reply }) => {
    reply.header('cache-control', 'no-store');
    assertMayChoose(ctx, body);
    return holdCart(ctx, ctx.company, ctx.clientId, body);
  });

  route(app, base, endpoints.cartHoldsNow, ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    return listCartHolds(ctx, ctx.company, ctx.clientId);
  });

  route(app, base, endpoints.credits, ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    return listCredits(ctx, ctx.company, ctx.clientId);
  });

  route(
    app,
    base,
    endpoints.checkout,
    ({ ctx, body, headers, reply }) => {
      // A missing or malformed key was refused (400) by the definition's header schema, before anything was written or charged.
      reply.header('cache-control', 'no-store');
      assertMayChoose(ctx, body);
      // A payment already finished under the key is answered as it was, and says so (as Stripe's API does).
      return checkout(ctx, ctx.company, ctx.clientId, headers[IDEMPOTENCY_HEADER], body, {
        onReplay: () => {
          reply.header('idempotent-replayed', 'true');
        },
      });
    },
    { responses: { 402: apiErrorSchema, 502: apiErrorSchema } },
  );
}
