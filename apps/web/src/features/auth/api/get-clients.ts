import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** The client accounts these credentials open at the current company (login step 1). */
export function getClients(email: string, password: string) {
  return call(accountEndpoints.getClients, { body: { email, password } });
}
