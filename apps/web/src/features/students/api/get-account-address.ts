import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetailsAnswer } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';

/** The account holder's address, which "Use your address" shows on a student (E15). */
export function getAccountAddressQueryOptions() {
  return queryOptions({
    queryKey: ['customer', 'details'],
    queryFn: () => api<CustomerDetailsAnswer>('/api/customer/get-details'),
    select: (answer) => ({
      Address1: answer.client.Address1 ?? null,
      Address2: answer.client.Address2 ?? null,
      Suburb: answer.client.Suburb ?? null,
      State: answer.client.State ?? null,
      Postcode: answer.client.Postcode ?? null,
    }),
  });
}

export function useAccountAddress() {
  return useQuery(getAccountAddressQueryOptions());
}
