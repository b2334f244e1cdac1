import type { Db } from '../../db/database.ts';

/** A registration whose family proved its address (migration 024). */
export async function insertRegistration(db: Db, input: { companyId: number; profileId: number; tokenHash: string; email: string; verifiedAt: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('registrations')
    .values({
      company_id: input.companyId,
      profile_id: input.profileId,
      token_hash: input.tokenHash,
      email: input.email,
      email_verified_at: input.verifiedAt,
      captcha_verified_until: null,
      submitted_at: null,
      created_at: input.verifiedAt,
      expires_at: input.expiresAt,
    })
    .execute();
}

/** A registration of the company still open (not submitted, not expired), by its token's hash. */
export function findOpenRegistration(db: Db, companyId: number, tokenHash: string, now: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'profile_id', 'email', 'email_verified_at', 'captcha_verified_until', 'expires_at', 'card_token', 'reg_id'])
    .where('company_id', '=', companyId)
    .where('token_hash', '=', tokenHash)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Whether a registration still open holds the Registration ID (it drew it for its form). */
export async function isRegIdHeldByOpenRegistration(db: Db, companyId: number, regId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('reg_id', '=', regId)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a solved captcha for the registration until `until`; false when it is no longer open. */
export async function markCaptchaVerified(db: Db, companyId: number, id: number, until: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('registrations')
    .set({ captcha_verified_until: until })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A registration already submitted and not expired, by its token's hash, with what it was submitted under and the client it made. */
export async function findSubmittedRegistration(db: Db, companyId: number, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('registrations')
    .select(['id', 'profile_id', 'email', 'submitted_at', 'completed_at', 'idempotency_key', 'request_hash', 'client_id'])
    .where('company_id', '=', companyId)
    .where('token_hash', '=', tokenHash)
    .where('submitted_at', 'is not', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { ...row, submitted_at: row.submitted_at! } : undefined;
}

/**
 * The registration of the company not expired, by its token's hash, open or submitted (the token
 * is unique, so one row answers both): a submission asks once which it is.
 */
export async function findLiveRegistration(db: Db, companyId: number, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('registrations')
    .select([
      'id',
      'profile_id',
      'email',
      'email_verified_at',
      'captcha_verified_until',
      'expires_at',
      'card_token',
      'reg_id',
      'submitted_at',
      'completed_at',
      'idempotency_key',
      'request_hash',
      'client_id',
    ])
    .where('company_id', '=', companyId)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return { open: undefined, submitted: undefined };
  const { id, profile_id, email, submitted_at } = row;
  if (submitted_at === null) {
    return {
      open: {
        id,
        profile_id,
        email,
        email_verified_at: row.email_verified_at,
        captcha_verified_until: row.captcha_verified_until,
        expires_at: row.expires_at,
        card_token: row.card_token,
        reg_id: row.reg_id,
      },
      submitted: undefined,
    };
  }
  return {
    open: undefined,
    submitted: { id, profile_id, email, submitted_at, completed_at: row.completed_at, idempotency_key: row.idempotency_key, request_hash: row.request_hash, client_id: row.client_id },
  };
}

/**
 * Marks the registration submitted under the key and body, in the submission's transaction:
 * true for the one submission that marks it, false for any other (on PostgreSQL a concurrent one
 * waits for the first to commit or roll back, then finds it marked or not).
 */
export async function markSubmitted(db: Db, companyId: number, id: number, input: { at: string; idempotencyKey: string; requestHash: string; expiresAt: string }): Promise<boolean> {
  const res = await db
    .updateTable('registrations')
    .set({ submitted_at: input.at, idempotency_key: input.idempotencyKey, request_hash: input.requestHash, expires_at: input.expiresAt })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Takes the lock of a registration still open (a no-op write), so what its checkout step holds
 * and its submission queue one behind the other; false once it is submitted or has expired.
 */
export async function lockOpenRegistration(db: Db, companyId: number, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('registrations')
    .set((eb) => ({ expires_at: eb.ref('expires_at') }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Keeps the Registration ID drawn for a registration (under its lock, so only the first one drawn). */
export async function setRegistrationRegId(db: Db, companyId: number, id: number, regId: string): Promise<void> {
  await db.updateTable('registrations').set({ reg_id: regId }).where('company_id', '=', companyId).where('id', '=', id).where('reg_id', 'is', null).execute();
}

/** The client the submission made, written in its transaction. */
export async function recordClient(db: Db, companyId: number, id: number, clientId: number): Promise<void> {
  await db.updateTable('registrations').set({ client_id: clientId }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Completes the registration (its family paid, or had nothing to pay); false when it already was, so one caller welcomes the family. */
export async function markCompleted(db: Db, companyId: number, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('registrations')
    .set({ completed_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('submitted_at', 'is not', null)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Opens a paying registration again, its family removed: it can be submitted anew under another key. False when it is not paying that client. */
export async function reopenRegistration(db: Db, companyId: number, id: number, clientId: number): Promise<boolean> {
  const res = await db
    .updateTable('registrations')
    .set({ submitted_at: null, idempotency_key: null, request_hash: null, client_id: null })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The card tokenised for an open registration (the latest one counts). */
export async function setCardToken(db: Db, companyId: number, id: number, token: string): Promise<void> {
  await db.updateTable('registrations').set({ card_token: token }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Registrations still paying that were submitted before `before` (their checkout has had its time). */
export function findStalePayingRegistrations(db: Db, before: string) {
  return db
    .selectFrom('registrations')
    .innerJoin('clients', (j) => j.onRef('clients.company_id', '=', 'registrations.company_id').onRef('clients.id', '=', 'registrations.client_id'))
    .select([
      'registrations.id',
      'registrations.company_id',
      'registrations.email',
      'registrations.idempotency_key',
      'registrations.client_id',
      'registrations.submitted_at',
      'registrations.card_token',
      'clients.first_name',
    ])
    .where('submitted_at', '<', before)
    .where('completed_at', 'is', null)
    .orderBy('registrations.submitted_at')
    .limit(500)
    .execute();
}

/** Expired registrations go, but never one still paying: the minute job settles it first. */
export async function deleteExpiredRegistrations(db: Db, now: string): Promise<void> {
  await db
    .deleteFrom('registrations')
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('submitted_at', 'is', null), eb('completed_at', 'is not', null)]))
    .execute();
}
