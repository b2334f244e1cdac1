import type { Db } from '../../db/database.ts';

const OPEN_STATUSES = ['Scheduled', 'Debit Scheduled', 'Unpaid', 'Overdue'];

export async function findOutstandingInvoices(db: Db, input: { companyId: number; clientId: number; limit: number; offset: number }) {
  const base = db.selectFrom('invoices').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId).where('status', 'in', OPEN_STATUSES);
  const [rows, count] = await Promise.all([
    base
      .select(['invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'status'])
      .orderBy('payment_date')
      .orderBy('invoice_no')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
