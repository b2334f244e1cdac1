import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

/** Opens the portal of the company with this CustomerID (links from the company's own site). */
export function loginByCustomerId(customerId: number | string) {
  return call(companyEndpoints.loginByCustomerId, { body: { customer_id: Number(customerId) } });
}
