import type { PaymentDetails } from '@portal/shared/payment-schemas';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';
import { call } from '@/lib/call';

/** Starts a mandate on GoCardless's hosted pages: the answer is where the browser goes next (decision 104). */
export function startDirectDebit(returnTo: 'billing' | 'payment'): Promise<{ authorisationUrl: string }> {
  return call(paymentEndpoints.startDirectDebit, { body: { returnOrigin: window.location.origin, returnTo } });
}

/** Back from the hosted pages: the mandate set up there becomes the bank details, once GoCardless has it. */
export function finishDirectDebit(): Promise<PaymentDetails> {
  return call(paymentEndpoints.finishDirectDebit);
}
