import type { GuestBookingRequest } from '@portal/shared/guest-booking-schemas';
import { guestBookingEndpoints } from '@portal/shared/endpoints/guest-booking';
import { call } from '@/lib/call';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

/**
 * One court, the guest's details, the solved captcha and the card token,
 * under one Idempotency-Key per attempt. A card that asks for a challenge step answers
 * `payment.status` "requires_action"; the same body goes again under the same key once it is decided.
 */
export function bookAsGuest(body: GuestBookingRequest, idempotencyKey: string) {
  return sendPaymentAttempt(() => call(guestBookingEndpoints.book, { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}
