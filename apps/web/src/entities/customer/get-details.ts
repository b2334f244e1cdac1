import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerRecord } from '@portal/shared/my-details-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

export async function getDetails(): Promise<CustomerRecord> {
  return (await call(accountEndpoints.details)).client;
}

export const detailsQueryOptions = queryOptions({ queryKey: ['customer', 'details'], queryFn: getDetails });

/** The signed-in customer's record (K6). */
export function useDetails() {
  return useQuery(detailsQueryOptions);
}
