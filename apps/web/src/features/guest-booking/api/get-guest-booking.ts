import { queryOptions, useQuery } from '@tanstack/react-query';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';

/** The booking a confirmation e-mail's cancel link names (404 once cancelled). */
export function getGuestBooking(token: string, signal?: AbortSignal) {
  return call(guestBookingEndpoints.booking, { body: { token }, signal });
}

export function guestBookingQueryOptions(token: string) {
  return queryOptions({ queryKey: ['guest-booking', 'link', token], queryFn: ({ signal }) => getGuestBooking(token, signal), staleTime: Infinity, retry: false });
}

export function useGuestBooking(token: string | null) {
  return useQuery({ ...guestBookingQueryOptions(token ?? ''), enabled: token !== null });
}
