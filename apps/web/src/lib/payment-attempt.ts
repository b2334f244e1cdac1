import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { ApiRequestError, errorMessage, isNoAnswer } from './api-client';

/** A fresh Idempotency-Key for one payment attempt; retries of that attempt reuse it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The waits before asking again how an attempt whose answer was lost ended (the connection dropped). */
const LOST_ANSWER_WAITS_MS = [1_000, 2_500];

/**
 * Sends one payment attempt. When no answer came back (the connection dropped), its answer was
 * lost (502 "could not confirm") or the same attempt is still being processed, it is sent again,
 * same key and body, up to three times in all: the server answers how that attempt ended and
 * completes it without charging twice (decision 024). The last failure is thrown.
 */
export async function sendPaymentAttempt<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (err) {
      const lost = isNoAnswer(err);
      const unconfirmed = err instanceof ApiRequestError && (err.code === 'PAYMENT_UNCONFIRMED' || err.code === 'PAYMENT_IN_PROGRESS');
      if (!(lost || unconfirmed) || attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, lost ? LOST_ANSWER_WAITS_MS[attempt - 1] : 500 * attempt));
    }
  }
}

/**
 * The attempt's outcome is not known: no answer came (the connection dropped), the server failed
 * (5xx), or the payment could not be confirmed or is still being processed. The server may have
 * kept it, so it is sent again as it stands, same key and body; a new key would be refused as a
 * second submission.
 */
export function outcomeUnknown(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return true;
  return err.status >= 500 || err.code === 'PAYMENT_UNCONFIRMED' || err.code === 'PAYMENT_IN_PROGRESS';
}

/** What a payment page says when an attempt failed: the server's words, or for a lost answer that paying again is safe. */
export function attemptErrorMessage(err: unknown): string {
  if (err instanceof ApiRequestError) return errorMessage(err);
  return 'We could not confirm your payment. Please try again: you will not be charged twice.';
}

/** The card's challenge step while it is open: its id, what it confirms, and until when the places are held. */
export interface OpenChallenge {
  id: string;
  amountCents: number;
  holdUntil: number | null;
}

/** The challenge step a payment answer asks for, or null when the payment needs none. */
export function openChallengeOf(payment: Pick<PaymentAnswer, 'status' | 'challenge' | 'holdExpiresAt'> | null | undefined): OpenChallenge | null {
  if (payment?.status !== 'requires_action' || !payment.challenge) return null;
  const { id, amountCents } = payment.challenge;
  return { id, amountCents, holdUntil: payment.holdExpiresAt ? Date.parse(payment.holdExpiresAt) : null };
}
