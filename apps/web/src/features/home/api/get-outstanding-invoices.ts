import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OutstandingInvoicesPage } from '@portal/shared/home-schemas';
import { HOME_PAGE_SIZE } from '@portal/shared/constants';
import { call } from '@/lib/call';
import { homeEndpoints } from '@portal/shared/endpoints/home';

export function getOutstandingInvoices(page: number): Promise<OutstandingInvoicesPage> {
  return call(homeEndpoints.outstandingInvoices, { query: { page, limit: HOME_PAGE_SIZE } });
}

export function getOutstandingInvoicesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['home', 'outstanding-invoices'],
    queryFn: ({ pageParam }) => getOutstandingInvoices(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.total_pages ? last.current_page + 1 : undefined),
  });
}

export function useOutstandingInvoices(enabled = true) {
  return useInfiniteQuery({ ...getOutstandingInvoicesQueryOptions(), enabled });
}
