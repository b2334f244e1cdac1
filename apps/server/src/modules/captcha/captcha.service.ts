import crypto from 'node:crypto';
import { captchaSolutionSchema, type CaptchaChallenge, type CaptchaSolution } from '@portal/shared/contact-schemas';
import type { Deps } from '../../deps.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as repo from './captcha.repository.ts';

/**
 * A self-hosted proof of work, in the scheme ALTCHA uses: the server picks a salt and a secret
 * number, answers SHA-256(salt + number) as the challenge, and the browser searches the numbers
 * up to `maxnumber` for the one that hashes to it (under a second on a laptop, one to three on a phone). Issued
 * challenges are kept, by hash, until they expire; a solution is accepted once. Anything that
 * checks a captcha goes through `issueChallenge` and `verifySolution`, so another provider
 * (the ALTCHA library, reCAPTCHA) replaces this file alone.
 */
export interface CaptchaProvider {
  issueChallenge(deps: Deps, companyId: number): Promise<CaptchaChallenge>;
  verifySolution(deps: Deps, companyId: number, solution: CaptchaSolution): Promise<boolean>;
}

/** The search space: on average half of it is hashed. */
export const POW_MAX_NUMBER = 100_000;
const CHALLENGE_TTL_MS = 20 * 60_000;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export const proofOfWork: CaptchaProvider = {
  async issueChallenge(deps, companyId) {
    const salt = crypto.randomBytes(12).toString('hex');
    const challenge = sha256(`${salt}${crypto.randomInt(0, POW_MAX_NUMBER + 1)}`);
    await repo.insertChallenge(deps.db, { companyId, challengeHash: hashToken(challenge), expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString() });
    return { algorithm: 'SHA-256', challenge, salt, maxnumber: POW_MAX_NUMBER };
  },
  async verifySolution(deps, companyId, solution) {
    if (solution.number > POW_MAX_NUMBER || sha256(`${solution.salt}${solution.number}`) !== solution.challenge) return false;
    return repo.consumeChallenge(deps.db, companyId, hashToken(solution.challenge), new Date().toISOString());
  },
};

export const issueChallenge = (deps: Deps, companyId: number) => proofOfWork.issueChallenge(deps, companyId);
export const verifySolution = (deps: Deps, companyId: number, solution: CaptchaSolution) => proofOfWork.verifySolution(deps, companyId, solution);

/** The solution as the widget sends it: base64 of its JSON, or the object itself; undefined when it is neither. */
export function solutionOf(token: string | CaptchaSolution): CaptchaSolution | undefined {
  if (typeof token !== 'string') return token;
  try {
    const parsed = captchaSolutionSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The hourly sweep's part. */
export function deleteExpiredChallenges(deps: Deps, now = new Date()): Promise<void> {
  return repo.deleteExpiredChallenges(deps.db, now.toISOString());
}
