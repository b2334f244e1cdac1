import type { ClientsAnswer } from '@portal/shared/customer-schemas';
import { api } from '@/lib/api-client';

/** The client accounts these credentials open at the current company (login step 1). */
export function getClients(email: string, password: string): Promise<ClientsAnswer> {
  return api('/api/customer/get-clients', { body: { email, password } });
}
