import type { Db } from '../../db/database.ts';
import type { GuardianRole } from '@portal/shared/guardian-schemas';

interface Scope {
  companyId: number;
  clientId: number;
}

/** The family's guardians with the address each signs in with, oldest first. */
export function findGuardians(db: Db, { companyId, clientId }: Scope) {
  return db
    .selectFrom('guardians as g')
    .innerJoin('logins as l', 'l.id', 'g.login_id')
    .select(['g.id', 'g.first_name', 'g.last_name', 'l.email', 'g.role', 'g.created_at'])
    .where('g.company_id', '=', companyId)
    .where('g.client_id', '=', clientId)
    .orderBy('g.id')
    .execute();
}

/** Invitations not yet answered and not expired, newest first. */
export function findPendingInvitations(db: Db, { companyId, clientId }: Scope, now: string) {
  return db
    .selectFrom('guardian_invitations')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

/** The holder's sign-in address and name. */
export function findHolder(db: Db, { companyId, clientId }: Scope) {
  return db
    .selectFrom('clients as c')
    .innerJoin('logins as l', 'l.id', 'c.login_id')
    .select(['l.email', 'c.first_name', 'c.last_name'])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', clientId)
    .executeTakeFirst();
}

export function findGuardianByEmail(db: Db, { companyId, clientId }: Scope, email: string) {
  return db
    .selectFrom('guardians as g')
    .innerJoin('logins as l', 'l.id', 'g.login_id')
    .select('g.id')
    .where('g.company_id', '=', companyId)
    .where('g.client_id', '=', clientId)
    .where('l.email', '=', email)
    .executeTakeFirst();
}

/** A new invitation, in place of any unanswered one to the same address (one statement: decision 141). */
export async function replaceInvitation(
  db: Db,
  row: Scope & { email: string; firstName: string; lastName: string; role: GuardianRole; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  const invitation = { first_name: row.firstName, last_name: row.lastName, role: row.role, token_hash: row.tokenHash, created_at: row.createdAt, expires_at: row.expiresAt };
  await db
    .insertInto('guardian_invitations')
    .values({ company_id: row.companyId, client_id: row.clientId, email: row.email, ...invitation })
    .onConflict((oc) => oc.columns(['company_id', 'client_id', 'email']).where('accepted_at', 'is', null).doUpdateSet(invitation))
    .execute();
}

export async function deleteInvitation(db: Db, { companyId, clientId }: Scope, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('guardian_invitations')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** A guardian's name and the address they sign in with. */
export function findGuardianContact(db: Db, { companyId, clientId }: Scope, id: number) {
  return db
    .selectFrom('guardians as g')
    .innerJoin('logins as l', 'l.id', 'g.login_id')
    .select(['g.first_name', 'g.last_name', 'l.email'])
    .where('g.company_id', '=', companyId)
    .where('g.client_id', '=', clientId)
    .where('g.id', '=', id)
    .executeTakeFirst();
}

export function findGuardian(db: Db, { companyId, clientId }: Scope, id: number) {
  return db.selectFrom('guardians').select(['id', 'first_name', 'last_name', 'role']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

export async function updateRole(db: Db, { companyId, clientId }: Scope, id: number, role: GuardianRole): Promise<void> {
  await db.updateTable('guardians').set({ role }).where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** Removes the guardian; their sessions and push devices go with the row (foreign keys, migration 036). */
export async function deleteGuardian(db: Db, { companyId, clientId }: Scope, id: number): Promise<void> {
  await db.deleteFrom('guardians').where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** An invitation by its link's hash, whatever its state, with the family's company. */
export function findInvitationByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('guardian_invitations')
    .select(['id', 'company_id', 'client_id', 'email', 'first_name', 'last_name', 'role', 'expires_at', 'accepted_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the invitation answered unless it already was: true for the one caller that did. */
export async function claimInvitation(db: Db, id: number, tokenHash: string, now: string): Promise<boolean> {
  // Under the token it was read by: an invitation made again meanwhile (a new token, perhaps a new role) is not claimed by the old link.
  const res = await db
    .updateTable('guardian_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The guardian for the sign-in on the family: a new row, or the existing one given the invitation's role. */
export async function upsertGuardian(db: Db, row: Scope & { loginId: number; role: GuardianRole; firstName: string; lastName: string; createdAt: string }): Promise<number> {
  const saved = await db
    .insertInto('guardians')
    .values({ company_id: row.companyId, client_id: row.clientId, login_id: row.loginId, role: row.role, first_name: row.firstName, last_name: row.lastName, created_at: row.createdAt })
    .onConflict((oc) => oc.columns(['client_id', 'login_id']).doUpdateSet({ role: row.role }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}
