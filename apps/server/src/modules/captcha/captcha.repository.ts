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

/**
 * Counts one more attempt admitted by a challenge already spent, while it has admitted fewer than
 * `maxUses`; false past that (or when it was never spent here). Concurrent attempts take the row
 * one after another, so no more than `maxUses` are ever admitted.
 */
export async function repeatChallenge(db: Db, input: { companyId: number; challengeHash: string; maxUses: number }): Promise<boolean> {
  const res = await db
    .updateTable('captcha_solutions')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('company_id', '=', input.companyId)
    .where('challenge_hash', '=', input.challengeHash)
    .where('uses', '<', input.maxUses)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).execute();
}
