import { useMutation } from '@tanstack/react-query';
import type { Success } from '@portal/shared/api-schemas';
import type { ChangePasswordInput } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';

/** K13, R13: the current password and the new one twice. */
export function changePassword(input: ChangePasswordInput): Promise<Success> {
  return api<Success>('/api/customer/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
