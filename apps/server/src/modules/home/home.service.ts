import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { listUpcomingSessions } from '../classes/classes.api.ts';
import * as repo from './home.repository.ts';

/** A page of the customer's classes still to come (the classes feature answers it). */
export function listUpcomingClasses(deps: Deps, company: Company, clientId: number, page: { limit: number; offset: number }) {
  return listUpcomingSessions(deps, company, clientId, page);
}

export function listOutstandingInvoices(deps: Deps, companyId: number, clientId: number, page: { limit: number; offset: number }) {
  return repo.findOutstandingInvoices(deps.db, { companyId, clientId, ...page });
}
