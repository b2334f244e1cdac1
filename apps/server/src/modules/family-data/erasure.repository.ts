import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FamilyScope } from './family-data.repository.ts';

/**
 * What erasure does with each table that holds a family's rows (decision 097). A test checks that
 * every table with a `client_id` is named here once.
 */
export const ERASURE = {
  /** Deleted, children before the rows they hang from. */
  deleted: [
    'sessions',
    'email_codes',
    'sign_in_actions',
    'notification_contacts',
    'notification_opt_outs',
    'message_replies',
    'message_reads',
    'messages',
    'barcodes',
    'client_custom_field_values',
    'registrations',
    'calendar_feeds',
    'gateway_cards',
    'processor_customers',
    'direct_debit_mandates',
    'payment_methods',
    'waitlist_entries',
    'activity_log',
    'push_subscriptions',
    'guardian_invitations',
    'guardians',
  ],
  /** Kept with the person's details blanked: what the kept records point to. */
  anonymised: ['clients', 'students'],
  /** Kept as they are, and why. */
  kept: {
    invoices: 'tax and accounting records the company must keep (they name what was sold)',
    receipts: 'accounting records of money received',
    payments: 'accounting records of money received',
    direct_debit_collections: 'accounting records of money collected by direct debit for kept invoices',
    customer_credits: 'money the company owes the account',
    discount_code_uses: 'part of the price of a kept invoice',
    payment_plans: 'what is still owed on kept invoices',
    instalment_plans: 'instalments of kept invoices, and the card reference they are charged to until the plan ends',
    bookings: 'courts sold on kept invoices; they hold nothing about the person',
    absences: 'attendance of an anonymised student, for the class registers',
    makeup_credits: 'attendance of an anonymised student, for the class registers',
    agreement_signatures: 'evidence of what was agreed, kept as the invoices are',
    guest_clients: 'the company’s own guest account, not a family’s',
    deletion_requests: 'the record that the account was erased, and when',
  },
} as const;

/** Student tables without a client: deleted for the family's students. */
const STUDENT_ROWS = ['student_pictures', 'student_skill_sets', 'student_certificates'] as const;

const ERASED = 'Erased';

/** Erases a family in the caller's transaction: rows deleted, the account and its students blanked, the sign-in made unusable. */
export async function eraseFamily(db: Db, { companyId, clientId }: FamilyScope, now: string): Promise<void> {
  const client = await db.selectFrom('clients').select(['login_id']).where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
  if (!client) return;
  for (const table of ERASURE.deleted) await sql`delete from ${sql.table(table)} where company_id = ${companyId} and client_id = ${clientId}`.execute(db);
  const students = db.selectFrom('students').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId);
  for (const table of STUDENT_ROWS) await sql`delete from ${sql.table(table)} where company_id = ${companyId} and student_id in (${students})`.execute(db);
  await db
    .updateTable('students')
    .set({
      first_name: ERASED,
      last_name: '',
      dob: null,
      gender: '',
      gender_other: null,
      profile_picture: null,
      reg_id: null,
      phone_mobile: null,
      email: null,
      address1: null,
      address2: null,
      suburb: null,
      state: null,
      postcode: null,
      medical_condition_ids: null,
      additional_medical_conditions: null,
      referral_source_id: null,
      school_id: null,
      notes: null,
      pending_days: null,
      custom_field_values: null,
      updated_at: now,
    })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .execute();
  const placeholder = `erased-${companyId}-${clientId}@erased.invalid`;
  await db
    .updateTable('clients')
    .set({
      first_name: ERASED,
      last_name: '',
      email: placeholder,
      phone_mobile: '',
      phone_home: '',
      phone_work: '',
      phone_mobile2: '',
      email2: '',
      fax: '',
      address1: '',
      address2: '',
      suburb: '',
      state: '',
      postcode: '',
      billing_address1: '',
      billing_address2: '',
      billing_suburb: '',
      billing_state: '',
      billing_postcode: '',
      reg_id: '',
      gender_type: '',
      gender_other: '',
      notes: '',
      marketing_opt_in: null,
      updated_at: now,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .execute();
  // The sign-in: gone with the account, unless the address signs in to another account too, held
  // or as a guardian of another family (decision 101).
  const others = await db.selectFrom('clients').select('id').where('login_id', '=', client.login_id).where('id', '!=', clientId).executeTakeFirst();
  const guardianElsewhere = await db.selectFrom('guardians').select('id').where('login_id', '=', client.login_id).where('client_id', '!=', clientId).executeTakeFirst();
  if (!others && !guardianElsewhere) {
    await db.deleteFrom('password_reset_tokens').where('login_id', '=', client.login_id).execute();
    await db
      .updateTable('logins')
      .set({ email: placeholder, password_hash: `erased:${randomBytes(16).toString('hex')}`, updated_at: now })
      .where('id', '=', client.login_id)
      .execute();
    return;
  }
  // The sign-in stays for its other accounts; the erased one leaves it, so it is never offered at sign-in again.
  const detached = await db
    .insertInto('logins')
    .values({ company_id: companyId, email: placeholder, password_hash: `erased:${randomBytes(16).toString('hex')}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('clients').set({ login_id: detached.id }).where('company_id', '=', companyId).where('id', '=', clientId).execute();
}

export function findOpenRequest(db: Db, { companyId, clientId }: FamilyScope) {
  return db
    .selectFrom('deletion_requests')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('withdrawn_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** Sets fields on the family's open request; false when it has none. */
async function updateOpenRequest(db: Db, { companyId, clientId }: FamilyScope, set: { withdrawn_at: string } | { confirmed_at: string; erase_after: string }): Promise<boolean> {
  const res = await db
    .updateTable('deletion_requests')
    .set(set)
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('withdrawn_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertRequest(db: Db, row: { companyId: number; clientId: number; requestedAt: string; eraseAfter: string }): Promise<void> {
  await db.insertInto('deletion_requests').values({ company_id: row.companyId, client_id: row.clientId, requested_at: row.requestedAt, erase_after: row.eraseAfter }).execute();
}

export function withdrawRequest(db: Db, scope: FamilyScope, now: string): Promise<boolean> {
  return updateOpenRequest(db, scope, { withdrawn_at: now });
}

/** The company confirms (the operator's command): the erasure falls due at once. */
export function confirmRequest(db: Db, scope: FamilyScope, now: string): Promise<boolean> {
  return updateOpenRequest(db, scope, { confirmed_at: now, erase_after: now });
}

/** Requests whose erasure is due (a batch), oldest first. */
export function findDueRequests(db: Db, now: string, limit = 50) {
  return db
    .selectFrom('deletion_requests')
    .select(['id', 'company_id', 'client_id'])
    .where('withdrawn_at', 'is', null)
    .where('erased_at', 'is', null)
    .where('erase_after', '<=', now)
    .orderBy('erase_after')
    .limit(limit)
    .execute();
}

/** Marks a request carried out; false when another process did it first. */
export async function markErased(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('deletion_requests').set({ erased_at: now }).where('id', '=', id).where('erased_at', 'is', null).where('withdrawn_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
