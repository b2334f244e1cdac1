import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

/** R59: marks the registration as having passed the check with the widget's payload; `verified` false when it was refused. */
export function verifyCaptcha({ payload, registrationToken }: { payload: string; registrationToken: string }) {
  return call(registrationEndpoints.verifyCaptcha, { body: { token: payload, registration_token: registrationToken } });
}

export function useVerifyCaptcha() {
  return useMutation({ mutationFn: verifyCaptcha });
}
