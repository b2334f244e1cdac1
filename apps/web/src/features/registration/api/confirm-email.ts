import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

/** R60: whether the address already signs in at this company (such a visitor signs in instead). */
export function confirmEmail(email: string) {
  return call(registrationEndpoints.confirmEmail, { body: { email } });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
