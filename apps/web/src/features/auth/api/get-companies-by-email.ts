import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

/** The companies where these credentials hold an account (D1 §4 company landing login). */
export function getCompaniesByEmail(email: string, password: string) {
  return call(companyEndpoints.getByEmail, { body: { email, password } });
}
