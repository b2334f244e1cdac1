import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartRequest, QuoteAnswer } from '@portal/shared/payment-schemas';
import { api } from '@/lib/api-client';

export function getQuote(cart: CartRequest, signal?: AbortSignal): Promise<QuoteAnswer> {
  return api<QuoteAnswer>('/api/payment/quote', { method: 'POST', body: cart, signal });
}

/** The server's price of the cart: rows, totals, breakdown (H8–H12). Re-asked whenever the cart changes. */
export function getQuoteQueryOptions(cart: CartRequest) {
  return queryOptions({ queryKey: ['quote', cart], queryFn: ({ signal }) => getQuote(cart, signal), staleTime: 0, retry: false });
}

export function useQuote(cart: CartRequest, enabled: boolean) {
  return useQuery({ ...getQuoteQueryOptions(cart), enabled, placeholderData: keepPreviousData });
}
