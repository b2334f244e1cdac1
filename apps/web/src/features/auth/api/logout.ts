import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

export function logoutCustomer() {
  return call(accountEndpoints.logout);
}
