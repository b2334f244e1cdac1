import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@portal/shared/customer-schemas';
import type { RegistrationSubmission } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

/** A fresh Idempotency-Key for one submission attempt; a retry of the same body reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * U8: the whole registration in one call. It answers like a login (the new family is signed in
 * by its cookie); the same key with the same body answers the same family again.
 */
export function submitRegistration({ body, idempotencyKey }: { body: RegistrationSubmission; idempotencyKey: string }): Promise<LoginAnswer> {
  return api<LoginAnswer>('/api/ocr/register', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useSubmitRegistration() {
  return useMutation({ mutationFn: submitRegistration });
}
