import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestLinkAnswer } from '@portal/shared/guest-booking-schemas';
import { api } from '@/lib/api-client';

/** POST /api/ob/booking: the booking a confirmation e-mail's cancel link names (404 once cancelled). */
export function getGuestBooking(token: string, signal?: AbortSignal): Promise<GuestLinkAnswer> {
  return api<GuestLinkAnswer>('/api/ob/booking', { method: 'POST', body: { token }, signal });
}

export function guestBookingQueryOptions(token: string) {
  return queryOptions({ queryKey: ['guest-booking', 'link', token], queryFn: ({ signal }) => getGuestBooking(token, signal), staleTime: Infinity, retry: false });
}

export function useGuestBooking(token: string | null) {
  return useQuery({ ...guestBookingQueryOptions(token ?? ''), enabled: token !== null });
}
