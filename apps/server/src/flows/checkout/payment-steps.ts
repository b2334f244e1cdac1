import type { Instalment } from '@portal/shared/pricing/instalments';
import type { ErrorCode } from '@portal/shared/error-codes';
import { createHash } from 'node:crypto';
import type { checkoutRequestSchema, cartRequestSchema } from '@portal/shared/payment-schemas';
import { paymentAnswerSchema, type PaymentAnswer } from '@portal/shared/payment-schemas';
import type { Quote } from '@portal/shared/pricing/quote-schema';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { PaymentFaults } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyTimeZone, localNow } from '../../lib/time.ts';
import type { PaymentRow } from '../../modules/payments/payments.api.ts';

// What the checkout's steps share: the request kept with a payment, its holds, its answer.
export type Cart = z.output<typeof cartRequestSchema>;
export type Checkout = z.output<typeof checkoutRequestSchema>;

/** How long a process owns a payment it is working on before another may take it over. */
export const LEASE_SECONDS = 30;
/** How long a second submission of the same key waits for the first to finish. */
export const WAIT_FOR_FIRST_MS = 20_000;

/** A test's hooks that stop a process at a given step (decision 024): kept on the context it hands in. */
export function setPaymentFaults(ctx: Ctx, value: PaymentFaults | undefined) {
  ctx.faults = value;
}

export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);

/** The company's date at `at` (the request's clock). */
export function companyToday(company: Company, at: Date): string {
  return localNow(companyTimeZone(company.settings.localization), at).date;
}

export interface StoredRequest {
  body: Checkout;
  /** The gateway token charged (a new card's, or the saved card's). */
  chargeToken: string | null;
  /** The new card as the receipt names it ("Visa •••• 4242"), from the check of its token; read from the gateway when absent. */
  card?: string;
  /** The guardian who paid (decision 101): their receipt goes to their own address too. */
  guardianId?: number | null;
  /** That guardian's name ("Margaret Mitchell"): the family's receipt and notification say who paid. */
  payerName?: string;
  /** By direct debit with the family's GoCardless mandate still to be set up (a registration's, decision 104). */
  mandateToFollow?: boolean;
}

/** What a payment holds while it charges, given back if it fails. */
export interface Holds {
  bookingHoldToken: string | null;
  enrolmentIds: number[];
  /** When the first of the holds lapses; null when nothing is held. */
  expiresAt?: string | null;
  /** The places and courts the cart held before the checkout took them over: a failed charge gives them back to the cart, not away. */
  fromCart?: { enrolmentIds: number[]; bookingIds: number[] };
}
export interface StoredQuote {
  quote: Quote;
  holds: Holds;
  /** The cart paid in instalments (decision 105): the schedule, the first charged now. */
  instalments?: Instalment[] | null;
}

export type StoredResult = { ok: true; answer: PaymentAnswer } | { ok: false; status: number; code: ErrorCode; message: string };

export function hashOf(body: Checkout): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export const gatewayKey = (payment: { id: number }) => `payment-${payment.id}`;

/** The processor of a payment collected by direct debit from the bank details on file: no card charge, the invoice Debit Scheduled. */
export const DIRECT_DEBIT = 'direct_debit';

export function replay(row: PaymentRow): PaymentAnswer {
  const stored = JSON.parse(row.result ?? 'null') as StoredResult | null;
  if (!stored) throw new Error(`payment ${row.id} has no result`);
  if (!stored.ok) throw new AppError(stored.status, stored.code, stored.message);
  // Parsed: an answer stored before the card and the items were recorded reads them as none.
  return paymentAnswerSchema.parse(stored.answer);
}
