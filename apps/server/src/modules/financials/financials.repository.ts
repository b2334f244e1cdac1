import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { INVOICE_STATUSES } from '@portal/shared/constants';
import type { BalanceHistoryRow } from '@portal/shared/financials-schemas';
import type { Db, Engine } from '../../db/database.ts';
import { clientAllocations } from './statement.repository.ts';

type Sort = 'asc' | 'desc';
type BalanceEntryType = BalanceHistoryRow['type'];
type Listing = { companyId: number; clientId: number; sort: Sort; limit: number; offset: number };

/** A LIKE pattern matching the text anywhere, with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/**
 * Case-insensitive "column contains pattern" with one escape character on both engines. SQLite's
 * LIKE already ignores ASCII case (and its lower() folds nothing more), so the column is compared
 * as it is there: lower() on every row of a 2,000-invoice search cost more than the LIKE itself.
 */
const like = (engine: Engine, column: string, pattern: string): RawBuilder<boolean> =>
  engine === 'sqlite' ? sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'` : sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/** Statuses whose name holds the search text: compared by value, not by a LIKE on every row. */
const matchingStatuses = (text: string) => INVOICE_STATUSES.filter((st) => st.toLowerCase().includes(text.toLowerCase()));
/** Only a term of digits and separators can be part of a date. */
const dateLike = (text: string) => /^[\d/.-]+$/.test(text);

/**
 * One page of a client's list and the list's total in one query: the total is an uncorrelated
 * subquery over the same filter, which both engines run once per statement (SQLite caches it,
 * PostgreSQL makes it an InitPlan), beside the page read in index order. A page past the end has
 * no row to carry the total, so only then is it counted alone. Every list of financials is read
 * through here (decision 033).
 */
async function pageWithTotal<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  page: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: O[]; total: number }> {
  const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
  const found = (await page(filtered)
    .select(sql<number>`(${count})`.as('total_count'))
    .limit(limit)
    .offset(offset)
    .execute()) as (O & { total_count: number })[];
  if (found.length === 0 && offset > 0) return { rows: [], total: Number(((await count.executeTakeFirstOrThrow()) as { n: number }).n) };
  return { rows: found.map(({ total_count: _, ...row }) => row as unknown as O), total: Number(found[0]?.total_count ?? 0) };
}

/**
 * For a query over `invoices`: the day a Debit Scheduled invoice's collection takes the money, as
 * its provider set it (its latest attempt, asked and not yet collected or failed); null before
 * the collection is asked, and for every other invoice.
 */
export const debitDate = sql<string | null>`(select d.charge_date from direct_debit_collections d
  where d.company_id = invoices.company_id and d.invoice_id = invoices.id and invoices.status = 'Debit Scheduled' and d.status in ('pending_submission', 'submitted')
  order by d.attempt desc limit 1)`.as('debit_date');

/**
 * A client's invoices, searched by number, status or date, in date order; paged. The page and its
 * total read only the index invoices_client_list (migration 013-c) until the page's rows; a
 * status is compared before the LIKE, so most rows of a status search never reach it.
 */
export function findInvoices(db: Db, engine: Engine, input: Listing & { search: string }) {
  let base = db.selectFrom('invoices').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId);
  if (input.search) {
    const p = contains(input.search);
    const statuses = matchingStatuses(input.search);
    base = base.where((eb) =>
      eb.or([
        ...(statuses.length > 0 ? [eb('status', 'in', statuses)] : []),
        like(engine, 'invoice_no', p),
        ...(dateLike(input.search) ? [like(engine, 'invoice_date', p), like(engine, 'payment_date', p)] : []),
      ]),
    );
  }
  return pageWithTotal(
    base,
    (q) => q.select(['invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'status', debitDate]).orderBy('invoice_date', input.sort).orderBy('invoice_no', input.sort),
    input,
  );
}

/**
 * A client's balance history as a statement (decision 081): each invoice (a charge, on its date)
 * and each payment on an invoice (a receipt allocation), with the running balance after it over
 * the whole history: every charge so far less every payment so far. Within a day, in the order it
 * happened: an invoice paid that same day (a checkout's) just before its first payment, the day's
 * other invoices before its payments. The search and the page apply after the balance, so a row found or paged to keeps
 * the balance it has in the full statement.
 */
export function findBalanceHistory(db: Db, engine: Engine, input: Listing & { search: string }) {
  const { companyId, clientId } = input;
  const charges = db
    .selectFrom('invoices as i')
    .select([
      sql<BalanceEntryType>`'invoice'`.as('type'),
      'i.invoice_date as date',
      // When it happened within its day: an invoice paid the same day (a checkout's) just before its first payment; others first.
      sql<string>`coalesce((select min(r.created_at) from receipt_allocations a join receipts r on r.id = a.receipt_id and r.company_id = a.company_id
        where a.company_id = i.company_id and a.invoice_id = i.id and r.receipt_date = i.invoice_date), '')`.as('at'),
      sql<number>`0`.as('kind'),
      sql<string>`''`.as('receipt_key'),
      'i.invoice_no',
      sql<string | null>`null`.as('receipt_no'),
      sql<string | null>`null`.as('method'),
      'i.total_cents as amount_cents',
      'i.total_cents as delta_cents',
      'i.id as seq',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.client_id', '=', clientId);
  const payments = clientAllocations(db, companyId, clientId).select([
    sql<BalanceEntryType>`'payment'`.as('type'),
    'r.receipt_date as date',
    'r.created_at as at',
    sql<number>`1`.as('kind'),
    'r.receipt_no as receipt_key',
    'i.invoice_no',
    sql<string | null>`${sql.ref('r.receipt_no')}`.as('receipt_no'),
    sql<string | null>`${sql.ref('r.method')}`.as('method'),
    'a.amount_cents',
    sql<number>`-${sql.ref('a.amount_cents')}`.as('delta_cents'),
    'a.id as seq',
  ]);
  const statement = db
    .selectFrom(charges.unionAll(payments).as('e'))
    .select(['e.type', 'e.date', 'e.at', 'e.kind', 'e.receipt_key', 'e.invoice_no', 'e.receipt_no', 'e.method', 'e.amount_cents', 'e.seq'])
    .select(sql<number>`sum(e.delta_cents) over (order by e.date, e.at, e.kind, e.receipt_key, e.invoice_no, e.seq rows between unbounded preceding and current row)`.as('balance_cents'));
  let base = db.selectFrom(statement.as('s'));
  if (input.search) {
    const p = contains(input.search);
    base = base.where((eb) => eb.or(['s.invoice_no', 's.receipt_no', 's.method', 's.date'].map((column) => like(engine, column, p))));
  }
  const order = input.sort;
  return pageWithTotal(
    base,
    (q) =>
      q
        .select(['s.type', 's.date', 's.invoice_no', 's.receipt_no', 's.method', 's.amount_cents', 's.balance_cents'])
        .orderBy('s.date', order)
        .orderBy('s.at', order)
        .orderBy('s.kind', order)
        .orderBy('s.receipt_key', order)
        .orderBy('s.invoice_no', order)
        .orderBy('s.seq', order),
    input,
  );
}

export function findPaymentPlans(db: Db, input: Listing) {
  const base = db.selectFrom('payment_plans').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId).where('remaining_charges', '>', 0);
  return pageWithTotal(base, (q) => q.select(['id', 'next_charge', 'amount_cents', 'period', 'remaining_charges', 'notes']).orderBy('next_charge', input.sort).orderBy('id', input.sort), input);
}

export function findInvoiceByNo(db: Db, input: { companyId: number; clientId: number; invoiceNo: string }) {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'tax_cents', 'status', 'notes'])
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('invoice_no', '=', input.invoiceNo)
    .executeTakeFirst();
}

export function findInvoiceLines(db: Db, companyId: number, invoiceId: number) {
  return db
    .selectFrom('invoice_lines')
    .select(['line_type', 'description', 'quantity', 'unit_price_cents', 'amount_cents', 'tax_cents', 'total_cents'])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findInvoicePayments(db: Db, companyId: number, invoiceId: number) {
  return db
    .selectFrom('receipt_allocations as a')
    .innerJoin('receipts as r', (j) => j.onRef('r.id', '=', 'a.receipt_id').on('r.company_id', '=', companyId))
    .select(['r.receipt_no', 'r.receipt_date', 'a.amount_cents', 'r.method'])
    .where('a.company_id', '=', companyId)
    .where('a.invoice_id', '=', invoiceId)
    .orderBy('r.receipt_date')
    .orderBy('r.id')
    .execute();
}

export function findReceiptByNo(db: Db, input: { companyId: number; clientId: number; receiptNo: string }) {
  return db
    .selectFrom('receipts')
    .select(['id', 'receipt_no', 'receipt_date', 'amount_cents', 'method', 'reference'])
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('receipt_no', '=', input.receiptNo)
    .executeTakeFirst();
}

export function findReceiptAllocations(db: Db, companyId: number, receiptId: number) {
  return db
    .selectFrom('receipt_allocations as a')
    .innerJoin('invoices as i', (j) => j.onRef('i.id', '=', 'a.invoice_id').on('i.company_id', '=', companyId))
    .select(['i.invoice_no', 'i.invoice_date', 'i.total_cents', 'i.balance_due_cents', 'a.amount_cents'])
    .where('a.company_id', '=', companyId)
    .where('a.receipt_id', '=', receiptId)
    .orderBy('a.id')
    .execute();
}

// Writes, each in the caller's transaction (checkout, the bundle importer).

export interface NewInvoice {
  companyId: number;
  clientId: number;
  invoiceNo: string;
  invoiceDate: string;
  dueDate: string;
  status: string;
  totalCents: number;
  balanceDueCents: number;
  taxCents: number;
  notes: string;
}
export async function insertInvoice(db: Db, inv: NewInvoice): Promise<number> {
  const row = await db
    .insertInto('invoices')
    .values({
      company_id: inv.companyId,
      client_id: inv.clientId,
      invoice_no: inv.invoiceNo,
      invoice_date: inv.invoiceDate,
      payment_date: inv.dueDate,
      total_cents: inv.totalCents,
      balance_due_cents: inv.balanceDueCents,
      tax_cents: inv.taxCents,
      status: inv.status,
      notes: inv.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewInvoiceLine {
  line_type: string;
  breakdown_key: string | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
  tax_cents: number;
  total_cents: number;
}
export async function insertInvoiceLines(db: Db, companyId: number, invoiceId: number, lines: NewInvoiceLine[], sortFrom = 0): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('invoice_lines')
    .values(lines.map((l, i) => ({ ...l, company_id: companyId, invoice_id: invoiceId, sort_order: sortFrom + i })))
    .execute();
}

export async function countInvoiceLines(db: Db, companyId: number, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves an unpaid invoice's total, balance and tax by the lines added to it; false when its balance would go below zero. */
export async function adjustInvoiceTotals(db: Db, input: { companyId: number; clientId: number; invoiceId: number; deltaCents: number; taxDeltaCents: number }): Promise<boolean> {
  const res = await db
    .updateTable('invoices')
    .set((eb) => ({
      total_cents: eb('total_cents', '+', input.deltaCents),
      balance_due_cents: eb('balance_due_cents', '+', input.deltaCents),
      tax_cents: eb('tax_cents', '+', input.taxDeltaCents),
    }))
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('id', '=', input.invoiceId)
    .where('balance_due_cents', '>=', -input.deltaCents)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertReceipt(
  db: Db,
  r: { companyId: number; clientId: number; receiptNo: string; date: string; amountCents: number; method: string; reference: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('receipts')
    .values({
      company_id: r.companyId,
      client_id: r.clientId,
      receipt_no: r.receiptNo,
      receipt_date: r.date,
      amount_cents: r.amountCents,
      method: r.method,
      reference: r.reference,
      created_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a receipt written under a stand-in its number. */
export async function setReceiptNo(db: Db, companyId: number, receiptId: number, receiptNo: string): Promise<void> {
  await db.updateTable('receipts').set({ receipt_no: receiptNo }).where('company_id', '=', companyId).where('id', '=', receiptId).execute();
}

/** The client's own invoice by number, for allocating a payment to it. */
export function findInvoiceIdByNo(db: Db, companyId: number, clientId: number, invoiceNo: string) {
  return db.selectFrom('invoices').select(['id', 'balance_due_cents']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('invoice_no', '=', invoiceNo).executeTakeFirst();
}

/**
 * Takes a payment off an invoice's balance, the invoice named by its number, and records the
 * allocation: 'ok', or why nothing was changed ('missing': no such invoice of the client's;
 * 'overpaid': it owes less than that). The balance moves in the statement that finds the invoice.
 */
export async function allocateToInvoice(db: Db, input: { companyId: number; clientId: number; receiptId: number; invoiceNo: string; amountCents: number }): Promise<'ok' | 'missing' | 'overpaid'> {
  const row = await db
    .updateTable('invoices')
    .set((eb) => ({
      balance_due_cents: eb('balance_due_cents', '-', input.amountCents),
      status: eb.case().when('balance_due_cents', '=', input.amountCents).then('Paid').else(eb.ref('status')).end(),
    }))
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('invoice_no', '=', input.invoiceNo)
    .where('balance_due_cents', '>=', input.amountCents)
    .returning('id')
    .executeTakeFirst();
  if (!row) return (await findInvoiceIdByNo(db, input.companyId, input.clientId, input.invoiceNo)) ? 'overpaid' : 'missing';
  await insertAllocation(db, { company_id: input.companyId, receipt_id: input.receiptId, invoice_id: row.id, amount_cents: input.amountCents });
  return 'ok';
}
/** Records what a receipt pays of an invoice whose balance the caller has moved already. */
export const insertAllocation = (db: Db, row: { company_id: number; receipt_id: number; invoice_id: number; amount_cents: number }) => db.insertInto('receipt_allocations').values(row).execute();

export async function insertPaymentPlan(
  db: Db,
  p: { companyId: number; clientId: number; nextCharge: string; amountCents: number; period: string; remainingCharges: number; notes: string },
): Promise<void> {
  await db
    .insertInto('payment_plans')
    .values({ company_id: p.companyId, client_id: p.clientId, next_charge: p.nextCharge, amount_cents: p.amountCents, period: p.period, remaining_charges: p.remainingCharges, notes: p.notes })
    .execute();
}
