import type { CaptchaChallenge, CaptchaSolution } from '@portal/shared/contact-schemas';
import { sha256Hex } from './sha256';

/** Numbers tried between two yields to the page, so typing stays smooth while it works. */
const BATCH = 5_000;

/**
 * Finds the number up to `maxnumber` whose SHA-256 with the salt is the challenge (the proof of
 * work the server asks a guest for). Undefined when none is found or the search was aborted.
 */
export async function solveChallenge(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<CaptchaSolution | undefined> {
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (signal?.aborted) return undefined;
    const end = Math.min(challenge.maxnumber, start + BATCH - 1);
    for (let n = start; n <= end; n++) {
      if (sha256Hex(`${challenge.salt}${n}`) === challenge.challenge) return { algorithm: challenge.algorithm, challenge: challenge.challenge, salt: challenge.salt, number: n };
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return undefined;
}
