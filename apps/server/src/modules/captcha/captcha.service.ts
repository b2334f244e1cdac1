import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { createChallenge, randomInt, verifySolution as verifyAltchaSolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { captchaChallengeParametersSchema, type CaptchaChallengeAnswer } from '@portal/shared/contact-schemas';
import type { Ctx } from '../../context.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as repo from './captcha.repository.ts';

/**
 * ALTCHA's proof of work (decision 052): the server signs a challenge, the browser's widget
 * derives PBKDF2 keys until it finds the one the server chose (deterministic mode: the counter is
 * drawn up to CAPTCHA_MAX_COUNTER, and the key's HMAC travels with the challenge, so checking an
 * answer costs one HMAC). Challenges are signed with a key of their company, derived from the
 * database's captcha secret, so any process of the database verifies them and another company's
 * do not count; they expire with ALTCHA's `expiresAt`; an accepted one is recorded as spent until
 * then, so it is accepted once. Anything that checks a captcha goes through this interface, so
 * another provider (reCAPTCHA) replaces this file alone.
 */
export interface CaptchaProvider {
  issueChallenge(ctx: Ctx, companyId: number): Promise<Omit<CaptchaChallengeAnswer, 'success'>>;
  verifySolution(ctx: Ctx, companyId: number, solution: Solved): Promise<boolean>;
  /**
   * A solution already accepted, accepted again while it is valid and has admitted fewer than
   * `maxUses` attempts (decision 082: the next attempt of a guest booking whose card was declined).
   */
  verifyRepeat(ctx: Ctx, companyId: number, solution: Solved, maxUses: number): Promise<boolean>;
}

const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 rounds per key: ALTCHA's own example, about 2 ms of a server's core to issue a challenge. */
const COST = 5_000;
const CHALLENGE_TTL_MS = 20 * 60_000;

const solvedSchema = z.object({
  challenge: z.object({ parameters: captchaChallengeParametersSchema, signature: z.string().max(128) }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(128) }),
});
/** A solved challenge as the widget sends it, decoded. */
export type Solved = z.infer<typeof solvedSchema>;

async function keysOf(ctx: Ctx, companyId: number) {
  const secret = await repo.findSecret(ctx.db, 'captcha');
  if (!secret) throw new Error('server_secrets has no captcha secret: the database is not migrated');
  const key = (use: string) => createHmac('sha256', secret).update(`${use}:${companyId}`).digest('hex');
  return { hmacSignatureSecret: key('challenge'), hmacKeySignatureSecret: key('derived-key') };
}

export const altcha: CaptchaProvider = {
  async issueChallenge(ctx, companyId) {
    const max = ctx.env.CAPTCHA_MAX_COUNTER;
    const { parameters, signature } = await createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(max, Math.ceil(max / 2)),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      ...(await keysOf(ctx, companyId)),
    });
    return { parameters: captchaChallengeParametersSchema.parse(parameters), signature: signature! };
  },
  async verifySolution(ctx, companyId, { challenge, solution }) {
    const result = await verifyAltchaSolution({ challenge, solution, deriveKey, ...(await keysOf(ctx, companyId)) });
    if (!result.verified) return false;
    return repo.spendChallenge(ctx.db, { companyId, challengeHash: solutionHash({ challenge, solution }), expiresAt: new Date(challenge.parameters.expiresAt * 1000).toISOString() });
  },
  async verifyRepeat(ctx, companyId, { challenge, solution }, maxUses) {
    // Checked again in full: a solution past its expiry, or signed for another company, is refused as on its first use.
    const result = await verifyAltchaSolution({ challenge, solution, deriveKey, ...(await keysOf(ctx, companyId)) });
    if (!result.verified) return false;
    return repo.repeatChallenge(ctx.db, { companyId, challengeHash: solutionHash({ challenge, solution }), maxUses });
  },
};

/** What names a solution once spent: the hash of its challenge's nonce. */
export const solutionHash = (solved: Solved) => hashToken(solved.challenge.parameters.nonce);

/** The context's provider (ALTCHA unless a test or another provider is handed in). */
export const issueChallenge = (ctx: Ctx, companyId: number) => ctx.captcha.issueChallenge(ctx, companyId);
export const verifySolution = (ctx: Ctx, companyId: number, solution: Solved) => ctx.captcha.verifySolution(ctx, companyId, solution);
export const verifyRepeat = (ctx: Ctx, companyId: number, solution: Solved, maxUses: number) => ctx.captcha.verifyRepeat(ctx, companyId, solution, maxUses);

/** The widget's payload (base64 of its JSON) decoded; undefined when it is not one. */
export function solutionOf(token: string): Solved | undefined {
  try {
    const parsed = solvedSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The hourly sweep's part: spent challenges past their expiry, which ALTCHA refuses by itself. */
export function deleteExpiredChallenges(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return repo.deleteExpiredChallenges(ctx.db, now.toISOString());
}
