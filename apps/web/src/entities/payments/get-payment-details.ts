import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentDetails } from '@portal/shared/payment-schemas';
import { call } from '@/lib/call';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';

/** The card or bank account kept on file (K14); read by billing settings and by the payment page. */
export function getPaymentDetails(signal?: AbortSignal): Promise<PaymentDetails> {
  return call(paymentEndpoints.paymentDetails, { signal });
}

export function getPaymentDetailsQueryOptions() {
  return queryOptions({ queryKey: ['payment-details'], queryFn: ({ signal }) => getPaymentDetails(signal) });
}

export function usePaymentDetails(enabled = true) {
  return useQuery({ ...getPaymentDetailsQueryOptions(), enabled });
}
