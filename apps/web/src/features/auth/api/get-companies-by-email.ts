import type { CompanyListEntry } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

/** The companies where these credentials hold an account (D1 §4 company landing login). */
export function getCompaniesByEmail(email: string, password: string): Promise<{ success: true; companies: CompanyListEntry[] }> {
  return api('/api/company/get-by-email', { body: { email, password } });
}
