import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { detailsQueryOptions } from '@/entities/customer/get-details';
import { useCan } from '@/entities/customer/identity';

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

/** Asked only of a role that reads the family's details (decision 124): a viewer opening a student asks nothing it would be refused. */
export function useAccountAddress() {
  return useQuery({ ...getAccountAddressQueryOptions(), enabled: useCan(accountEndpoints.details) });
}
