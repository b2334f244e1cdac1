import type { FastifyInstance } from 'fastify';
import { bookingEndpoints as endpoints } from '@portal/shared/endpoints/bookings';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import * as service from './bookings.service.ts';
import { checkCartCourt } from './court-holds.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Court and venue bookings (G1–G7, U7). Every call needs a signed-in customer and ShowBookingsTab (the endpoints' switch). */
export async function bookingsRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.options, ({ ctx }) => service.bookingOptions(ctx.company, ctx.clock.now()));

  route(app, base, endpoints.availability, ({ ctx, query }) =>
    service.findAvailability(ctx, ctx.company, { venueId: query.venue_id, bookingTypeId: query.booking_type_id, date: query.date, clientId: ctx.clientId }),
  );

  route(app, base, endpoints.check, async ({ ctx, body }) => {
    const b = await checkCartCourt(ctx, ctx.company, ctx.clientId, body);
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
  });

  route(app, base, endpoints.list, async ({ ctx, query: { page, limit, filter } }) => {
    const { total, bookings } = await service.listBookings(ctx, ctx.company, ctx.clientId, { filter, limit, offset: (page - 1) * limit });
    return { current_page: page, total_pages: totalPages(total, limit), total_count: total, bookings };
  });

  route(app, base, endpoints.cancel, async ({ ctx, body }) => ({ success: true as const, booking: await service.cancelBooking(ctx, ctx.company, ctx.clientId, body.booking_id) }));
}
