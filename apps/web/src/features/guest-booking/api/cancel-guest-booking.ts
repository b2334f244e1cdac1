import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestLinkAnswer } from '@portal/shared/guest-booking-schemas';
import { api } from '@/lib/api-client';
import { guestBookingQueryOptions } from './get-guest-booking';

/** POST /api/ob/cancel: cancels the link's booking before the cut-off; the card is refunded. */
export function cancelGuestBooking(token: string): Promise<GuestLinkAnswer> {
  return api<GuestLinkAnswer>('/api/ob/cancel', { method: 'POST', body: { token } });
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
