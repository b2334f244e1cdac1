/**
 * Cart, quote, checkout, billing details and the simulated gateway's tokenisation: every request
 * and answer of the payment area (decision 024). Prices never travel from the browser: the cart
 * names what is bought, and unknown keys (a price a client adds) are stripped by these schemas.
 */
import { z } from 'zod';
import { idField } from './api-schemas.ts';
import { messages } from './messages.ts';
import { PAYMENT_TYPES } from './payment/payment-setup.ts';
import { quoteSchema } from './pricing/quote-schema.ts';
import { instalmentOfferSchema } from './pricing/instalments.ts';
import { bookingRequestSchema } from './bookings-schemas.ts';

/** The number the new invoice (classes, bookings) is quoted under until checkout writes it. */
export const NEW_INVOICE_NO = 'NEW';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date yyyy-MM-dd');
const invoiceNo = z.string().trim().min(1).max(40);

/** What names a class in a cart or a registration, besides whose place it is. */
export const classChoiceFields = {
  ClassID: idField,
  /** Session dates chosen; empty for the whole remaining term. */
  dates: z.array(isoDate).max(60).default([]),
  /** Casual: the chosen sessions only; full: the term from the first date. */
  casual: z.boolean().default(false),
};

export const cartClassItemSchema = z.object({ StudentID: idField, ...classChoiceFields });
export type CartClassItemInput = z.infer<typeof cartClassItemSchema>;

export const cartMessages = { classTwice: 'This class is in the cart twice for the same student.' } as const;

/** What names a place in a cart: the class, the student, and for one session its date. */
interface CartPlace {
  ClassID: number;
  StudentID: number;
  casual?: boolean | undefined;
  dates: readonly string[];
}

/**
 * Whether two cart items ask for the same place: one student in one class, for the term (which
 * holds every session) or for one casual session twice. Two sessions of one class are two places.
 */
export function sameCartPlace(a: CartPlace, b: CartPlace): boolean {
  if (a.ClassID !== b.ClassID || a.StudentID !== b.StudentID) return false;
  return !a.casual || !b.casual || a.dates.some((d) => b.dates.includes(d));
}

/** A cart's classes, each place once (the server would otherwise charge for a place it then finds taken by the cart itself). */
const cartClassItemsSchema = z
  .array(cartClassItemSchema)
  .max(30)
  .default([])
  .superRefine((items, ctx) => {
    const at = items.findIndex((item, i) => items.slice(0, i).some((earlier) => sameCartPlace(earlier, item)));
    if (at >= 0) ctx.addIssue({ code: 'custom', path: [at], message: cartMessages.classTwice });
  });

/** A court booking as the bookings pages put it in the cart (decision 025's booking request). */
export const cartBookingItemSchema = bookingRequestSchema;
export type CartBookingItemInput = z.infer<typeof cartBookingItemSchema>;

export const discountCodeEntrySchema = z.object({
  invoiceNo,
  discountCode: z.string().trim().min(1, 'Please enter a discount code').max(40),
});

export const PAYMENT_METHODS = ['card', 'direct_debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the browser's cart holds, as the quote and checkout take it. */
export const cartRequestSchema = z.object({
  classItems: cartClassItemsSchema,
  bookingItems: z.array(cartBookingItemSchema).max(30).default([]),
  /** Existing invoices paid through the invoice checkout, each once. */
  invoices: z
    .array(invoiceNo)
    .max(30)
    .default([])
    .refine((list) => new Set(list).size === list.length, 'An invoice can be paid once per payment'),
  discountCodes: z.array(discountCodeEntrySchema).max(10).default([]),
  /** Customer credits selected, used in this order. */
  creditIds: z.array(idField).max(20).default([]),
  paymentMethod: z.enum(PAYMENT_METHODS).default('card'),
  /** Pay for the classes in instalments, on the company's terms (decision 105): the deposit now, the rest collected later. */
  instalments: z.boolean().optional(),
  /** The registration profile the classes were chosen under (casual enrolments depend on it). */
  ocrProfileId: idField.nullable().default(null),
});
export type CartRequest = z.input<typeof cartRequestSchema>;

export const quoteAnswerSchema = quoteSchema.extend({
  currencySymbol: z.string(),
  /** Whether the company takes card payments online now (PaymentGatewayEnabled and a known provider). */
  cardPaymentsAvailable: z.boolean(),
  /** Where the company's processor is Stripe: its publishable key, with which the page loads Stripe.js (decision 103); null for the embedded gateway. */
  stripePublishableKey: z.string().nullable().default(null),
  /** Where the company's terms allow this cart to be paid in instalments: the schedule (the first paid now); null otherwise. */
  instalmentOffer: instalmentOfferSchema.nullable().optional(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** POST /webhooks/<provider>/<company code>: the event taken (decision 103); `duplicate` when it was applied before. */
export const processorWebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const customerCreditSchema = z.object({ CreditID: z.number(), Description: z.string(), AmountCents: z.number().int(), CreatedAt: z.string() });
export const customerCreditsAnswerSchema = z.object({ credits: z.array(customerCreditSchema) });
export type CustomerCreditItem = z.infer<typeof customerCreditSchema>;

/** A token from the gateway's own tokenisation route, or a payment method Stripe.js made (card numbers never reach the portal). */
export const cardTokenField = z.string().regex(/^(tok|pm)_[A-Za-z0-9]{8,64}$/, 'Invalid card token');

/**
 * PUT /api/payment/cart-holds: the classes and courts the cart holds places for (decision 095).
 * `cartId` names the browser's cart (decision 137): the places it no longer lists are given back
 * only where this cart held them, never those the family's other device holds.
 */
export const cartHoldsRequestSchema = cartRequestSchema.pick({ classItems: true, bookingItems: true, ocrProfileId: true }).extend({
  cartId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid cart id')
    .optional()
    .describe('The browser cart this request speaks for (a random id kept with the cart); without it, only holds made without one are given back.'),
});
export type CartHoldsRequest = z.input<typeof cartHoldsRequestSchema>;

const heldUntil = z.string().describe('When the hold lapses (an instant); a place is held once, asking again never stretches it.');
export const cartHoldsAnswerSchema = z.object({
  classes: z.array(
    z.object({
      ClassID: idField,
      StudentID: idField,
      heldUntil,
      casual: z.boolean().describe('One session’s place (a casual enrolment), not the term’s.'),
      date: z.string().nullable().describe('That session’s date (yyyy-MM-dd); null for the term.'),
    }),
  ),
  courts: z.array(bookingRequestSchema.extend({ heldUntil })),
  /** Items no place could be held for (the class full, the court taken), each with the message to show. */
  refused: z.array(
    z.object({
      ClassID: idField.optional(),
      StudentID: idField.optional(),
      /** The session a casual item asked for; null for the term. */
      date: z.string().nullable().optional(),
      booking: bookingRequestSchema.optional(),
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type CartHoldsAnswer = z.infer<typeof cartHoldsAnswerSchema>;

export const checkoutRequestSchema = cartRequestSchema.extend({
  /** A new card, tokenised by the gateway in the browser. */
  cardToken: cardTokenField.optional(),
  /** Pay with the card saved under billing details. */
  useSavedCard: z.boolean().default(false),
  /** Keep the new card under billing details after a successful payment. */
  saveCard: z.boolean().default(false),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeyHeaderSchema = z.object({
  [IDEMPOTENCY_HEADER]: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_"'),
});

/** What the customer is told when a payment's holds run out before it went through. */
export const HOLD_EXPIRED_MESSAGE = 'Your time to pay has run out and the places and courts held for you have been released. Please start again.';

export const paymentAnswerSchema = z.object({
  PaymentID: z.number(),
  status: z.enum(['completed', 'requires_action']),
  amountCents: z.number().int(),
  currencySymbol: z.string(),
  processor: z.string(),
  reference: z.string().nullable(),
  invoiceNos: z.array(z.string()),
  receiptNo: z.string().nullable(),
  /** The card charged as a family reads it ("Visa •••• 4242"); null when no card was charged. */
  card: z.string().nullable().default(null),
  /** What was bought: the rows of the order as the checkout showed them. */
  items: z.array(z.object({ description: z.string(), amountCents: z.number().int() })).default([]),
  /** A challenge step the card holder completes at the gateway before the payment goes through. */
  challenge: z.object({ id: z.string(), amountCents: z.number().int() }).nullable(),
  /** While a challenge step is open: when the places and courts held for this payment are let go (ISO instant); null when nothing is held. */
  holdExpiresAt: z.string().nullable().default(null),
  /** Paid in instalments (decision 105): the ones still to come, with their dates, as a sentence the family reads. */
  instalmentsNote: z.string().nullable().optional(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

// ---- Billing details (K14–K19) ----

export const BANK_FORMATS = ['AU', 'UK', 'US'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

/** The labels of the bank code each format asks for. */
export const BANK_CODE_LABELS: Record<BankFormat, string> = { AU: 'BSB', UK: 'Sort code', US: 'Routing number' };

export const paymentDetailsSchema = z.object({
  PaymentType: z.enum(PAYMENT_TYPES),
  /** What the payment type lets the customer keep on file (K19). */
  offersCard: z.boolean(),
  offersBank: z.boolean(),
  bankFormat: z.enum(BANK_FORMATS),
  card: z.object({ brand: z.string(), last4: z.string(), expiry: z.string() }).nullable(),
  /** Whether instalments still to come are charged to the saved card (decision 105): removing or replacing it stops that. */
  instalmentsOnCard: z.boolean(),
  /** Whether invoices wait to be collected from the bank account on file: removing or replacing it leaves them to pay online. */
  debitsScheduled: z.boolean(),
  bank: z
    .object({
      AccountName: z.string(),
      BankCode: z.string(),
      AccountNumber: z.string(),
      /** A mandate at the direct-debit provider (GoCardless): the bank's name (no sort code is kept) and where the mandate stands. */
      BankName: z.string().optional(),
      MandateStatus: z.enum(['pending', 'active']).optional(),
    })
    .nullable(),
  /**
   * How the family sets up direct debit (decision 104): the portal's bank form, GoCardless's
   * hosted pages, or not online (a provider not built yet, or not connected): `message` says so.
   */
  bankSetup: z.object({ via: z.enum(['form', 'gocardless', 'unavailable']), message: z.string().nullable() }).optional(),
  /** Where the company's processor is Stripe: its publishable key, for the card form (decision 103). */
  stripePublishableKey: z.string().nullable().optional(),
  /**
   * A card being saved whose bank asks for 3-D Secure first (Stripe's SetupIntent): the page
   * finishes the step with Stripe.js and sends the same card again; the card is not saved yet.
   */
  cardAction: z.object({ clientSecret: z.string() }).nullable().optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const saveCardSchema = z.object({ token: cardTokenField });

/** Starting a mandate on the direct-debit provider's hosted pages: where the family comes back to (an origin the portal trusts). */
export const directDebitStartSchema = z.object({ returnOrigin: z.string().max(200).optional(), returnTo: z.enum(['billing', 'payment']).default('billing') });
export const directDebitStartAnswerSchema = z.object({ authorisationUrl: z.string() });
/** What the portal shows as the mandate is looked up after the hosted pages: set up, or not yet confirmed by the provider. */
export const DIRECT_DEBIT_SET_UP = 'Your Direct Debit has been set up.';
export const DIRECT_DEBIT_NOT_YET = 'GoCardless has not confirmed your Direct Debit yet. It will show here once it has.';
export const DIRECT_DEBIT_CANCELLED = 'Direct Debit set-up was cancelled. Nothing has changed.';

/** A number of `min` to `max` digits; left empty it is named as required, like every other field of the form. */
const digits = (name: string, min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, `${name} is required`))
    .pipe(z.string().regex(/^\d*$/, messages.numbersOnly).min(min, message).max(max, message));

/** The bank code and account number each format takes; separators and spaces are dropped. */
export const BANK_RULES: Record<BankFormat, { code: ReturnType<typeof digits>; account: ReturnType<typeof digits> }> = {
  AU: { code: digits('BSB', 6, 6, 'BSB must be 6 digits'), account: digits('Account number', 5, 9, 'Account number must be 5 to 9 digits') },
  UK: { code: digits('Sort code', 6, 6, 'Sort code must be 6 digits'), account: digits('Account number', 8, 8, 'Account number must be 8 digits') },
  US: { code: digits('Routing number', 9, 9, 'Routing number must be 9 digits'), account: digits('Account number', 4, 17, 'Account number must be 4 to 17 digits') },
};

export function bankDetailsSchemaFor(format: BankFormat) {
  return z.object({
    AccountName: z.string().trim().min(1, 'Account name is required').max(100),
    BankCode: BANK_RULES[format].code,
    AccountNumber: BANK_RULES[format].account,
  });
}
/** The body as sent; the route checks it again against the company's format. */
export const bankDetailsRequestSchema = z.object({ AccountName: z.string().max(200), BankCode: z.string().max(40), AccountNumber: z.string().max(40) });
export type BankDetailsRequest = z.input<typeof bankDetailsRequestSchema>;

// ---- Card form (browser) and the simulated gateway's tokenisation route ----

/**
 * The expiry field as typed: digits only, a slash inserted right after the two month digits
 * ("122030" → "12/2030", K16, S18); while deleting (`previous` longer) the slash is not put back.
 */
export function formatExpiryInput(raw: string, previous = ''): string {
  const numbers = raw.replace(/\D/g, '').slice(0, 6);
  if (numbers.length < 2) return numbers;
  if (numbers.length === 2) return raw.length < previous.length ? numbers : `${numbers}/`;
  return `${numbers.slice(0, 2)}/${numbers.slice(2)}`;
}

/**
 * A year of two digits, as cards print it ("12/30"), read as 20YY ("12/2030"): the field asks for
 * MM/YYYY (K16, S18) and takes the card's own way of writing it too. Anything else is left as it is.
 */
export function fullExpiryYear(expiry: string): string {
  const short = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  return short ? `${short[1]}/20${short[2]}` : expiry;
}

export const cardFormSchema = z.object({
  name: z.string().trim().min(1, 'Name on card is required').max(100),
  number: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().min(1, 'Card number is required').regex(/^\d+$/, messages.numbersOnly).min(12, 'Your card number is incorrect').max(19, 'Your card number is incorrect')),
  expiry: z
    .string()
    .trim()
    .min(1, 'Expiry is required')
    .transform(fullExpiryYear)
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'Expiry must be MM/YYYY')),
  cvc: z
    .string()
    .trim()
    .pipe(z.string().min(1, 'Security code is required'))
    .pipe(z.string().regex(/^\d{3,4}$/, 'Security code must be 3 or 4 digits')),
});
export type CardForm = z.input<typeof cardFormSchema>;

export const gatewayTokenRequestSchema = z.object({
  number: z.string().regex(/^\d{12,19}$/, 'Your card number is incorrect'),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Your card’s security code is invalid'),
  name: z.string().max(100).optional(),
});
export const gatewayTokenAnswerSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
});
export type GatewayTokenRequest = z.input<typeof gatewayTokenRequestSchema>;
export type GatewayToken = z.infer<typeof gatewayTokenAnswerSchema>;

export const gatewayChallengeSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'approved', 'failed']),
});
export type GatewayChallenge = z.infer<typeof gatewayChallengeSchema>;
export const gatewayChallengeDecisionSchema = z.object({ approve: z.boolean() });
