import { queryOptions, useQuery } from '@tanstack/react-query';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';

/** The venues, booking types and days the public booking page offers (403 where the company takes no bookings online). */
export function getGuestBookingOptions(signal?: AbortSignal) {
  return call(guestBookingEndpoints.options, { signal });
}

export const guestBookingOptionsQueryOptions = queryOptions({ queryKey: ['guest-booking', 'options'], queryFn: ({ signal }) => getGuestBookingOptions(signal) });

export function useGuestBookingOptions() {
  return useQuery(guestBookingOptionsQueryOptions);
}
