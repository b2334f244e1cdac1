import type { CheckoutRequest, PaymentAnswer } from '@portal/shared/payment-schemas';
import { api, ApiRequestError } from '@/lib/api-client';

/** A fresh Idempotency-Key for one payment attempt; retries of that attempt reuse it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Pays for the cart. When the gateway's answer was lost (502) the same attempt is sent again
 * with the same key: the server completes the order without charging twice.
 */
export async function submitPayment(body: CheckoutRequest, idempotencyKey: string): Promise<PaymentAnswer> {
  const send = () => api<PaymentAnswer>('/api/payment/checkout', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
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
