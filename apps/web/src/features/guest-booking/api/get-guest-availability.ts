import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityParams } from '@/components/bookings/booking-picker';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';

/** The day's start times with the courts free for the whole booking. */
export function getGuestAvailability(params: AvailabilityParams, signal?: AbortSignal) {
  return call(guestBookingEndpoints.availability, { query: params, signal });
}

/** Every day's free times: a booking made, or refused because the court was taken, reads them again. */
export const guestAvailabilityKey = ['guest-booking', 'availability'] as const;

export function guestAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({ queryKey: [...guestAvailabilityKey, params], queryFn: ({ signal }) => getGuestAvailability(params, signal) });
}

export function useGuestAvailability(params: AvailabilityParams | null) {
  return useQuery({ ...guestAvailabilityQueryOptions(params ?? { venue_id: 0, booking_type_id: 0, date: '' }), enabled: params !== null });
}
