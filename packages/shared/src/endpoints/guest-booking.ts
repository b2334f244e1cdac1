import { idempotencyKeyHeaderSchema } from '../payment-schemas';
import { defineEndpoint } from '../endpoint';
import { CARD_PAYMENT_ERRORS, type ErrorCode } from '../error-codes';
import { availabilityQuerySchema, availabilitySchema } from '../bookings-schemas';
import {
  guestBookingAnswerSchema,
  guestBookingOptionsSchema,
  guestBookingRequestSchema,
  guestLinkAnswerSchema,
  guestLinkRequestSchema,
  guestQuoteAnswerSchema,
  guestQuoteRequestSchema,
} from '../guest-booking-schemas';

/**
 * The public booking page's calls (`/ob`, N37; decision 050): open to any visitor of the company's
 * portal where the company takes court bookings online and by card (otherwise 403
 * FEATURE_DISABLED, checked by the flow: it depends on the payment setup and the venues too).
 */
const tags = ['guest booking'];

/** The refusals of a court that cannot be booked as asked. */
const court: ErrorCode[] = ['BOOKING_UNKNOWN_COURT', 'BOOKING_OUTSIDE_WINDOW', 'BOOKING_NOT_ON_GRID', 'BOOKING_NOT_BOOKABLE', 'BOOKING_IN_PAST', 'CANNOT_PRICE'];

export const guestBookingEndpoints = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/ob/options',
    auth: 'company',
    response: guestBookingOptionsSchema,
    tags,
    description: 'What the public booking page offers: venues, booking types, the days open.',
  }),
  availability: defineEndpoint({
    method: 'GET',
    path: '/api/ob/availability',
    auth: 'company',
    query: availabilityQuerySchema,
    response: availabilitySchema,
    tags,
    description: "The day's start times with the courts free for the whole booking.",
  }),
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/ob/quote',
    auth: 'company',
    body: guestQuoteRequestSchema,
    response: guestQuoteAnswerSchema,
    errors: [...court, 'BOOKING_TAKEN'],
    tags,
    description: 'The court priced as the checkout prices it (tax, card surcharge). A court another family holds, or that is booked, is refused: 409 BOOKING_TAKEN naming court, venue, date and time.',
  }),
  book: defineEndpoint({
    method: 'POST',
    path: '/api/ob/book',
    auth: 'company',
    body: guestBookingRequestSchema,
    headers: idempotencyKeyHeaderSchema,
    response: guestBookingAnswerSchema,
    errors: [...court, 'BOOKING_TAKEN', 'CAPTCHA_REQUIRED', 'CAPTCHA_FAILED', 'IDEMPOTENCY_MISMATCH', ...CARD_PAYMENT_ERRORS],
    tags,
    description:
      'Books and pays for a court as a guest: one booking per Idempotency-Key header (16 to 100 letters, digits, "-" or "_"), a solved captcha, the card token. A card that asks for a challenge step answers payment.status "requires_action"; the same body goes again under the same key once it is decided.',
  }),
  booking: defineEndpoint({
    method: 'POST',
    path: '/api/ob/booking',
    auth: 'company',
    body: guestLinkRequestSchema,
    response: guestLinkAnswerSchema,
    tags,
    description: "The booking a guest's cancel link names (404 once cancelled).",
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/ob/cancel',
    auth: 'company',
    body: guestLinkRequestSchema,
    response: guestLinkAnswerSchema,
    errors: ['CANCEL_CLOSED'],
    tags,
    description: "Cancels a guest's booking before the cut-off and refunds its card.",
  }),
};
