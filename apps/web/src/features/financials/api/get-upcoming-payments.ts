import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortOrder, UpcomingPayments } from '@portal/shared/financials-schemas';
import { call } from '@/lib/call';
import { financialEndpoints } from '@portal/shared/endpoints/financials';

export function getUpcomingPayments(params: { sort: SortOrder; page: number }, signal?: AbortSignal): Promise<UpcomingPayments> {
  return call(financialEndpoints.upcomingPayments, { query: params, signal });
}

export function getUpcomingPaymentsQueryOptions(params: { sort: SortOrder; page: number }) {
  return queryOptions({ queryKey: ['financials', 'upcoming-payments', params], queryFn: ({ signal }) => getUpcomingPayments(params, signal) });
}

export function useUpcomingPayments(params: { sort: SortOrder; page: number }) {
  return useQuery({ ...getUpcomingPaymentsQueryOptions(params), placeholderData: keepPreviousData });
}
