import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';

export function getCustomerCredits(signal?: AbortSignal) {
  return call(paymentEndpoints.credits, { signal });
}

export function getCustomerCreditsQueryOptions() {
  return queryOptions({ queryKey: ['customer-credits'], queryFn: ({ signal }) => getCustomerCredits(signal) });
}

export function useCustomerCredits() {
  return useQuery(getCustomerCreditsQueryOptions());
}
