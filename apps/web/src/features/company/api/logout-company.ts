import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

/** Ends the company session and the customer session with it (D1 §4). */
export function logoutCompany() {
  return call(companyEndpoints.logout);
}
