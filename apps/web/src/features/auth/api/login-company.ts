import type { CompanyListEntry } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

/** Chooses a company from the e-mail search; Product is the entry's Application (A7). */
export function loginCompany(entry: CompanyListEntry): Promise<{ success: true; company: CompanyListEntry }> {
  return api('/api/company/login', { body: { company: { CustomerID: entry.CustomerID, Product: entry.Application } } });
}
