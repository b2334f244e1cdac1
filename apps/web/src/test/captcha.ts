import { http, HttpResponse } from 'msw';
import { createChallenge, pbkdf2 } from 'altcha/lib';
import { captchaChallengeParametersSchema, type CaptchaChallengeAnswer } from '@portal/shared/contact-schemas';
import { server } from './msw';

/** The counter every served challenge is solved at: a few one-round derivations, so the widget answers at once. */
export const SOLVED_AT = 7;

/**
 * Serves ALTCHA challenges at the captcha endpoint, signed as the server signs them but quick to
 * solve; answers the list of those served so far, in order.
 */
export function serveCaptchaChallenges(): CaptchaChallengeAnswer[] {
  const served: CaptchaChallengeAnswer[] = [];
  server.use(
    http.get<never, never, CaptchaChallengeAnswer>('/api/company/captcha-challenge', async () => {
      const { parameters, signature } = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1,
        counter: SOLVED_AT,
        deriveKey: pbkdf2.deriveKey,
        expiresAt: new Date(Date.now() + 20 * 60_000),
        hmacSignatureSecret: 'component-tests',
        hmacKeySignatureSecret: 'component-tests-keys',
      });
      const challenge = { success: true as const, parameters: captchaChallengeParametersSchema.parse(parameters), signature: signature! };
      served.push(challenge);
      return HttpResponse.json(challenge);
    }),
  );
  return served;
}

/** What the widget handed the form: the challenge it answered (by its nonce) and the counter it found. */
export function decodeCaptcha(payload: unknown): { nonce: string; counter: number } {
  const { challenge, solution } = JSON.parse(atob(String(payload))) as { challenge: { parameters: { nonce: string } }; solution: { counter: number } };
  return { nonce: challenge.parameters.nonce, counter: solution.counter };
}
