import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingRequest } from '@portal/shared/bookings-schemas';
import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import { api } from '@/lib/api-client';

/** POST /api/ob/quote: the court priced as the checkout prices it (tax, card surcharge). */
export function getGuestQuote(booking: BookingRequest, signal?: AbortSignal): Promise<QuoteAnswer> {
  return api<QuoteAnswer>('/api/ob/quote', { method: 'POST', body: { booking }, signal });
}

export function guestQuoteQueryOptions(booking: BookingRequest) {
  return queryOptions({ queryKey: ['guest-booking', 'quote', booking], queryFn: ({ signal }) => getGuestQuote(booking, signal), staleTime: 0, retry: false });
}

export function useGuestQuote(booking: BookingRequest) {
  return useQuery(guestQuoteQueryOptions(booking));
}
