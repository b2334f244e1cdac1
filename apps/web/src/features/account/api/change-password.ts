import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@portal/shared/my-details-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** K13, R13: the current password and the new one twice. */
export function changePassword(input: ChangePasswordInput) {
  return call(accountEndpoints.changePassword, { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
