import { useMutation } from '@tanstack/react-query';
import type { Success } from '@portal/shared/api-schemas';
import type { NewPasswordInput } from '@portal/shared/auth-schemas';
import { api } from '@/lib/api-client';

/** R6, X12: the ChangePassword action's new password, for the signed-in customer. */
export function setPassword(input: NewPasswordInput): Promise<Success> {
  return api<Success>('/api/customer/set-password', { method: 'POST', body: input });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
