import { z } from 'zod';
import { emailField } from './auth-schemas.ts';
import { bookingOptionsSchema, bookingRequestSchema } from './bookings-schemas.ts';
import { captchaTokenField, contactMessages } from './contact-schemas.ts';
import { messages } from './messages.ts';
import { formatCents } from './pricing/money.ts';
import { cardTokenField, gatewayTokenRequestSchema, paymentAnswerSchema, quoteAnswerSchema } from './payment-schemas.ts';

/**
 * The public booking page (`/ob?id={customer id}`, N37; decision 050): a guest books and pays for
 * a court without an account. The same venues, slots, prices, holds and checkout as the hub's
 * bookings; the guest's name, e-mail and phone instead of a sign-in; a solved captcha before
 * anything is held; a confirmation e-mail with a link to cancel before the cut-off.
 */
export const guestBookingMessages = {
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Enter a phone number of 6 to 20 digits',
  captchaRequired: contactMessages.captchaRequired,
  captchaFailed: contactMessages.captchaFailed,
  bookingsClosed: 'Online booking is not available',
  cancelled: 'Your booking has been cancelled.',
  linkInvalid: 'This link is not valid or the booking has already been cancelled.',
  confirmationSubject: (company: string) => `Your booking with ${company}`,
  /** A cancelled booking's refund, with the amount the card was charged where it is known; null for a free court (nothing charged). */
  refunded: (paidCents: number | null, symbol: string): string | null =>
    paidCents === 0 ? null : `${paidCents ? `The ${formatCents(paidCents, symbol)} you paid is` : 'Your payment is'} refunded to the card you paid with; it can take a few days to appear.`,
} as const;

/** GET /api/ob/options: what the page offers, and whether cards are taken. */
export const guestBookingOptionsSchema = bookingOptionsSchema.extend({ cardPaymentsAvailable: z.boolean() });
export type GuestBookingOptions = z.infer<typeof guestBookingOptionsSchema>;

/** POST /api/ob/quote: the court priced as the checkout prices it. */
export const guestQuoteRequestSchema = z.object({ booking: bookingRequestSchema });
export const guestQuoteAnswerSchema = quoteAnswerSchema;

export const guestDetailsSchema = z.object({
  FirstName: z.string({ error: messages.firstNameRequired }).trim().min(1, messages.firstNameRequired).max(60),
  LastName: z.string({ error: messages.lastNameRequired }).trim().min(1, messages.lastNameRequired).max(60),
  Email: emailField,
  Phone: z
    .string({ error: guestBookingMessages.phoneRequired })
    .trim()
    .min(1, guestBookingMessages.phoneRequired)
    .regex(/^\+?[\d\s()-]+$/, guestBookingMessages.phoneInvalid)
    .refine((v) => /^\d{6,20}$/.test(v.replace(/\D/g, '')), guestBookingMessages.phoneInvalid),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/** The simulated gateway's tokenisation for a guest: the token is no one's until the booking is paid with it. */
export const guestCardTokenRequestSchema = gatewayTokenRequestSchema;

/**
 * POST /api/ob/book with an Idempotency-Key: one court, the guest's details, the solved captcha
 * (base64 of its JSON, or the object) and the card token. A retry with the same key and body
 * answers the same booking (no new captcha needed); after a declined card the next card goes under
 * a new key with the same solved captcha (decision 082); a challenge step answers "requires_action"
 * and the same request is sent again once the card holder approved it.
 */
export const guestBookingRequestSchema = z.strictObject({
  booking: bookingRequestSchema,
  guest: guestDetailsSchema,
  captcha: captchaTokenField,
  cardToken: cardTokenField.optional(),
});
export type GuestBookingRequest = z.input<typeof guestBookingRequestSchema>;

export const guestBookingSchema = z.object({
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  venue: z.string(),
  court: z.string(),
  bookingType: z.string(),
  priceCents: z.number().int(),
  /** The latest instant it can be cancelled online (ISO); null once past or cancelled. */
  cancelBy: z.string().nullable(),
  status: z.enum(['Confirmed', 'Cancelled']),
  guestName: z.string(),
  /** Booked after online cancelling had closed for it (inside CancelCutoffHours of its start): it never could be cancelled online. */
  bookedInsideCutoff: z.boolean(),
  /** What the card was charged (tax included), the amount a cancel refunds; null where no completed payment is recorded. */
  paidCents: z.number().int().nullable(),
});
export type GuestBooking = z.infer<typeof guestBookingSchema>;

export const guestBookingAnswerSchema = z.object({
  success: z.literal(true),
  payment: paymentAnswerSchema,
  /** Present once paid. */
  booking: guestBookingSchema.nullable(),
  /** The link that cancels the booking, answered to the request that confirmed it (and mailed); null otherwise. */
  cancelUrl: z.string().nullable(),
});
export type GuestBookingAnswer = z.infer<typeof guestBookingAnswerSchema>;

/** POST /api/ob/booking and /api/ob/cancel: the booking named by the link's token. */
export const guestLinkRequestSchema = z.object({ token: z.string().min(20).max(200) });
export const guestLinkAnswerSchema = z.object({ success: z.literal(true), booking: guestBookingSchema, message: z.string().optional() });
export type GuestLinkAnswer = z.infer<typeof guestLinkAnswerSchema>;
