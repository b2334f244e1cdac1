import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceHistory } from '@portal/shared/financials-schemas';
import { call } from '@/lib/call';
import { financialEndpoints } from '@portal/shared/endpoints/financials';
import type { FinancialsListParams } from './get-invoices';

export function getBalanceHistory(params: FinancialsListParams, signal?: AbortSignal): Promise<BalanceHistory> {
  return call(financialEndpoints.balanceHistory, { query: params, signal });
}

export function getBalanceHistoryQueryOptions(params: FinancialsListParams) {
  return queryOptions({ queryKey: ['financials', 'balance-history', params], queryFn: ({ signal }) => getBalanceHistory(params, signal) });
}

export function useBalanceHistory(params: FinancialsListParams) {
  return useQuery({ ...getBalanceHistoryQueryOptions(params), placeholderData: keepPreviousData });
}
