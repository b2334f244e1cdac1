import type { FastifyInstance } from 'fastify';
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingOptionsSchema,
  bookingRequestSchema,
  cancelBookingAnswerSchema,
  cancelBookingSchema,
  checkedBookingSchema,
} from '@portal/shared/bookings-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './bookings.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Court and venue bookings (G1–G7, U7). Every call needs a signed-in customer and ShowBookingsTab. */
export async function bookingsRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const customer = (req: Parameters<typeof requireCustomer>[0]) => {
    const who = requireCustomer(req);
    service.assertBookingsOn(who.company);
    return who;
  };

  r.get(
    '/api/bookings/options',
    { config: { auth: 'customer' }, schema: { tags: ['bookings'], response: { 200: bookingOptionsSchema, ...errorResponses } } },
    async (req) => service.bookingOptions(customer(req).company),
  );

  r.get(
    '/api/bookings/availability',
    { config: { auth: 'customer' }, schema: { tags: ['bookings'], querystring: availabilityQuerySchema, response: { 200: availabilitySchema, ...errorResponses } } },
    async (req) => {
      const { company } = customer(req);
      return service.findAvailability(ctx, company, { venueId: req.query.venue_id, bookingTypeId: req.query.booking_type_id, date: req.query.date });
    },
  );

  r.post(
    '/api/bookings/check',
    { config: { auth: 'customer' }, schema: { tags: ['bookings'], body: bookingRequestSchema, response: { 200: checkedBookingSchema, ...errorResponses } } },
    async (req) => {
      const { company } = customer(req);
      const b = await service.checkBookingRequest(ctx, company, req.body);
      return {
        item: {
          venue_id: b.venueId,
          booking_type_id: b.bookingTypeId,
          date: b.date,
          time: b.startTime,
          endTime: b.endTime,
          court: b.court,
          venue: b.venue,
          bookingType: b.bookingType,
          durationMinutes: b.durationMinutes,
          priceCents: b.priceCents,
          description: b.description,
        },
      };
    },
  );

  r.get(
    '/api/bookings',
    { config: { auth: 'customer' }, schema: { tags: ['bookings'], querystring: bookingListQuerySchema, response: { 200: bookingListSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = customer(req);
      const { page, limit, filter } = req.query;
      const { total, bookings } = await service.listBookings(ctx, company, clientId, { filter, limit, offset: (page - 1) * limit });
      return { current_page: page, total_pages: totalPages(total, limit), total_count: total, bookings };
    },
  );

  r.post(
    '/api/bookings/cancel',
    { config: { auth: 'customer' }, schema: { tags: ['bookings'], body: cancelBookingSchema, response: { 200: cancelBookingAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = customer(req);
      return { success: true as const, booking: await service.cancelBooking(ctx, company, clientId, req.body.booking_id) };
    },
  );
}
