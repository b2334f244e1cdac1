import type { CompaniesAnswer } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

/** The companies where these credentials hold an account (D1 §4 company landing login). */
export function getCompaniesByEmail(email: string, password: string): Promise<CompaniesAnswer> {
  return api('/api/company/get-by-email', { body: { email, password } });
}
