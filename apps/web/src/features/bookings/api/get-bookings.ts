import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingList } from '@portal/shared/bookings-schemas';
import { call } from '@/lib/call';
import { bookingEndpoints } from '@portal/shared/endpoints/bookings';

/** Every bookings query's key starts here: a cancelled booking frees its court in the lists and the free times alike. */
export const bookingsKey = ['bookings'] as const;

export type BookingFilter = 'upcoming' | 'past' | 'cancelled';

export function getBookings(params: { filter: BookingFilter; page: number }, signal?: AbortSignal): Promise<BookingList> {
  return call(bookingEndpoints.list, { query: { ...params, limit: 10 }, signal });
}

export function getBookingsQueryOptions(params?: { filter: BookingFilter; page: number }) {
  return queryOptions({
    queryKey: params ? [...bookingsKey, 'list', params] : [...bookingsKey, 'list'],
    queryFn: ({ signal }) => getBookings(params ?? { filter: 'upcoming', page: 1 }, signal),
  });
}

export function useBookings(params: { filter: BookingFilter; page: number }) {
  return useQuery({ ...getBookingsQueryOptions(params), placeholderData: keepPreviousData });
}

export async function cancelBooking(bookingId: number): Promise<Booking> {
  return (await call(bookingEndpoints.cancel, { body: { booking_id: bookingId } })).booking;
}

/** Cancelling frees the court: every list and the free slots are read again. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingsKey }),
  });
}
