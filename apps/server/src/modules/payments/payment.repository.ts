import { sql, type Insertable } from 'kysely';
import type { Db, Engine } from '../../db/database.ts';
import type { PaymentsTable } from '../../db/schema.ts';

type PaymentStatus = PaymentsTable['status'];

/**
 * Serialises the checkouts of one client, in the caller's transaction: a row lock on PostgreSQL.
 * SQLite's transactions begin immediate and so run one at a time already: nothing to send.
 */
export async function lockClient(db: Db, engine: Engine, companyId: number, clientId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('clients').select('id').where('company_id', '=', companyId).where('id', '=', clientId).forUpdate().executeTakeFirst();
}

/** Inserts the payment unless the key was used by this client; answers the new row or null. */
export async function insertPaymentOnce(db: Db, row: Insertable<PaymentsTable>) {
  const made = await db
    .insertInto('payments')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'client_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return made ?? null;
}

export function findPaymentByKey(db: Db, companyId: number, clientId: number, key: string) {
  return db.selectFrom('payments').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findPaymentById(db: Db, companyId: number, id: number) {
  return db.selectFrom('payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentById>>>;

/**
 * Payments of the client still in flight (their holds count); with a key, in the same query,
 * whether the client has a payment under it (`keyed`).
 */
export async function findLivePayments(db: Db, companyId: number, clientId: number, now: string, key?: string) {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'request', 'idempotency_key'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) => {
      const live = eb.and([eb('status', 'in', ['processing', 'requires_action']), eb('lease_until', '>', now)]);
      return key === undefined ? live : eb.or([live, eb('idempotency_key', '=', key)]);
    })
    .execute();
  return { keyed: key !== undefined && rows.some((r) => r.idempotency_key === key), live: rows.filter((r) => key === undefined || r.idempotency_key !== key) };
}

/**
 * A checkout's first read: the client's payment under the key, if any, and its payments waiting
 * on a card check (decision 084), in one query.
 */
export async function findPaymentByKeyAndAwaitingAction(db: Db, companyId: number, clientId: number, key: string) {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('idempotency_key', '=', key), eb('status', '=', 'requires_action')]))
    .orderBy('id')
    .execute();
  return { keyed: rows.find((r) => r.idempotency_key === key), awaitingAction: rows.filter((r) => r.status === 'requires_action') };
}

/** Moves a payment on, only from the statuses given; false when another call moved it first. */
export async function movePayment(
  db: Db,
  companyId: number,
  id: number,
  from: readonly PaymentStatus[],
  set: Partial<Pick<PaymentsTable, 'status' | 'result' | 'reference' | 'lease_until' | 'quote' | 'amount_cents' | 'processor' | 'updated_at'>>,
  leaseWas?: string,
): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set(set)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .$if(leaseWas !== undefined, (q) => q.where('lease_until', '=', leaseWas!))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Payments whose process stopped answering: in flight with their lease run out. */
export function findStalePayments(db: Db, now: string, limit = 100) {
  return db.selectFrom('payments').selectAll().where('status', 'in', ['processing', 'requires_action']).where('lease_until', '<=', now).orderBy('id').limit(limit).execute();
}

/**
 * Claims a charge for its refund until `leaseUntil`: one conditional write, so of the processes
 * claiming it at once one gets it; false while another holds it, or once it was refunded.
 */
export async function claimChargeRefund(db: Db, companyId: number, chargeId: string, now: string, leaseUntil: string): Promise<boolean> {
  const row = await db
    .insertInto('charge_refunds')
    .values({ company_id: companyId, charge_id: chargeId, lease_until: leaseUntil, refunded_at: null })
    .onConflict((oc) => oc.columns(['company_id', 'charge_id']).doUpdateSet({ lease_until: leaseUntil }).where('charge_refunds.refunded_at', 'is', null).where('charge_refunds.lease_until', '<=', now))
    .returning('charge_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markChargeRefunded(db: Db, companyId: number, chargeId: string, at: string): Promise<void> {
  await db.updateTable('charge_refunds').set({ refunded_at: at }).where('company_id', '=', companyId).where('charge_id', '=', chargeId).execute();
}

export function findPaymentsByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('payments').select(['id', 'status']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** The companies with charges, and where: at the simulator, or at a real processor (decision 103). */
export function findCompaniesWithCharges(db: Db) {
  return db
    .selectFrom('gateway_charges')
    .select(['company_id', sql<string>`'simulated'`.as('provider')])
    .union(db.selectFrom('processor_charges').select(['company_id', 'provider']))
    .execute();
}

// ---- Invoices paid through the invoice checkout ----

export function findClientInvoices(db: Db, companyId: number, clientId: number, invoiceNos: readonly string[]) {
  if (invoiceNos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_no', 'payment_date', 'total_cents', 'balance_due_cents', 'tax_cents', 'status'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('invoice_no', 'in', [...invoiceNos])
    .execute();
}

// ---- Discount codes and credits ----

export function findActiveDiscountCodes(db: Db, engine: Engine, companyId: number, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('discount_codes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .where((eb) =>
      eb(
        eb.fn('upper', ['code']),
        'in',
        codes.map((c) => c.toUpperCase()),
      ),
    )
    .$if(engine === 'postgres', (q) => q.forUpdate())
    .execute();
}

export async function countDiscountCodeUses(db: Db, companyId: number, codeIds: readonly number[], clientId: number) {
  if (codeIds.length === 0) return [];
  return db
    .selectFrom('discount_code_uses')
    .select((eb) => ['discount_code_id', eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('client_id', '=', clientId).then(1).else(0).end()).as('by_client')])
    .where('company_id', '=', companyId)
    .where('discount_code_id', 'in', [...codeIds])
    .groupBy('discount_code_id')
    .execute();
}

export function insertDiscountCodeUses(
  db: Db,
  rows: { company_id: number; client_id: number; discount_code_id: number; payment_id: number; invoice_no: string; discount_cents: number; created_at: string }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('discount_code_uses').values(rows).execute();
}

export function renameDiscountCodeInvoice(db: Db, companyId: number, paymentId: number, from: string, to: string) {
  return db.updateTable('discount_code_uses').set({ invoice_no: to }).where('company_id', '=', companyId).where('payment_id', '=', paymentId).where('invoice_no', '=', from).execute();
}

export function deleteDiscountCodeUses(db: Db, companyId: number, paymentId: number) {
  return db.deleteFrom('discount_code_uses').where('company_id', '=', companyId).where('payment_id', '=', paymentId).execute();
}

export function findClientCredits(db: Db, engine: Engine, companyId: number, clientId: number, ids?: readonly number[]) {
  return db
    .selectFrom('customer_credits')
    .select(['id', 'description', 'amount_cents', 'remaining_cents', 'created_at'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!.length ? [...ids!] : [-1]))
    .$if(ids === undefined, (q) => q.where('remaining_cents', '>', 0))
    .$if(engine === 'postgres' && ids !== undefined, (q) => q.forUpdate())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Takes `cents` off a credit's remaining amount; false when that much is no longer left. */
export async function useCredit(db: Db, companyId: number, creditId: number, paymentId: number, cents: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('customer_credits')
    .set((eb) => ({ remaining_cents: eb('remaining_cents', '-', cents) }))
    .where('company_id', '=', companyId)
    .where('id', '=', creditId)
    .where('remaining_cents', '>=', cents)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db.insertInto('credit_uses').values({ company_id: companyId, credit_id: creditId, payment_id: paymentId, amount_cents: cents, created_at: now }).execute();
  return true;
}

/** Gives back what a failed payment took from credits. */
export async function restoreCredits(db: Db, companyId: number, paymentId: number): Promise<void> {
  const uses = await db.selectFrom('credit_uses').select(['id', 'credit_id', 'amount_cents']).where('company_id', '=', companyId).where('payment_id', '=', paymentId).execute();
  for (const use of uses) {
    await db
      .updateTable('customer_credits')
      .set((eb) => ({ remaining_cents: eb('remaining_cents', '+', use.amount_cents) }))
      .where('company_id', '=', companyId)
      .where('id', '=', use.credit_id)
      .execute();
  }
  await db.deleteFrom('credit_uses').where('company_id', '=', companyId).where('payment_id', '=', paymentId).execute();
}

export function findClientContact(db: Db, companyId: number, clientId: number) {
  return db.selectFrom('clients').select(['first_name', 'last_name', 'email']).where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
}

/** A credit in the family's favour, for its next payments (a class change that costs less). */
export async function insertCustomerCredit(db: Db, row: { companyId: number; clientId: number; description: string; cents: number; createdAt: string }): Promise<number> {
  const inserted = await db
    .insertInto('customer_credits')
    .values({ company_id: row.companyId, client_id: row.clientId, description: row.description, amount_cents: row.cents, remaining_cents: row.cents, created_at: row.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The newest credit of a client with this description (a class change asked again finds the credit it gave). */
export function findCustomerCreditByDescription(db: Db, companyId: number, clientId: number, description: string) {
  return db
    .selectFrom('customer_credits')
    .select(['id', 'amount_cents'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('description', '=', description)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
