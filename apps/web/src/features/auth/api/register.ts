import { useMutation } from '@tanstack/react-query';
import type { RegisterAnswer } from '@portal/shared/customer-schemas';
import type { RegisterInput } from '@portal/shared/auth-schemas';
import { api } from '@/lib/api-client';

export interface RegisterCodeInput extends RegisterInput {
  /** Sent as a JSON number (D1 §5, X25). */
  email_code: number;
  email_token: string;
}

/** Step one sends the form; step two repeats it with the e-mailed code and token. */
export function register(input: RegisterInput | RegisterCodeInput): Promise<RegisterAnswer> {
  return api('/api/customer/register', { body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
