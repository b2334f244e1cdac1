import { useMutation } from '@tanstack/react-query';
import type { BookingRequest, CheckedBooking } from '@portal/shared/bookings-schemas';
import { call } from '@/lib/call';
import { bookingEndpoints } from '@portal/shared/endpoints/bookings';

export async function checkBooking(request: BookingRequest): Promise<CheckedBooking> {
  return (await call(bookingEndpoints.check, { body: request })).item;
}

/** Add to cart: the server checks the slot is still free and prices it; checkout holds it later. */
export function useCheckBooking() {
  return useMutation({ mutationFn: checkBooking });
}
