import { z } from 'zod';
import { idField, pagedShape } from './api-schemas.ts';
import { hoursText } from './date-time-text.ts';

/** Court and venue bookings (G1–G7, gap U7, decision 025). Money in cents, dates yyyy-MM-dd, times HH:mm. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date yyyy-MM-dd');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time HH:mm');

export const bookingMessages = {
  notBookable: 'This booking type cannot be booked at this venue.',
  outsideWindow: 'Choose a day from today to the last day open for booking.',
  notOnGrid: 'Choose one of the times offered.',
  closed: 'The venue is not open for the whole booking.',
  past: 'That time has already passed.',
  /** In the company's word for a court (G4, X19): "lane" at a swim school. */
  unknownCourt: (court: string) => `Choose one of the venue’s ${court.toLowerCase()}s.`,
  taken: (court: string) => `Sorry, that ${court.toLowerCase()} has just been booked. Please choose another time or ${court.toLowerCase()}.`,
  /** A court of the cart named (court, venue, date and time), as the checkout marks its line. */
  takenNamed: (what: string, court: string) => `Sorry, ${what} has just been booked. Please choose another time or ${court.toLowerCase()}.`,
  /** A court of the cart the family has booked meanwhile (paid for on another device): its own, not someone else's. */
  bookedByFamily: (what: string) => `${what} is already booked for your family: it is in My bookings. Please remove it from your cart.`,
  bookedByFamilySeveral: (whats: string[], court: string) =>
    `These ${court.toLowerCase()}s are already booked for your family: ${whats.join('; ')}. They are in My bookings. Please remove them from your cart.`,
  takenSeveral: (whats: string[], court: string) => `Sorry, these ${court.toLowerCase()}s have just been booked: ${whats.join('; ')}. Please choose other times or ${court.toLowerCase()}s.`,
  cancelClosed: (hours: number) => `Bookings can be cancelled online until ${hoursText(hours)} before they start.`,
  notFound: 'Booking not found',
  /** Asked again (a second tab, a retry after a lost answer): what happened, not "not found". */
  alreadyCancelled: 'This booking is already cancelled.',
} as const;

/** GET /api/bookings/options: what the add-booking form offers. */
export const bookingOptionsSchema = z.object({
  today: isoDate,
  lastDay: isoDate,
  timeInterval: z.number().int(),
  cancelCutoffHours: z.number().int(),
  venues: z.array(z.object({ VenueID: z.number(), Name: z.string(), Address: z.string(), Courts: z.array(z.string()) })),
  bookingTypes: z.array(
    z.object({
      BookingTypeID: z.number(),
      Name: z.string(),
      DurationMinutes: z.number(),
      PriceCents: z.number(),
      /**
       * At each venue that offers the type, the least and most a booking costs before tax at the
       * times it can start there, priced as the checkout prices it (time-scale bands, H18).
       */
      PriceRanges: z.array(z.object({ VenueID: z.number(), LowestPriceCents: z.number(), HighestPriceCents: z.number() })),
      VenueIDs: z.array(z.number()),
    }),
  ),
});
export type BookingOptions = z.infer<typeof bookingOptionsSchema>;

export const availabilityQuerySchema = z.object({
  venue_id: z.coerce.number().int().positive().max(2_147_483_647),
  booking_type_id: z.coerce.number().int().positive().max(2_147_483_647),
  date: isoDate,
});

/** GET /api/bookings/availability: every start time on the TimeInterval grid with the courts free for the whole duration. */
export const availabilitySchema = z.object({
  date: isoDate,
  venueId: z.number(),
  bookingTypeId: z.number(),
  durationMinutes: z.number(),
  priceCents: z.number(),
  /** Each start time with the courts free and what a booking then costs before tax (the time scale's rate where a band covers it, H18). */
  slots: z.array(z.object({ time: clock, endTime: clock, freeCourts: z.array(z.string()), priceCents: z.number() })),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A booking as the cart holds it and as checkout sends it back (H, decision 025). */
export const bookingRequestSchema = z.object({
  venue_id: idField,
  booking_type_id: idField,
  date: isoDate,
  time: clock,
  court: z.string().trim().min(1).max(100),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** POST /api/bookings/check: a cart item checked and priced by the server, the court still free. */
export const checkedBookingSchema = z.object({
  item: z.object({
    venue_id: z.number(),
    booking_type_id: z.number(),
    date: isoDate,
    time: clock,
    endTime: z.string(),
    court: z.string(),
    venue: z.string(),
    bookingType: z.string(),
    durationMinutes: z.number(),
    priceCents: z.number().int(),
    description: z.string(),
  }),
});
export type CheckedBookingAnswer = z.infer<typeof checkedBookingSchema>;
export type CheckedBooking = CheckedBookingAnswer['item'];

export const BOOKING_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export const bookingListQuerySchema = z.object({
  filter: z.enum(BOOKING_FILTERS).default('upcoming'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const bookingSchema = z.object({
  BookingID: z.number(),
  date: isoDate,
  time: clock,
  endTime: clock,
  durationMinutes: z.number(),
  venueId: z.number(),
  venue: z.string(),
  court: z.string(),
  bookingType: z.string(),
  price: z.number().int(),
  status: z.enum(['Confirmed', 'Cancelled']),
  invoiceNumber: z.string().nullable(),
  /** Until when (ISO instant) it can be cancelled online; null when it cannot be any more. */
  cancelBy: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListSchema = z.object({ ...pagedShape, total_count: z.number(), bookings: z.array(bookingSchema) });
export type BookingList = z.infer<typeof bookingListSchema>;

export const cancelBookingSchema = z.object({ booking_id: idField });
export const cancelBookingAnswerSchema = z.object({ success: z.literal(true), booking: bookingSchema });
export type CancelBookingAnswer = z.infer<typeof cancelBookingAnswerSchema>;
