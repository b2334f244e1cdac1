import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AmountOwed } from '@portal/shared/home-schemas';
import { call } from '@/lib/call';
import { homeEndpoints } from '@portal/shared/endpoints/home';

/** What the family owes and can pay online now: its Unpaid and Overdue invoices, Overdue first (decision 072). */
export function getAmountOwed(signal?: AbortSignal): Promise<AmountOwed> {
  return call(homeEndpoints.amountOwed, { signal });
}

export function getAmountOwedQueryOptions() {
  return queryOptions({ queryKey: ['amount-owed'], queryFn: ({ signal }) => getAmountOwed(signal) });
}

export function useAmountOwed(enabled = true) {
  return useQuery({ ...getAmountOwedQueryOptions(), enabled });
}
