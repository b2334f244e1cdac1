import { useMutation } from '@tanstack/react-query';
import type { RegistrationSubmission } from '@portal/shared/registration-schemas';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';
import { sendPaymentAttempt } from '@/lib/payment-attempt';

/**
 * U8: the whole registration in one call, its payment included. Completed, it answers like a
 * login (the new family is signed in by its cookie); a card that asks for a challenge step
 * answers `payment.status` "requires_action" and is sent again, same key and body, once the
 * challenge is decided. The same key with the same body answers the same family again, so a
 * payment whose answer was lost is asked again as it stands.
 */
export function submitRegistration({ body, idempotencyKey }: { body: RegistrationSubmission; idempotencyKey: string }) {
  return sendPaymentAttempt(() => call(registrationEndpoints.register, { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export function useSubmitRegistration() {
  return useMutation({ mutationFn: submitRegistration });
}
