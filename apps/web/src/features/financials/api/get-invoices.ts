import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceList, SortOrder } from '@portal/shared/financials-schemas';
import { call } from '@/lib/call';
import { financialEndpoints } from '@portal/shared/endpoints/financials';

export interface FinancialsListParams {
  search: string;
  sort: SortOrder;
  page: number;
}

export function getInvoices(params: FinancialsListParams, signal?: AbortSignal): Promise<InvoiceList> {
  return call(financialEndpoints.invoices, { query: params, signal });
}

export function getInvoicesQueryOptions(params?: FinancialsListParams) {
  return queryOptions({
    queryKey: params ? ['financials', 'invoices', params] : ['financials', 'invoices'],
    queryFn: ({ signal }) => getInvoices(params ?? { search: '', sort: 'desc', page: 1 }, signal),
  });
}

export function useInvoices(params: FinancialsListParams) {
  return useQuery({ ...getInvoicesQueryOptions(params), placeholderData: keepPreviousData });
}
