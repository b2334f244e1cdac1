import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailAnswer } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

/** R60: whether the address already signs in at this company (such a visitor signs in instead). */
export function confirmEmail(email: string): Promise<ConfirmEmailAnswer> {
  return api<ConfirmEmailAnswer>('/api/ocr/confirm-email', { method: 'POST', body: { email } });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
