import type { CompanyListEntry } from '@portal/shared/company-schemas';
import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

/** Chooses a company from the e-mail search; Product is the entry's Application (A7). */
export function loginCompany(entry: CompanyListEntry) {
  return call(companyEndpoints.login, { body: { company: { CustomerID: entry.CustomerID, Product: entry.Application } } });
}
