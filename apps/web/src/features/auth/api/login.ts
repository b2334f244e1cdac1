import type { CustomerLoginRequest, LoginAnswer } from '@portal/shared/customer-schemas';
import { api } from '@/lib/api-client';

export type LoginInput = CustomerLoginRequest;

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api('/api/customer/login', { body: input });
}
