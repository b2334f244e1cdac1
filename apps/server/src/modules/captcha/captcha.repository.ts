import type { Db } from '../../db/database.ts';

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

/**
 * Records a challenge as spent: true the first time, false when it already was. A concurrent
 * spend of the same challenge waits for the first one's transaction and then finds it taken.
 */
export async function spendChallenge(db: Db, input: { companyId: number; challengeHash: string; expiresAt: string }): Promise<boolean> {
  const spent = await db
    .insertInto('captcha_solutions')
    .values({ company_id: input.companyId, challenge_hash: input.challengeHash, expires_at: input.expiresAt })
    .onConflict((oc) => oc.column('challenge_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).execute();
}
