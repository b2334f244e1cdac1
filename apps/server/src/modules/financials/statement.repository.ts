import { sql } from 'kysely';
import { ONLINE_PAYABLE_INVOICE_STATUSES } from '@portal/shared/constants';
import type { Db } from '../../db/database.ts';

/** A client's payments on its invoices: each allocation (a) with its receipt (r) and invoice (i). */
export function clientAllocations(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('receipt_allocations as a')
    .innerJoin('receipts as r', (j) => j.onRef('r.id', '=', 'a.receipt_id').on('r.company_id', '=', companyId))
    .innerJoin('invoices as i', (j) => j.onRef('i.id', '=', 'a.invoice_id').on('i.company_id', '=', companyId))
    .where('a.company_id', '=', companyId)
    .where('r.client_id', '=', clientId);
}

/**
 * The statement's figures for a client (decision 121): every invoice charged less every payment
 * on one, as the balance history counts them (decision 081), and the open balances by status.
 */
export function findStatementSummary(db: Db, input: { companyId: number; clientId: number }) {
  const { companyId, clientId } = input;
  const balanceWhere = (statuses: readonly string[]) => sql<number>`coalesce(sum(case when status in (${sql.join(statuses)}) then balance_due_cents else 0 end), 0)`;
  return db
    .selectFrom('invoices')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .select([
      sql<number>`coalesce(sum(total_cents), 0)`.as('charged_cents'),
      clientAllocations(db, companyId, clientId)
        .select(sql<number>`coalesce(sum(a.amount_cents), 0)`.as('paid'))
        .as('paid_cents'),
      balanceWhere(ONLINE_PAYABLE_INVOICE_STATUSES).as('due_now_cents'),
      balanceWhere(['Scheduled']).as('scheduled_cents'),
      balanceWhere(['Debit Scheduled']).as('by_debit_cents'),
    ])
    .executeTakeFirstOrThrow();
}
