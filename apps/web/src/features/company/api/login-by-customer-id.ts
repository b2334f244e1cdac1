import type { CompanyAnswer } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

/** Opens the portal of the company with this CustomerID (links from the company's own site). */
export function loginByCustomerId(customerId: number | string): Promise<CompanyAnswer> {
  return api('/api/company/login-by-customer-id', { body: { customer_id: Number(customerId) } });
}
