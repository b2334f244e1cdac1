import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetailsAnswer, CustomerRecord } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';

export async function getDetails(): Promise<CustomerRecord> {
  return (await api<CustomerDetailsAnswer>('/api/customer/get-details')).client;
}

export const detailsQueryOptions = queryOptions({ queryKey: ['customer', 'details'], queryFn: getDetails });

/** The signed-in customer's record (K6). */
export function useDetails() {
  return useQuery(detailsQueryOptions);
}
