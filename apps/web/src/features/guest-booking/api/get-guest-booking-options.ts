import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestBookingOptions } from '@portal/shared/guest-booking-schemas';
import { api } from '@/lib/api-client';

/** GET /api/ob/options: the venues, booking types and days the public booking page offers (403 where the company takes no bookings online). */
export function getGuestBookingOptions(signal?: AbortSignal): Promise<GuestBookingOptions> {
  return api<GuestBookingOptions>('/api/ob/options', { signal });
}

export const guestBookingOptionsQueryOptions = queryOptions({ queryKey: ['guest-booking', 'options'], queryFn: ({ signal }) => getGuestBookingOptions(signal) });

export function useGuestBookingOptions() {
  return useQuery(guestBookingOptionsQueryOptions);
}
