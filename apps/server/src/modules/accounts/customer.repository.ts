import { sql, type Updateable } from 'kysely';
import type { ClientsTable } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

/** The sign-ins with this address that open a family (an account's own, or a guardian's; one whose access was removed opens none). */
export function findLoginsByEmail(db: Db, email: string) {
  return db
    .selectFrom('logins as l')
    .select(['l.id', 'l.company_id', 'l.password_hash'])
    .where('l.email', '=', email)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('clients as c').select('c.id').whereRef('c.company_id', '=', 'l.company_id').whereRef('c.login_id', '=', 'l.id')),
        eb.exists(eb.selectFrom('guardians as g').select('g.id').whereRef('g.company_id', '=', 'l.company_id').whereRef('g.login_id', '=', 'l.id')),
      ]),
    )
    .orderBy('l.id')
    .execute();
}

export function findLogin(db: Db, companyId: number, email: string) {
  return db.selectFrom('logins').select(['id', 'company_id', 'email', 'password_hash']).where('company_id', '=', companyId).where('email', '=', email).executeTakeFirst();
}

export async function findPasswordHash(db: Db, companyId: number, loginId: number): Promise<string | null> {
  const row = await db.selectFrom('logins').select('password_hash').where('company_id', '=', companyId).where('id', '=', loginId).executeTakeFirst();
  return row?.password_hash ?? null;
}

export function findLoginById(db: Db, companyId: number, loginId: number) {
  return db.selectFrom('logins').select(['id', 'email']).where('company_id', '=', companyId).where('id', '=', loginId).executeTakeFirst();
}

export function findClientsByLogin(db: Db, companyId: number, loginId: number) {
  return db.selectFrom('clients').select(['id', 'first_name', 'last_name']).where('company_id', '=', companyId).where('login_id', '=', loginId).orderBy('id').execute();
}

/** The families a sign-in opens: those it holds, then those it was invited to as a guardian (decision 101). */
export function findAccountsByLogin(db: Db, companyId: number, loginId: number) {
  return (
    db
      .selectFrom('clients as c')
      .leftJoin('guardians as g', (j) => j.onRef('g.client_id', '=', 'c.id').on('g.login_id', '=', loginId))
      .select(['c.id', 'c.first_name', 'c.last_name', 'g.id as guardian_id', 'g.role', 'g.first_name as guardian_first_name', 'g.last_name as guardian_last_name'])
      .where('c.company_id', '=', companyId)
      .where((eb) => eb.or([eb('c.login_id', '=', loginId), eb('g.id', 'is not', null)]))
      // Its own families first (null sorts differently on the two engines: say it).
      .orderBy(sql`case when g.id is null then 0 else 1 end`)
      .orderBy('c.id')
      .execute()
  );
}

/** A sign-in without a family of its own: an invited guardian's (decision 101). */
export async function insertLogin(db: Db, input: { companyId: number; email: string; passwordHash: string }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('logins')
    .values({ company_id: input.companyId, email: input.email, password_hash: input.passwordHash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The client with how many barcodes it holds and how many accounts the session's sign-in opens at
 * the company (its families and those it is a guardian of: `guardianId` signed in as one), in one statement.
 */
export async function findCustomerUser(db: Db, companyId: number, clientId: number, guardianId: number | null = null) {
  const row = await db
    .selectFrom('clients')
    .select((eb) => {
      const login =
        guardianId === null ? eb.ref('clients.login_id') : eb.selectFrom('guardians').select('guardians.login_id').where('guardians.company_id', '=', companyId).where('guardians.id', '=', guardianId);
      return [
        'id',
        'login_id',
        'first_name',
        'last_name',
        'email',
        eb
          .selectFrom('barcodes')
          .select((b) => b.fn.countAll<number>().as('n'))
          .where('barcodes.company_id', '=', companyId)
          .where('barcodes.client_id', '=', clientId)
          .as('total_barcodes'),
        eb
          .selectFrom('clients as own')
          .select((b) => b.fn.countAll<number>().as('n'))
          .where('own.company_id', '=', companyId)
          .where('own.login_id', '=', login)
          .as('own_accounts'),
        eb
          .selectFrom('guardians as g')
          .select((b) => b.fn.countAll<number>().as('n'))
          .where('g.company_id', '=', companyId)
          .where('g.login_id', '=', login)
          .as('guarded_accounts'),
      ];
    })
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { own_accounts, guarded_accounts, ...client } = row;
  return { ...client, total_barcodes: Number(row.total_barcodes ?? 0), other_accounts: Math.max(0, Number(own_accounts ?? 0) + Number(guarded_accounts ?? 0) - 1) };
}

/** The sign-in a customer session is of: the family's own, or the guardian's (decision 101). */
export async function findSessionLoginId(db: Db, companyId: number, clientId: number, guardianId: number | null): Promise<number | undefined> {
  const row =
    guardianId === null
      ? await db.selectFrom('clients').select('login_id').where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst()
      : await db.selectFrom('guardians').select('login_id').where('company_id', '=', companyId).where('id', '=', guardianId).where('client_id', '=', clientId).executeTakeFirst();
  return row?.login_id;
}

export async function updatePasswordHash(db: Db, companyId: number, loginId: number, passwordHash: string): Promise<void> {
  await db.updateTable('logins').set({ password_hash: passwordHash, updated_at: nowIso() }).where('company_id', '=', companyId).where('id', '=', loginId).execute();
}

/** A sign-in and its client, in the caller's transaction. */
export async function insertLoginWithClient(
  db: Db,
  input: {
    companyId: number;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    /** The client's own address when it is not the sign-in's ('' for the guest client). */
    clientEmail?: string;
    /** The answer to the e-mail marketing question (N26); null until asked. */
    marketingOptIn?: boolean | null;
    /** The rest of the client's record, written with it (a registration's form). */
    details?: Omit<Updateable<ClientsTable>, 'id' | 'company_id' | 'login_id' | 'created_at'>;
  },
) {
  const now = nowIso();
  const login = await db
    .insertInto('logins')
    .values({ company_id: input.companyId, email: input.email, password_hash: input.passwordHash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const optIn = input.marketingOptIn ?? null;
  const client = await db
    .insertInto('clients')
    .values({
      company_id: input.companyId,
      login_id: login.id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.clientEmail ?? input.email,
      created_at: now,
      ...(optIn === null ? {} : { marketing_opt_in: optIn ? 1 : 0 }),
      ...(input.details ? { ...input.details, updated_at: now } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { loginId: login.id, clientId: client.id };
}

/**
 * The client a company's guest bookings are made under (decision 050): a sign-in no one can use
 * (an address that cannot receive mail, no password) and no e-mail of its own, so the checkout
 * mails it nothing; the guest's own address is kept with each booking.
 */
export async function insertGuestClient(db: Db, companyId: number): Promise<number> {
  const made = await insertLoginWithClient(db, { companyId, email: `online-guests.${companyId}@guests.invalid`, passwordHash: '', firstName: 'Online', lastName: 'guests', clientEmail: '' });
  return made.clientId;
}

/** Deletes a client's sign-in, and with it (cascading) the client and all that is theirs. */
export async function deleteLoginOfClient(db: Db, companyId: number, clientId: number): Promise<void> {
  await db
    .deleteFrom('logins')
    .where('company_id', '=', companyId)
    .where('id', 'in', (qb) => qb.selectFrom('clients').select('login_id').where('company_id', '=', companyId).where('id', '=', clientId))
    .execute();
}

export async function insertResetToken(db: Db, input: { companyId: number; loginId: number; tokenHash: string; expiresAt: string }) {
  // A new link replaces any earlier one for the same sign-in.
  await db.deleteFrom('password_reset_tokens').where('company_id', '=', input.companyId).where('login_id', '=', input.loginId).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ company_id: input.companyId, login_id: input.loginId, token_hash: input.tokenHash, created_at: nowIso(), expires_at: input.expiresAt, used_at: null })
    .execute();
}

export function findResetToken(db: Db, tokenHash: string) {
  return db.selectFrom('password_reset_tokens').select(['id', 'company_id', 'login_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the token used; answers false when another request used it first. */
export async function consumeResetToken(db: Db, companyId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('password_reset_tokens').set({ used_at: nowIso() }).where('company_id', '=', companyId).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A code of a client (an e-mail change) replaces the client's earlier unused codes of the same purpose. */
export async function insertEmailCode(
  db: Db,
  input: { companyId: number; purpose: string; email: string; clientId?: number; tokenHash: string; codeHash: string; payload: string; expiresAt: string },
) {
  await db.transaction().execute(async (trx) => {
    if (input.clientId !== undefined) {
      await trx.deleteFrom('email_codes').where('company_id', '=', input.companyId).where('purpose', '=', input.purpose).where('client_id', '=', input.clientId).where('used_at', 'is', null).execute();
    }
    await trx
      .insertInto('email_codes')
      .values({
        company_id: input.companyId,
        purpose: input.purpose,
        email: input.email,
        client_id: input.clientId ?? null,
        token_hash: input.tokenHash,
        code_hash: input.codeHash,
        payload: input.payload,
        attempts: 0,
        created_at: nowIso(),
        expires_at: input.expiresAt,
        used_at: null,
      })
      .execute();
  });
}

export function findEmailCode(db: Db, companyId: number, purpose: string, tokenHash: string) {
  return db
    .selectFrom('email_codes')
    .select(['id', 'purpose', 'email', 'client_id', 'code_hash', 'payload', 'attempts', 'expires_at', 'used_at'])
    .where('company_id', '=', companyId)
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The address of a client's newest unused, unexpired code of the purpose. */
export function findPendingEmailCode(db: Db, companyId: number, purpose: string, clientId: number, now: string) {
  return db
    .selectFrom('email_codes')
    .select(['email'])
    .where('company_id', '=', companyId)
    .where('purpose', '=', purpose)
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The tries spent on an address's codes of the purpose made since `since`, across their tokens. */
export async function sumEmailCodeAttempts(db: Db, companyId: number, purpose: string, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('email_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attempts'), eb.lit(0)).as('n'))
    .where('company_id', '=', companyId)
    .where('purpose', '=', purpose)
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts one try; answers the new count, or undefined when the tries were already used up. */
export async function countEmailCodeAttempt(db: Db, companyId: number, id: number, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Ends the sign-in's customer sessions: as holder of its families and as a guardian of others' (not other guardians' sessions). */
export async function deleteLoginSessions(db: Db, companyId: number, loginId: number, keepSessionId?: number): Promise<void> {
  let q = db
    .deleteFrom('sessions')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'customer')
    .where((eb) =>
      eb.or([
        eb.and([eb('guardian_id', 'is', null), eb('client_id', 'in', eb.selectFrom('clients').select('id').where('company_id', '=', companyId).where('login_id', '=', loginId))]),
        eb('guardian_id', 'in', eb.selectFrom('guardians').select('id').where('company_id', '=', companyId).where('login_id', '=', loginId)),
      ]),
    );
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

export async function consumeEmailCode(db: Db, companyId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('email_codes').set({ used_at: nowIso() }).where('company_id', '=', companyId).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Who a client is and how to reach them (Contact Us fills its form with this). */
export function findClientContact(db: Db, companyId: number, clientId: number) {
  return db.selectFrom('clients').select(['first_name', 'last_name', 'email', 'phone_mobile']).where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
}
