import { defineEndpoint } from '../endpoint';
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
} from '../bookings-schemas';

/** Court and venue bookings (G1–G7, U7): every call needs a signed-in customer and the bookings tab switched on. */
const tags = ['bookings'];
const switches = ['ShowBookingsTab'] as const;

export const bookingEndpoints = {
  options: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/bookings/options',
    auth: 'customer',
    switches,
    response: bookingOptionsSchema,
    description: 'What the add-booking form offers.',
    tags,
  }),
  availability: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/bookings/availability',
    auth: 'customer',
    switches,
    query: availabilityQuerySchema,
    response: availabilitySchema,
    errors: ['BOOKING_NOT_BOOKABLE', 'BOOKING_OUTSIDE_WINDOW'],
    description: 'Every start time on the TimeInterval grid with the courts free for the whole duration.',
    tags,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/bookings/check',
    auth: 'customer',
    switches,
    body: bookingRequestSchema,
    response: checkedBookingSchema,
    errors: ['BOOKING_NOT_BOOKABLE', 'BOOKING_OUTSIDE_WINDOW', 'BOOKING_UNKNOWN_COURT', 'BOOKING_NOT_ON_GRID', 'BOOKING_IN_PAST', 'BOOKING_TAKEN'],
    description: 'A cart item checked and priced by the server, the court still free or held by the family’s own cart (taken over and held afresh).',
    tags,
  }),
  list: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/bookings', auth: 'customer', switches, query: bookingListQuerySchema, response: bookingListSchema, tags }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/bookings/cancel',
    auth: 'customer',
    switches,
    body: cancelBookingSchema,
    response: cancelBookingAnswerSchema,
    errors: ['CANCEL_CLOSED', 'ALREADY_CANCELLED'],
    tags,
  }),
};
