import type { CheckoutRequest, PaymentAnswer } from '@portal/shared/payment-schemas';
import { call } from '@/lib/call';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

/** Pays for the cart, under the attempt's key (a lost answer is asked again, same key). */
export function submitPayment(body: CheckoutRequest, idempotencyKey: string): Promise<PaymentAnswer> {
  return sendPaymentAttempt(() => call(paymentEndpoints.checkout, { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}
