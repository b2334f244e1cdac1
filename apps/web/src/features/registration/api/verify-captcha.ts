import { useMutation } from '@tanstack/react-query';
import type { VerifyCaptchaAnswer } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

/** R59: marks the registration as having passed the check with the widget's payload; `verified` false when it was refused. */
export function verifyCaptcha({ payload, registrationToken }: { payload: string; registrationToken: string }): Promise<VerifyCaptchaAnswer> {
  return api<VerifyCaptchaAnswer>('/api/ocr/verify-captcha', { method: 'POST', body: { token: payload, registration_token: registrationToken } });
}

export function useVerifyCaptcha() {
  return useMutation({ mutationFn: verifyCaptcha });
}
