import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyCodeRequestSchema } from '@portal/shared/registration-schemas';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { call } from '@/lib/call';

export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;

/** R58: proves the address with the mailed code, under the registration profile. */
export function verifyCode(body: VerifyCodeRequest) {
  return call(registrationEndpoints.verifyCode, { body });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
