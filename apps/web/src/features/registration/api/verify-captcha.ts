import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { REGISTRATION_TOKEN_HEADER } from '@portal/shared/registration-schemas';
import { call } from '@/lib/call';

/** R59: `{ token }`, the widget's payload, for the registration of this tab's session; `verified` false when it was refused. */
export function verifyCaptcha({ payload, registrationToken }: { payload: string; registrationToken: string }) {
  return call(registrationEndpoints.verifyCaptcha, { body: { token: payload }, headers: { [REGISTRATION_TOKEN_HEADER]: registrationToken } });
}

export function useVerifyCaptcha() {
  return useMutation({ mutationFn: verifyCaptcha });
}
