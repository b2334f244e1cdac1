import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, BookingOptions } from '@portal/shared/bookings-schemas';
import type { AvailabilityParams } from '@/components/bookings/booking-picker';
import { call } from '@/lib/call';
import { bookingEndpoints } from '@portal/shared/endpoints/bookings';
import { bookingsKey } from './get-bookings';

export function getBookingOptions(signal?: AbortSignal): Promise<BookingOptions> {
  return call(bookingEndpoints.options, { signal });
}

export const bookingOptionsQueryOptions = queryOptions({ queryKey: [...bookingsKey, 'options'], queryFn: ({ signal }) => getBookingOptions(signal) });

export function useBookingOptions() {
  return useQuery(bookingOptionsQueryOptions);
}

export function getAvailability(params: AvailabilityParams, signal?: AbortSignal): Promise<Availability> {
  return call(bookingEndpoints.availability, { query: { ...params }, signal });
}

export function getAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({ queryKey: [...bookingsKey, 'availability', params], queryFn: ({ signal }) => getAvailability(params, signal) });
}

export function useAvailability(params: AvailabilityParams | null) {
  return useQuery({ ...getAvailabilityQueryOptions(params ?? { venue_id: 0, booking_type_id: 0, date: '' }), enabled: params !== null });
}
