import type { Updateable } from 'kysely';
import { inTransaction, type Db } from '../../db/database.ts';
import type { ClientsTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { consumeEmailCode } from './customer.repository.ts';

const CLIENT_COLUMNS = [
  'id',
  'login_id',
  'first_name',
  'last_name',
  'email',
  'reg_id',
  'gender_type',
  'gender_other',
  'phone_home',
  'phone_work',
  'phone_mobile',
  'phone_mobile2',
  'email2',
  'fax',
  'address1',
  'address2',
  'suburb',
  'state',
  'postcode',
  'billing_addr_same',
  'billing_address1',
  'billing_address2',
  'billing_suburb',
  'billing_state',
  'billing_postcode',
  'notes',
  'details_version',
] as const;

export type ClientDetailsRow = Awaited<ReturnType<typeof findClientDetails>> & object;
export type ClientColumns = Omit<Updateable<ClientsTable>, 'id' | 'company_id' | 'login_id' | 'created_at'>;

export function findClientDetails(db: Db, companyId: number, clientId: number) {
  return db.selectFrom('clients').select(CLIENT_COLUMNS).where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
}

export function findCustomFieldValues(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('client_custom_field_values')
    .select(['custom_field_id', 'custom_field_item_id', 'field_value'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .orderBy('custom_field_id')
    .execute();
}

/**
 * Writes the given columns and custom field values in one transaction; a custom field whose
 * value is null is removed. Columns not given are left as they are (hidden fields, K7).
 */
export async function updateClientDetails(
  db: Db,
  companyId: number,
  clientId: number,
  columns: ClientColumns,
  customValues: { custom_field_id: number; custom_field_item_id: number | null; field_value: string | null }[],
  /** The details version the form was filled from (decision 145); null saves over any. */
  version: number | null = null,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    let update = trx
      .updateTable('clients')
      .set((eb) => ({ ...columns, updated_at: nowIso(), details_version: eb('details_version', '+', 1) }))
      .where('company_id', '=', companyId)
      .where('id', '=', clientId);
    if (version !== null) update = update.where('details_version', '=', version);
    // Moved on since the form was filled: nothing is written.
    if (Number((await update.executeTakeFirst()).numUpdatedRows) === 0) return false;
    // The answers given replace those stored, in one delete and one insert.
    if (customValues.length) {
      await trx
        .deleteFrom('client_custom_field_values')
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .where(
          'custom_field_id',
          'in',
          customValues.map((v) => v.custom_field_id),
        )
        .execute();
    }
    await insertCustomFieldValues(
      trx,
      companyId,
      clientId,
      customValues.filter((v) => v.field_value !== null || v.custom_field_item_id !== null),
    );
    return true;
  });
}

/** A client's answers to the company's own questions, in one statement (none: nothing). */
export async function insertCustomFieldValues(
  db: Db,
  companyId: number,
  clientId: number,
  values: { custom_field_id: number; custom_field_item_id: number | null; field_value: string | null }[],
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insertInto('client_custom_field_values')
    .values(values.map((value) => ({ company_id: companyId, client_id: clientId, ...value })))
    .execute();
}

/** Whether another client of the company holds this registration id. */
export async function isRegIdTaken(db: Db, companyId: number, regId: string): Promise<boolean> {
  const row = await db.selectFrom('clients').select('id').where('company_id', '=', companyId).where('reg_id', '=', regId).executeTakeFirst();
  return row !== undefined;
}

/** The RegID a client holds ('' when none). */
export async function findClientRegId(db: Db, companyId: number, clientId: number): Promise<string | undefined> {
  const row = await db.selectFrom('clients').select('reg_id').where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
  return row?.reg_id;
}

/** Gives a client that holds no RegID this one; false when it held one already (another request gave it first). */
export async function setRegIdIfNone(db: Db, companyId: number, clientId: number, regId: string): Promise<boolean> {
  const result = await db.updateTable('clients').set({ reg_id: regId }).where('company_id', '=', companyId).where('id', '=', clientId).where('reg_id', '=', '').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next number of a company's registration-id sequence, in one statement so two callers never get the same. */
export async function nextRegIdNumber(db: Db, companyId: number, type: string): Promise<number> {
  const row = await db
    .insertInto('reg_id_sequences')
    .values({ company_id: companyId, type, last_value: 1 })
    .onConflict((oc) => oc.columns(['company_id', 'type']).doUpdateSet((eb) => ({ last_value: eb('reg_id_sequences.last_value', '+', 1) })))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

/** The highest number a company's sequence has handed out (0 when none). */
export async function lastRegIdNumber(db: Db, companyId: number, type: string): Promise<number> {
  const row = await db.selectFrom('reg_id_sequences').select('last_value').where('company_id', '=', companyId).where('type', '=', type).executeTakeFirst();
  return row?.last_value ?? 0;
}

export class EmailTakenError extends Error {}

/**
 * Uses the change's e-mail code once and moves the address: the client's e-mail, and when it was its sign-in's
 * address, the sign-in's and that of every other account of the sign-in that shared it. Answers
 * false when another request used the change first; throws EmailTakenError when another sign-in
 * of the company has the address by now.
 */
export async function applyEmailChange(db: Db, input: { companyId: number; codeId: number; clientId: number; loginId: number; oldEmail: string; newEmail: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await consumeEmailCode(trx, input.companyId, input.codeId))) return false;
    const login = await trx.selectFrom('logins').select(['id', 'email']).where('company_id', '=', input.companyId).where('id', '=', input.loginId).executeTakeFirstOrThrow();
    const now = nowIso();
    if (login.email === input.oldEmail) {
      const other = await trx.selectFrom('logins').select('id').where('company_id', '=', input.companyId).where('email', '=', input.newEmail).where('id', '!=', input.loginId).executeTakeFirst();
      if (other) throw new EmailTakenError();
      await trx.updateTable('logins').set({ email: input.newEmail, updated_at: now }).where('company_id', '=', input.companyId).where('id', '=', input.loginId).execute();
      await trx
        .updateTable('clients')
        .set((eb) => ({ email: input.newEmail, updated_at: now, details_version: eb('details_version', '+', 1) }))
        .where('company_id', '=', input.companyId)
        .where('login_id', '=', input.loginId)
        .where('email', '=', input.oldEmail)
        .execute();
    }
    // The address is a field of My details: a form filled before it changed is asked about (decision 145).
    await trx
      .updateTable('clients')
      .set((eb) => ({ email: input.newEmail, updated_at: now, details_version: eb('details_version', '+', 1) }))
      .where('company_id', '=', input.companyId)
      .where('id', '=', input.clientId)
      .execute();
    return true;
  });
}

/** Whether another sign-in of the company uses this address. */
export async function isSignInEmailTaken(db: Db, companyId: number, email: string, ownLoginId: number): Promise<boolean> {
  const row = await db.selectFrom('logins').select('id').where('company_id', '=', companyId).where('email', '=', email).where('id', '!=', ownLoginId).executeTakeFirst();
  return row !== undefined;
}

/** The sign-in of whoever is signed in to the family: the holder's, or the guardian's (decision 101). */
export function findLoginForClient(db: Db, companyId: number, clientId: number, guardianId: number | null = null) {
  if (guardianId !== null) {
    return db
      .selectFrom('guardians')
      .innerJoin('logins', 'logins.id', 'guardians.login_id')
      .select(['logins.id as login_id', 'logins.email', 'logins.password_hash'])
      .where('guardians.company_id', '=', companyId)
      .where('guardians.client_id', '=', clientId)
      .where('guardians.id', '=', guardianId)
      .executeTakeFirst();
  }
  return db
    .selectFrom('clients')
    .innerJoin('logins', (j) => j.onRef('logins.id', '=', 'clients.login_id').onRef('logins.company_id', '=', 'clients.company_id'))
    .select(['logins.id as login_id', 'logins.email', 'logins.password_hash'])
    .where('clients.company_id', '=', companyId)
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
}
