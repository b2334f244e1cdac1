import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingRequest } from '@portal/shared/bookings-schemas';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';

/** The court priced as the checkout prices it (tax, card surcharge). */
export function getGuestQuote(booking: BookingRequest, signal?: AbortSignal) {
  return call(guestBookingEndpoints.quote, { body: { booking }, signal });
}

export function guestQuoteQueryOptions(booking: BookingRequest) {
  return queryOptions({ queryKey: ['guest-booking', 'quote', booking], queryFn: ({ signal }) => getGuestQuote(booking, signal), staleTime: 0, retry: false });
}

export function useGuestQuote(booking: BookingRequest) {
  return useQuery(guestQuoteQueryOptions(booking));
}
