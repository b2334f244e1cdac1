import { ONLINE_PAYABLE_INVOICE_STATUSES } from '@portal/shared/constants';
import type { Db } from '../../db/database.ts';
import { debitDate } from '../financials/financials.api.ts';

const OPEN_STATUSES = ['Scheduled', 'Debit Scheduled', 'Unpaid', 'Overdue'];

export async function findOutstandingInvoices(db: Db, input: { companyId: number; clientId: number; limit: number; offset: number }) {
  const base = db.selectFrom('invoices').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId).where('status', 'in', OPEN_STATUSES);
  const [rows, count] = await Promise.all([
    base
      .select(['invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'status', debitDate])
      .orderBy('payment_date')
      .orderBy('invoice_no')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The client's invoices payable online with a balance, Overdue first, then by due date. */
export function findPayableInvoices(db: Db, input: { companyId: number; clientId: number }) {
  return db
    .selectFrom('invoices')
    .select(['invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'status', debitDate])
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('status', 'in', [...ONLINE_PAYABLE_INVOICE_STATUSES])
    .where('balance_due_cents', '>', 0)
    .orderBy((eb) => eb.case().when('status', '=', 'Overdue').then(0).else(1).end())
    .orderBy('payment_date')
    .orderBy('invoice_no')
    .execute();
}
