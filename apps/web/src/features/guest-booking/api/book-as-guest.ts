import type { GuestBookingAnswer, GuestBookingRequest } from '@portal/shared/guest-booking-schemas';
import { api } from '@/lib/api-client';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

/**
 * POST /api/ob/book: one court, the guest's details, the solved captcha and the card token,
 * under one Idempotency-Key per attempt. A card that asks for a challenge step answers
 * `payment.status` "requires_action"; the same body goes again under the same key once it is decided.
 */
export function bookAsGuest(body: GuestBookingRequest, idempotencyKey: string): Promise<GuestBookingAnswer> {
  return sendPaymentAttempt(() => api<GuestBookingAnswer>('/api/ob/book', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }));
}
