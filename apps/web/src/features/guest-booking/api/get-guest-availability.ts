import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@portal/shared/bookings-schemas';
import type { AvailabilityParams } from '@/components/bookings/booking-picker';
import { api } from '@/lib/api-client';

/** GET /api/ob/availability: the day's start times with the courts free for the whole booking. */
export function getGuestAvailability(params: AvailabilityParams, signal?: AbortSignal): Promise<Availability> {
  return api<Availability>('/api/ob/availability', { query: { ...params }, signal });
}

/** Every day's free times: a booking made, or refused because the court was taken, reads them again. */
export const guestAvailabilityKey = ['guest-booking', 'availability'] as const;

export function guestAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({ queryKey: [...guestAvailabilityKey, params], queryFn: ({ signal }) => getGuestAvailability(params, signal) });
}

export function useGuestAvailability(params: AvailabilityParams | null) {
  return useQuery({ ...guestAvailabilityQueryOptions(params ?? { venue_id: 0, booking_type_id: 0, date: '' }), enabled: params !== null });
}
