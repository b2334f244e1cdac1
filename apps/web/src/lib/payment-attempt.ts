import { ApiRequestError } from './api-client';

/** A fresh Idempotency-Key for one payment attempt; retries of that attempt reuse it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Sends one payment attempt. When its answer was lost (502 "could not confirm") or the same
 * attempt is still being processed, it is sent again, same key and body: the server completes it
 * without charging twice.
 */
export async function sendPaymentAttempt<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (err) {
      const retryable = err instanceof ApiRequestError && (err.code === 'PAYMENT_UNCONFIRMED' || err.code === 'PAYMENT_IN_PROGRESS');
      if (!retryable || attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
