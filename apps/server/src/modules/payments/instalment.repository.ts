import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InstalmentPlansTable, InstalmentsTable } from '../../db/schema-processors.ts';

/** Classes paid in instalments (decision 105): plans, their instalments, and their row in Upcoming Payments. */

export async function insertPlan(db: Db, row: Insertable<InstalmentPlansTable>): Promise<number> {
  const made = await db.insertInto('instalment_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

export async function insertInstalments(db: Db, rows: Insertable<InstalmentsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('instalments').values(rows).execute();
}

export function findPlan(db: Db, companyId: number, planId: number) {
  return db.selectFrom('instalment_plans').selectAll().where('company_id', '=', companyId).where('id', '=', planId).executeTakeFirst();
}

/** A plan's instalments with their invoices as they stand, first to last. */
export function findPlanInstalments(db: Db, companyId: number, planId: number) {
  return db
    .selectFrom('instalments as i')
    .innerJoin('invoices as inv', (j) => j.onRef('inv.company_id', '=', 'i.company_id').onRef('inv.id', '=', 'i.invoice_id'))
    .select([
      'i.seq',
      'i.invoice_id',
      'i.due_date',
      'i.amount_cents',
      'i.status',
      'i.attempts',
      'i.charge_key',
      'inv.invoice_no',
      'inv.status as invoice_status',
      'inv.balance_due_cents',
      'inv.total_cents',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.plan_id', '=', planId)
    .orderBy('i.seq')
    .execute();
}

/** Instalments of the company's active card plans to charge by `today`: due and not tried, or declined and due a retry. */
export function findCardInstalmentsDue(db: Db, companyId: number, today: string, limit: number) {
  return db
    .selectFrom('instalments as i')
    .innerJoin('instalment_plans as p', (j) => j.onRef('p.company_id', '=', 'i.company_id').onRef('p.id', '=', 'i.plan_id'))
    .innerJoin('invoices as inv', (j) => j.onRef('inv.company_id', '=', 'i.company_id').onRef('inv.id', '=', 'i.invoice_id'))
    .select([
      'i.plan_id',
      'i.seq',
      'i.invoice_id',
      'i.amount_cents',
      'i.attempts',
      'i.status',
      'i.charge_key',
      'p.client_id',
      'p.what',
      'p.card_token',
      'p.retries',
      'p.retry_days',
      'inv.invoice_no',
      'inv.balance_due_cents',
    ])
    .where('i.company_id', '=', companyId)
    .where('p.status', '=', 'active')
    .where('p.method', '=', 'card')
    .where((eb) => eb.or([eb.and([eb('i.status', '=', 'scheduled'), eb('i.due_date', '<=', today)]), eb.and([eb('i.status', '=', 'failed'), eb('i.next_attempt', '<=', today)])]))
    .orderBy('i.due_date')
    .limit(limit)
    .execute();
}

/** The company's active plans (their state is read again from their invoices by the hourly run). */
export async function findActivePlanIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.selectFrom('instalment_plans').select('id').where('company_id', '=', companyId).where('status', '=', 'active').execute();
  return rows.map((r) => r.id);
}

export async function findCompaniesWithActivePlans(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('instalment_plans').select('company_id').distinct().where('status', '=', 'active').execute();
  return rows.map((r) => r.company_id);
}

/** Moves an instalment from one of `from`; false when another run moved it first. */
export async function moveInstalment(
  db: Db,
  companyId: number,
  planId: number,
  seq: number,
  from: InstalmentsTable['status'][],
  changes: Partial<Pick<InstalmentsTable, 'status' | 'next_attempt' | 'charge_key' | 'charge_id' | 'updated_at'>> & { attempts?: number },
  attempts?: number,
): Promise<boolean> {
  let q = db.updateTable('instalments').set(changes).where('company_id', '=', companyId).where('plan_id', '=', planId).where('seq', '=', seq).where('status', 'in', from);
  if (attempts !== undefined) q = q.where('attempts', '=', attempts);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function movePlan(db: Db, companyId: number, planId: number, from: InstalmentPlansTable['status'], status: InstalmentPlansTable['status'], now: string): Promise<boolean> {
  const res = await db.updateTable('instalment_plans').set({ status, updated_at: now }).where('company_id', '=', companyId).where('id', '=', planId).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPlanRow(db: Db, companyId: number, planId: number, paymentPlanId: number): Promise<void> {
  await db.updateTable('instalment_plans').set({ payment_plan_id: paymentPlanId }).where('company_id', '=', companyId).where('id', '=', planId).execute();
}

/** Upcoming Payments' row for a plan: the next instalment and how many are still to come. */
export async function insertUpcoming(
  db: Db,
  row: { company_id: number; client_id: number; next_charge: string; amount_cents: number; period: string; remaining_charges: number; notes: string },
): Promise<number> {
  const made = await db.insertInto('payment_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

export async function updateUpcoming(db: Db, companyId: number, id: number, changes: { next_charge: string; amount_cents: number; remaining_charges: number; notes: string }): Promise<void> {
  await db.updateTable('payment_plans').set(changes).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The period a plan's row was written with ("Monthly"): its note names it again as the plan moves on. */
export async function findUpcomingPeriod(db: Db, companyId: number, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('payment_plans').select('period').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return row?.period;
}

/** A family's new card in Billing: its active card plans are charged to it from now on. */
/** Whether an active plan of the client's is charged to a card kept on file. */
export async function hasCardPlans(db: Db, companyId: number, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('instalment_plans')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    .where('method', '=', 'card')
    .where('card_token', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function moveCardPlans(db: Db, companyId: number, clientId: number, token: string | null, now: string): Promise<number> {
  const res = await db
    .updateTable('instalment_plans')
    .set({ card_token: token, updated_at: now })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    .where('method', '=', 'card')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
