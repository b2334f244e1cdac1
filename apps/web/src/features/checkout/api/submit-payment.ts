import type { CheckoutRequest, PaymentAnswer } from '@portal/shared/payment-schemas';
import { api } from '@/lib/api-client';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

/** Pays for the cart, under the attempt's key (a lost answer is asked again, same key). */
export function submitPayment(body: CheckoutRequest, idempotencyKey: string): Promise<PaymentAnswer> {
  return sendPaymentAttempt(() => api<PaymentAnswer>('/api/payment/checkout', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }));
}
