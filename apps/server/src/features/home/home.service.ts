import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { companyTimeZone, localNow } from '../../lib/time.ts';
import * as repo from './home.repository.ts';

/** A page of the customer's classes still to come, judged on the company's own clock, not the server's. */
export function listUpcomingClasses(deps: Deps, company: Company, clientId: number, page: { limit: number; offset: number }) {
  const now = localNow(companyTimeZone(company.settings.localization));
  return repo.findUpcomingClasses(deps.db, { companyId: company.id, clientId, today: now.date, nowTime: now.time, ...page });
}

export function listOutstandingInvoices(deps: Deps, companyId: number, clientId: number, page: { limit: number; offset: number }) {
  return repo.findOutstandingInvoices(deps.db, { companyId, clientId, ...page });
}
