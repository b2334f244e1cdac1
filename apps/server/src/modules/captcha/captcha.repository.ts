import type { Db } from '../../db/database.ts';

export async function insertChallenge(db: Db, input: { companyId: number; challengeHash: string; expiresAt: string }): Promise<void> {
  await db.insertInto('captcha_solutions').values({ company_id: input.companyId, challenge_hash: input.challengeHash, expires_at: input.expiresAt }).execute();
}

/** Takes an issued, unexpired challenge out: true once, false for an unknown, used or expired one. */
export async function consumeChallenge(db: Db, companyId: number, challengeHash: string, now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('captcha_solutions')
    .where('company_id', '=', companyId)
    .where('challenge_hash', '=', challengeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).execute();
}
