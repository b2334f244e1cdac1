import type { ClientAccount } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

/** The client accounts these credentials open at the current company (login step 1). */
export function getClients(email: string, password: string): Promise<{ success: true; clients: ClientAccount[] }> {
  return api('/api/customer/get-clients', { body: { email, password } });
}
