import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartRequest, QuoteAnswer } from '@portal/shared/payment-schemas';
import { call } from '@/lib/call';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';

export function getQuote(cart: CartRequest, signal?: AbortSignal): Promise<QuoteAnswer> {
  return call(paymentEndpoints.quote, { body: cart, signal });
}

/** Every quote's key starts here: a payment, or a failed or expired attempt, prices the cart again. */
export const quoteKey = ['quote'] as const;

/** The server's price of the cart: rows, totals, breakdown (H8–H12). Re-asked whenever the cart changes. */
export function getQuoteQueryOptions(cart: CartRequest) {
  return queryOptions({ queryKey: [...quoteKey, cart], queryFn: ({ signal }) => getQuote(cart, signal), staleTime: 0, retry: false });
}

export function useQuote(cart: CartRequest, enabled: boolean) {
  return useQuery({ ...getQuoteQueryOptions(cart), enabled, placeholderData: keepPreviousData });
}
