import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import { availabilityQuerySchema, availabilitySchema } from '@portal/shared/bookings-schemas';
import {
  guestBookingAnswerSchema,
  guestBookingOptionsSchema,
  guestBookingRequestSchema,
  guestCardTokenRequestSchema,
  guestLinkAnswerSchema,
  guestLinkRequestSchema,
  guestQuoteAnswerSchema,
  guestQuoteRequestSchema,
  guestBookingMessages as m,
} from '@portal/shared/guest-booking-schemas';
import { gatewayChallengeDecisionSchema, gatewayChallengeSchema, gatewayTokenAnswerSchema, idempotencyKeyHeaderSchema, IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCompany } from '../../plugins/auth.ts';
import { challengeParams, GATEWAY_PREFIX, simulatedGatewayAllowed } from '../../modules/payments/payments.api.ts';
import * as service from './guest-booking.service.ts';

/**
 * The public booking page's calls (`/ob`, N37; decision 050): open to any visitor of the
 * company's portal, counted in the registration bucket per client address.
 */
export async function guestBookingRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const tags = ['guest booking'];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/ob/options',
    { config: { auth: 'company' }, schema: { tags, summary: 'What the public booking page offers: venues, booking types, the days open', response: { 200: guestBookingOptionsSchema, ...errorResponses } } },
    async (req) => service.guestOptions(ctx, requireCompany(req)),
  );

  r.get(
    '/api/ob/availability',
    { config: { auth: 'company' }, schema: { tags, summary: 'Free courts per start time on a day', querystring: availabilityQuerySchema, response: { 200: availabilitySchema, ...errorResponses } } },
    async (req) => service.guestAvailability(ctx, requireCompany(req), { venueId: req.query.venue_id, bookingTypeId: req.query.booking_type_id, date: req.query.date }),
  );

  r.post(
    '/api/ob/quote',
    { config: { auth: 'company' }, schema: { tags, summary: 'The court priced as the checkout prices it', body: guestQuoteRequestSchema, response: { 200: guestQuoteAnswerSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return service.quoteGuestBooking(ctx, requireCompany(req), req.body.booking);
    },
  );

  r.post(
    '/api/ob/book',
    {
      config: { auth: 'company' },
      schema: {
        tags,
        summary: 'Books and pays for a court as a guest: one booking per Idempotency-Key, a solved captcha, the card token',
        headers: z.looseObject(idempotencyKeyHeaderSchema.shape),
        body: guestBookingRequestSchema,
        response: { 200: guestBookingAnswerSchema, 402: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return service.bookAsGuest(ctx, requireCompany(req), req.headers[IDEMPOTENCY_HEADER] as string, req.body);
    },
  );

  r.post(
    '/api/ob/booking',
    { config: { auth: 'company' }, schema: { tags, summary: "The booking a guest's cancel link names", body: guestLinkRequestSchema, response: { 200: guestLinkAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return { success: true as const, booking: await service.findGuestBooking(ctx, requireCompany(req), req.body.token) };
    },
  );

  r.post(
    '/api/ob/cancel',
    { config: { auth: 'company' }, schema: { tags, summary: "Cancels a guest's booking before the cut-off and refunds its card", body: guestLinkRequestSchema, response: { 200: guestLinkAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return { success: true as const, booking: await service.cancelGuestBooking(ctx, requireCompany(req), req.body.token), message: m.cancelled };
    },
  );

  // The simulated gateway's routes for a guest's card. Kept last: nothing below exists where the simulator may not run.
  if (!simulatedGatewayAllowed(ctx.env)) return;
  r.post(
    `${GATEWAY_PREFIX}/guest-tokens`,
    {
      config: { auth: 'company' },
      schema: { tags: ['gateway'], summary: 'Simulated gateway: tokenise a card for a guest booking', body: guestCardTokenRequestSchema, response: { 200: gatewayTokenAnswerSchema, 402: apiErrorSchema, ...errorResponses } },
    },
    async (req, reply) => {
      reply.headers(noStore);
      await throttle(req, 'register');
      return service.tokeniseGuestCard(ctx, requireCompany(req), req.body);
    },
  );

  r.get(
    `${GATEWAY_PREFIX}/guest-challenges/:id`,
    { config: { auth: 'company' }, schema: { tags: ['gateway'], summary: "Simulated gateway: the challenge step of a guest's charge", params: challengeParams, response: { 200: gatewayChallengeSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'register');
      return service.guestChallenge(ctx, requireCompany(req), req.params.id);
    },
  );
  r.post(
    `${GATEWAY_PREFIX}/guest-challenges/:id`,
    {
      config: { auth: 'company' },
      schema: { tags: ['gateway'], summary: "Simulated gateway: approve or fail the challenge step of a guest's charge", params: challengeParams, body: gatewayChallengeDecisionSchema, response: { 200: gatewayChallengeSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'register');
      return service.guestChallenge(ctx, requireCompany(req), req.params.id, req.body.approve);
    },
  );
}
