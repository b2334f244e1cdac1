import type { Db } from '../../db/database.ts';
import type { CollectionStatus, DirectDebitCollectionsTable, MandateStatus } from '../../db/schema-processors.ts';

/** What the portal keeps of direct debit at a provider (decision 104): mandates being set up or set up, and each invoice's collections. */

/** Mandates that may still collect: set up and not ended. */
const LIVE: MandateStatus[] = ['pending_submission', 'submitted', 'active'];
/** Collections still on their way to the bank, or paid: an invoice with one is not collected again. */
const UNDER_WAY: CollectionStatus[] = ['asked', 'pending_submission', 'submitted', 'confirmed', 'paid_out'];

export async function insertMandateRequest(db: Db, row: { company_id: number; provider: string; request_id: string; client_id: number; created_at: string }): Promise<void> {
  await db
    .insertInto('direct_debit_mandates')
    .values({ ...row, mandate_id: null, status: 'pending', updated_at: row.created_at })
    .onConflict((oc) => oc.columns(['company_id', 'provider', 'request_id']).doNothing())
    .execute();
}

/** The client's set-ups not yet finished, newest first. */
export function findPendingMandateRequests(db: Db, companyId: number, provider: string, clientId: number) {
  return db
    .selectFrom('direct_debit_mandates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('client_id', '=', clientId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(5)
    .execute();
}

export function findMandateRequest(db: Db, companyId: number, provider: string, requestId: string) {
  return db.selectFrom('direct_debit_mandates').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).where('request_id', '=', requestId).executeTakeFirst();
}

export function findMandateRow(db: Db, companyId: number, provider: string, mandateId: string) {
  return db.selectFrom('direct_debit_mandates').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).where('mandate_id', '=', mandateId).executeTakeFirst();
}

/** The request's mandate, once: false when another call (the browser's return, the webhook) recorded it first. */
export async function recordMandate(db: Db, companyId: number, provider: string, requestId: string, mandateId: string, status: MandateStatus, now: string): Promise<boolean> {
  const res = await db
    .updateTable('direct_debit_mandates')
    .set({ mandate_id: mandateId, status, updated_at: now })
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('request_id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setMandateStatus(db: Db, companyId: number, provider: string, mandateId: string, status: MandateStatus, now: string): Promise<void> {
  await db.updateTable('direct_debit_mandates').set({ status, updated_at: now }).where('company_id', '=', companyId).where('provider', '=', provider).where('mandate_id', '=', mandateId).execute();
}

/**
 * Invoices of the company to collect now: Debit Scheduled, due by `today`, owing, of a client
 * whose bank details on file are a live mandate at the provider, and with no collection under
 * way or paid. Each with the mandate and the attempt it would be.
 */
export async function findDueCollections(db: Db, companyId: number, provider: string, today: string, limit: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('payment_methods as pm', (j) => j.onRef('pm.company_id', '=', 'i.company_id').onRef('pm.client_id', '=', 'i.client_id'))
    .innerJoin('direct_debit_mandates as m', (j) => j.onRef('m.company_id', '=', 'pm.company_id').onRef('m.mandate_id', '=', 'pm.gateway_token'))
    .select(['i.id as invoice_id', 'i.invoice_no', 'i.client_id', 'i.balance_due_cents', 'm.mandate_id'])
    .select((eb) =>
      eb
        .selectFrom('direct_debit_collections as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.company_id', '=', 'i.company_id')
        .whereRef('c.invoice_id', '=', 'i.id')
        .as('attempts'),
    )
    .where('i.company_id', '=', companyId)
    .where('i.status', '=', 'Debit Scheduled')
    .where('i.payment_date', '<=', today)
    .where('i.balance_due_cents', '>', 0)
    .where('pm.kind', '=', 'bank')
    .where('m.provider', '=', provider)
    .where('m.status', 'in', LIVE)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('direct_debit_collections as c').select('c.invoice_id').whereRef('c.company_id', '=', 'i.company_id').whereRef('c.invoice_id', '=', 'i.id').where('c.status', 'in', UNDER_WAY),
        ),
      ),
    )
    .orderBy('i.payment_date')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

/** A collection about to be asked of the provider, written first so a lost answer is asked again under the same key; false when it was already. */
export async function insertCollection(db: Db, row: Omit<DirectDebitCollectionsTable, 'payment_id' | 'status' | 'charge_date' | 'failure' | 'updated_at' | 'retries'>): Promise<boolean> {
  const made = await db
    .insertInto('direct_debit_collections')
    .values({ ...row, payment_id: null, status: 'asked', charge_date: null, failure: null, updated_at: row.created_at })
    .onConflict((oc) => oc.doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return made !== undefined;
}

/** Collections asked but never answered (a lost answer, a process that died): asked again under their key. */
export function findUnansweredCollections(db: Db, companyId: number, provider: string, before: string) {
  return db
    .selectFrom('direct_debit_collections')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('status', '=', 'asked')
    .where('created_at', '<', before)
    .limit(100)
    .execute();
}

export function findCollectionByPayment(db: Db, companyId: number, provider: string, paymentId: string) {
  return db.selectFrom('direct_debit_collections').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).where('payment_id', '=', paymentId).executeTakeFirst();
}

/**
 * Moves a collection from one of `from` to its new state; false when it was not in one of them
 * (another event or process moved it first), so what follows a move happens once.
 */
export async function moveCollection(
  db: Db,
  companyId: number,
  provider: string,
  key: string,
  from: CollectionStatus[],
  changes: Partial<Pick<DirectDebitCollectionsTable, 'payment_id' | 'status' | 'charge_date' | 'failure' | 'updated_at'>> & { retries?: number },
): Promise<boolean> {
  const res = await db
    .updateTable('direct_debit_collections')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('idempotency_key', '=', key)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Companies with direct debit at the provider (credentials stored): the ones the jobs look at. */
export async function findDirectDebitCompanyIds(db: Db, provider: string): Promise<number[]> {
  const rows = await db.selectFrom('processor_credentials').select('company_id').where('provider', '=', provider).execute();
  return rows.map((r) => r.company_id);
}

/** GoCardless replaced a mandate by another: the set-up row follows the new one. */
export async function replaceMandate(db: Db, companyId: number, provider: string, oldId: string, newId: string, status: MandateStatus, now: string): Promise<void> {
  await db
    .updateTable('direct_debit_mandates')
    .set({ mandate_id: newId, status, updated_at: now })
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('mandate_id', '=', oldId)
    .execute();
}

/** The client's invoices with a collection on its way to the bank or paid. */
export async function findInvoicesUnderCollection(db: Db, companyId: number, clientId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('direct_debit_collections')
    .select('invoice_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', 'in', UNDER_WAY)
    .execute();
  return rows.map((r) => r.invoice_id);
}

/**
 * Debit Scheduled invoices due by `today` that nothing will collect: the client has no live
 * mandate of the provider on file (removed, replaced by a card, never set up) and no collection
 * under way. The hourly run opens them for the family to pay.
 */
export function findUncollectableDebits(db: Db, companyId: number, provider: string, today: string, limit: number, pendingSince: string) {
  return (
    db
      .selectFrom('invoices as i')
      .select(['i.id', 'i.client_id', 'i.invoice_no', 'i.balance_due_cents'])
      .where('i.company_id', '=', companyId)
      .where('i.status', '=', 'Debit Scheduled')
      .where('i.payment_date', '<=', today)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('payment_methods as pm')
              .innerJoin('direct_debit_mandates as m', (j) => j.onRef('m.company_id', '=', 'pm.company_id').onRef('m.mandate_id', '=', 'pm.gateway_token'))
              .select('pm.id')
              .whereRef('pm.company_id', '=', 'i.company_id')
              .whereRef('pm.client_id', '=', 'i.client_id')
              .where('pm.kind', '=', 'bank')
              .where('m.provider', '=', provider)
              .where('m.status', 'in', LIVE),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('direct_debit_collections as c').select('c.invoice_id').whereRef('c.company_id', '=', 'i.company_id').whereRef('c.invoice_id', '=', 'i.id').where('c.status', 'in', UNDER_WAY),
          ),
        ),
      )
      // A family on GoCardless's pages now (one just registered) is given a day to finish.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('direct_debit_mandates as p')
              .select('p.request_id')
              .whereRef('p.company_id', '=', 'i.company_id')
              .whereRef('p.client_id', '=', 'i.client_id')
              .where('p.provider', '=', provider)
              .where('p.status', '=', 'pending')
              .where('p.created_at', '>', pendingSince),
          ),
        ),
      )
      .orderBy('i.payment_date')
      .limit(limit)
      .execute()
  );
}
