import { useMutation } from '@tanstack/react-query';
import type { CaptchaSolution } from '@portal/shared/contact-schemas';
import type { VerifyCaptchaAnswer } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

/** The solution as ALTCHA's widget sends it: base64 of its JSON. */
export function captchaToken(solution: CaptchaSolution): string {
  return btoa(JSON.stringify(solution));
}

/** R59: marks the registration as having passed the check; `verified` false when the solution was refused. */
export function verifyCaptcha({ solution, registrationToken }: { solution: CaptchaSolution; registrationToken: string }): Promise<VerifyCaptchaAnswer> {
  return api<VerifyCaptchaAnswer>('/api/ocr/verify-captcha', { method: 'POST', body: { token: captchaToken(solution), registration_token: registrationToken } });
}

export function useVerifyCaptcha() {
  return useMutation({ mutationFn: verifyCaptcha });
}
