import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { guestBookingEndpoints as endpoints } from '@portal/shared/endpoints/guest-booking';
import { guestCardTokenRequestSchema, guestBookingMessages as m } from '@portal/shared/guest-booking-schemas';
import { gatewayChallengeDecisionSchema, gatewayChallengeSchema, gatewayTokenAnswerSchema, IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { challengeParams, GATEWAY_PREFIX, simulatedGatewayAllowed } from '../../modules/payments/payments.api.ts';
import * as service from './guest-booking.service.ts';

/**
 * The public booking page's calls (`/ob`, N37; decision 050): open to any visitor of the
 * company's portal, counted in the registration bucket per client address.
 */
export async function guestBookingRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  const noStore = { 'cache-control': 'no-store' };

  route(app, base, endpoints.options, ({ ctx }) => service.guestOptions(ctx, ctx.company));

  route(app, base, endpoints.availability, ({ ctx, query }) => service.guestAvailability(ctx, ctx.company, { venueId: query.venue_id, bookingTypeId: query.booking_type_id, date: query.date }));

  route(app, base, endpoints.quote, async ({ ctx, body, req }) => {
    await throttle(req, 'register');
    return service.quoteGuestBooking(ctx, ctx.company, body.booking);
  });

  route(
    app,
    base,
    endpoints.book,
    async ({ ctx, body, headers, req, reply }) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return service.bookAsGuest(ctx, ctx.company, headers[IDEMPOTENCY_HEADER], body);
    },
    { responses: { 402: apiErrorSchema } },
  );

  route(app, base, endpoints.booking, async ({ ctx, body, req, reply }) => {
    reply.headers(noStore);
    await throttle(req, 'register');
    return { success: true as const, booking: await service.findGuestBooking(ctx, ctx.company, body.token) };
  });

  route(app, base, endpoints.cancel, async ({ ctx, body, req, reply }) => {
    reply.headers(noStore);
    await throttle(req, 'register');
    return { success: true as const, booking: await service.cancelGuestBooking(ctx, ctx.company, body.token), message: m.cancelled };
  });

  // The simulated gateway's routes for a guest's card. Kept last: nothing below exists where the simulator may not run.
  if (!simulatedGatewayAllowed(base.env)) return;
  const r = typed(app);
  r.post(
    `${GATEWAY_PREFIX}/guest-tokens`,
    {
      config: { auth: 'company' },
      schema: {
        tags: ['gateway'],
        summary: 'Simulated gateway: tokenise a card for a guest booking',
        body: guestCardTokenRequestSchema,
        response: { 200: gatewayTokenAnswerSchema, 402: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return service.tokeniseGuestCard(base, requireCompany(req), req.body);
    },
  );

  r.get(
    `${GATEWAY_PREFIX}/guest-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: { tags: ['gateway'], summary: "Simulated gateway: the challenge step of a guest's charge", params: challengeParams, response: { 200: gatewayChallengeSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'register');
      return service.guestChallenge(base, requireCompany(req), req.params.id);
    },
  );
  r.post(
    `${GATEWAY_PREFIX}/guest-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: {
        tags: ['gateway'],
        summary: "Simulated gateway: approve or fail the challenge step of a guest's charge",
        params: challengeParams,
        body: gatewayChallengeDecisionSchema,
        response: { 200: gatewayChallengeSchema, ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'register');
      return service.guestChallenge(base, requireCompany(req), req.params.id, req.body.approve);
    },
  );
}
