import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { nowIso } from '../../lib/time.ts';
import type { SessionsRow } from '../../domain/session.ts';

export type SessionKind = 'company' | 'customer';

export async function createSession(
  db: Db,
  input: { kind: SessionKind; companyId: number; clientId: number | null; guardianId?: number | null; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      kind: input.kind,
      company_id: input.companyId,
      client_id: input.clientId,
      guardian_id: input.guardianId ?? null,
      created_at: nowIso(now),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The company session with its company and, when a customer token is given, the customer
 * session of the same company, the guardian it belongs to (decision 101), and whether its client
 * has sign-in actions pending (the holder's alone to complete): one query,
 * because it runs on every call.
 */
export async function findSessions(db: Db, companyToken: string, customerToken: string | undefined): Promise<SessionsRow | undefined> {
  const companyHash = hashToken(companyToken);
  const customerHash = customerToken ? hashToken(customerToken) : '';
  const { rows } = await sql<SessionsRow>`
    select s.id as session_id, s.expires_at, c.id, c.customer_id, c.company_details_id, c.code, c.trading_name, c.application, c.settings_version,
           u.id as customer_session_id, u.client_id as customer_client_id, u.expires_at as customer_expires_at,
           g.id as customer_guardian_id, g.role as customer_role, g.first_name as customer_guardian_first_name, g.last_name as customer_guardian_last_name,
           case when u.id is not null and u.guardian_id is null and exists (
             select 1 from sign_in_actions a where a.company_id = u.company_id and a.client_id = u.client_id and a.completed_at is null
           ) then 1 else 0 end as customer_actions
      from sessions s
      join companies c on c.id = s.company_id
      left join sessions u on u.token_hash = ${customerHash} and u.kind = 'customer' and u.company_id = c.id
      left join guardians g on g.id = u.guardian_id
     where s.token_hash = ${companyHash} and s.kind = 'company'`.execute(db);
  return rows[0];
}

/** The company session alone, for refreshing it. */
export function findCompanySession(db: Db, token: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id as session_id', 's.expires_at', 'c.id'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.kind', '=', 'company')
    .executeTakeFirst();
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteSessionById(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('sessions').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * Removes what can no longer be used: sessions past their refresh window, and reset tokens and
 * e-mail codes a day past their expiry (kept that long so a late click still gets a clear answer).
 */
export async function deleteExpired(db: Db, now = new Date(), sessionGraceMs = 30 * 24 * 3600_000): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now.getTime() - sessionGraceMs).toISOString())
    .execute();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('email_codes').where('expires_at', '<', dayAgo).execute();
}
