import type { RegisterCodeRequest } from '@portal/shared/customer-schemas';
import type { RegisterInput } from '@portal/shared/auth-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** Step two: the form again with the e-mailed code (a JSON number, D1 §5, X25) and token. */
export type RegisterCodeInput = RegisterInput & Pick<RegisterCodeRequest, 'email_token'> & { email_code: number };

/** Step one sends the form; step two repeats it with the e-mailed code and token. */
export function register(input: RegisterInput | RegisterCodeInput) {
  return call(accountEndpoints.register, { body: input });
}
