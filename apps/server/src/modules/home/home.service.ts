import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { listUpcomingSessions } from '../classes/classes.api.ts';
import * as repo from './home.repository.ts';

/** A page of the customer's classes still to come (the classes feature answers it). */
export function listUpcomingClasses(ctx: Ctx, company: Company, clientId: number, page: { limit: number; offset: number }) {
  return listUpcomingSessions(ctx, company, clientId, page);
}

export function listOutstandingInvoices(ctx: Ctx, companyId: number, clientId: number, page: { limit: number; offset: number }) {
  return repo.findOutstandingInvoices(ctx.db, { companyId, clientId, ...page });
}

/** What the family owes and can pay online now (decision 072). */
export async function amountOwed(ctx: Ctx, companyId: number, clientId: number) {
  const rows = await repo.findPayableInvoices(ctx.db, { companyId, clientId });
  const sum = (list: typeof rows) => list.reduce((total, row) => total + row.balance_due_cents, 0);
  return { rows, totalCents: sum(rows), overdueCents: sum(rows.filter((row) => row.status === 'Overdue')) };
}
