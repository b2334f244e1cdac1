import { paths } from '@/config/paths';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** The reset e-mail links to this page with ?token=… appended by the server (X12). */
export function forgetPassword(email: string) {
  return call(accountEndpoints.forgetPassword, { body: { email, url: `${window.location.origin}${paths.resetPassword}` } });
}
