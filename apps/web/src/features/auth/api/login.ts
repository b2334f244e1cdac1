import type { CustomerLoginRequest } from '@portal/shared/customer-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

export type LoginInput = CustomerLoginRequest;

export function login(input: LoginInput) {
  return call(accountEndpoints.login, { body: input });
}
