import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

export function resetPassword(token: string, input: { password: string; confirm_password: string }) {
  return call(accountEndpoints.resetPassword, { params: { token }, body: input });
}
