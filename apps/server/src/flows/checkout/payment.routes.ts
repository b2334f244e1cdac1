import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import {
  cartRequestSchema,
  checkoutRequestSchema,
  customerCreditsAnswerSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeyHeaderSchema,
  paymentAnswerSchema,
  quoteAnswerSchema,
} from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { checkout } from './checkout.service.ts';
import { listCredits, quoteCart } from './quote.service.ts';

/** The cart's quote, the customer's credits and the checkout (decision 024). */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const tags = ['payment'];

  r.post(
    '/api/payment/quote',
    {
      config: { auth: 'customer' },
      schema: { tags, summary: 'Prices the cart: rows, totals and payment breakdown', body: cartRequestSchema, response: { 200: quoteAnswerSchema, ...errorResponses } },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      reply.header('cache-control', 'no-store');
      return quoteCart(ctx, company, clientId, req.body);
    },
  );

  r.get(
    '/api/payment/get-customer-credits',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: customerCreditsAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      reply.header('cache-control', 'no-store');
      return listCredits(ctx, company, clientId);
    },
  );

  r.post(
    '/api/payment/checkout',
    {
      config: { auth: 'customer' },
      schema: {
        tags,
        summary: 'Pays for the cart (classes, bookings and invoices); one payment per Idempotency-Key',
        // Declared loosely so the other headers (cookies) pass; the key is checked below.
        headers: z.looseObject(idempotencyKeyHeaderSchema.shape),
        body: checkoutRequestSchema,
        response: { 200: paymentAnswerSchema, 402: apiErrorSchema, 502: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      reply.header('cache-control', 'no-store');
      return checkout(ctx, company, clientId, req.headers[IDEMPOTENCY_HEADER], req.body);
    },
  );
}
