import type { CompanyListEntry } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

export interface CompanyLoginAnswer {
  success: true;
  company: CompanyListEntry;
}

/** Opens the portal of the company with this CustomerID (links from the company's own site). */
export function loginByCustomerId(customerId: number | string): Promise<CompanyLoginAnswer> {
  return api('/api/company/login-by-customer-id', { body: { customer_id: Number(customerId) } });
}
