import type { CaptchaChallenge, CaptchaChallengeAnswer } from '@portal/shared/contact-schemas';
import { api } from '@/lib/api-client';

/** A fresh challenge for each attempt: a solved one is accepted once. */
export async function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return (await api<CaptchaChallengeAnswer>('/api/company/captcha-challenge', { signal })).captcha;
}
