import type { Db } from '../../db/database.ts';
import { countInvoiceLines, insertInvoiceLines } from './financials.repository.ts';

/** Invoices collected on their date (direct debit, decision 104; instalments, decision 105): read by id, opened when not paid, cancelled with their plan. */

export function findInvoiceById(db: Db, companyId: number, invoiceId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'client_id', 'invoice_no', 'payment_date', 'balance_due_cents', 'status'])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
}

/** Whether the client has invoices waiting to be collected by direct debit. */
export async function hasDebitScheduled(db: Db, companyId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('invoices').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId).where('status', '=', 'Debit Scheduled').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The client's Debit Scheduled invoices not yet due to be collected, open again (their mandate ended). Answers their numbers. */
export async function reopenClientDebitInvoices(db: Db, companyId: number, clientId: number, today: string, except: number[] = []): Promise<string[]> {
  let q = db
    .updateTable('invoices')
    .set((eb) => ({ status: eb.case().when('payment_date', '<', today).then('Overdue').else('Unpaid').end() }))
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'Debit Scheduled');
  if (except.length > 0) q = q.where('id', 'not in', except);
  const rows = await q.returning('invoice_no').execute();
  return rows.map((r) => r.invoice_no);
}

/** A Scheduled or Debit Scheduled invoice its charge or debit did not pay, open for the family to pay: Overdue past its date, Unpaid before. False when it was neither. */
export async function openScheduledInvoice(db: Db, companyId: number, invoiceId: number, today: string): Promise<boolean> {
  const res = await db
    .updateTable('invoices')
    .set((eb) => ({ status: eb.case().when('payment_date', '<', today).then('Overdue').else('Unpaid').end() }))
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .where('status', 'in', ['Scheduled', 'Debit Scheduled'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * An instalment's invoice that never fell due and was never paid, cancelled (its plan was): a
 * line takes its whole total off, so it stays numbered and reads why, owing nothing. False when
 * it was paid in part or whole, or is not a scheduled one.
 */
export async function cancelScheduledInvoice(db: Db, companyId: number, invoiceId: number, description: string): Promise<boolean> {
  const invoice = await db
    .selectFrom('invoices')
    .select(['total_cents', 'tax_cents'])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .where('status', 'in', ['Scheduled', 'Debit Scheduled'])
    .whereRef('balance_due_cents', '=', 'total_cents')
    .executeTakeFirst();
  if (!invoice) return false;
  const lines = await countInvoiceLines(db, companyId, invoiceId);
  const amount = -(invoice.total_cents - invoice.tax_cents);
  await insertInvoiceLines(
    db,
    companyId,
    invoiceId,
    [{ line_type: 'Custom', breakdown_key: null, description, quantity: 1, unit_price_cents: amount, amount_cents: amount, tax_cents: -invoice.tax_cents, total_cents: -invoice.total_cents }],
    lines,
  );
  const res = await db
    .updateTable('invoices')
    .set({ total_cents: 0, tax_cents: 0, balance_due_cents: 0, status: 'Paid' })
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .whereRef('balance_due_cents', '=', 'total_cents')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
