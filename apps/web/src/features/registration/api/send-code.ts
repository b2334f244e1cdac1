import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

/** R57: mails a 6-digit code to the address; the answer's token names the registration from now on. */
export function sendCode(email: string) {
  return call(registrationEndpoints.sendCode, { body: { email } });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
