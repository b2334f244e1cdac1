import type { LoginAnswer } from '@portal/shared/customer-schemas';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
  client_id?: number;
  server_redirect?: string;
}

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api('/api/customer/login', { body: input });
}
