import type { CompanyAnswer, CompanyListEntry } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

/** Chooses a company from the e-mail search; Product is the entry's Application (A7). */
export function loginCompany(entry: CompanyListEntry): Promise<CompanyAnswer> {
  return api('/api/company/login', { body: { company: { CustomerID: entry.CustomerID, Product: entry.Application } } });
}
