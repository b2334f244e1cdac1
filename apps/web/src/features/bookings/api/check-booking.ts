import { useMutation } from '@tanstack/react-query';
import type { BookingRequest, CheckedBooking, CheckedBookingAnswer } from '@portal/shared/bookings-schemas';
import { api } from '@/lib/api-client';

export async function checkBooking(request: BookingRequest): Promise<CheckedBooking> {
  return (await api<CheckedBookingAnswer>('/api/bookings/check', { method: 'POST', body: request })).item;
}

/** Add to cart: the server checks the slot is still free and prices it; checkout holds it later. */
export function useCheckBooking() {
  return useMutation({ mutationFn: checkBooking });
}
