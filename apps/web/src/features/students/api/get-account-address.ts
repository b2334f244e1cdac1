import { queryOptions, useQuery } from '@tanstack/react-query';
import { detailsQueryOptions } from '@/entities/customer/get-details';

/** The account holder's address, which "Use your address" shows on a student (E15): My Details' record, the same cache entry. */
export function getAccountAddressQueryOptions() {
  return queryOptions({
    ...detailsQueryOptions,
    select: (client) => ({
      Address1: client.Address1 ?? null,
      Address2: client.Address2 ?? null,
      Suburb: client.Suburb ?? null,
      State: client.State ?? null,
      Postcode: client.Postcode ?? null,
    }),
  });
}

export function useAccountAddress() {
  return useQuery(getAccountAddressQueryOptions());
}
