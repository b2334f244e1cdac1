import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';
import { guestBookingQueryOptions } from './get-guest-booking';

/** Cancels the link's booking before the cut-off; the card is refunded. */
export function cancelGuestBooking(token: string) {
  return call(guestBookingEndpoints.cancel, { body: { token } });
}

/**
 * The link stops working once used: the page keeps showing the cancelled booking from this answer.
 * A refusal (the cut-off passed while the page was open) reads the booking again, so the page
 * shows what can still be done with it.
 */
export function useCancelGuestBooking(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => cancelGuestBooking(token),
    onSuccess: (answer) => qc.setQueryData(guestBookingQueryOptions(token).queryKey, answer),
    onError: () => qc.invalidateQueries({ queryKey: guestBookingQueryOptions(token).queryKey }),
  });
}
