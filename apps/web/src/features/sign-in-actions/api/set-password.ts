import { useMutation } from '@tanstack/react-query';
import type { NewPasswordInput } from '@portal/shared/auth-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** R6, X12: the ChangePassword action's new password, for the signed-in customer. */
export function setPassword(input: NewPasswordInput) {
  return call(accountEndpoints.setPassword, { body: input });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
