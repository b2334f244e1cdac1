import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import type { Success } from '@portal/shared/api-schemas';
import { api } from '@/lib/api-client';

/** The reset e-mail links to this page with ?token=… appended by the server (X12). */
export function forgetPassword(email: string): Promise<Success> {
  return api('/api/customer/forget-password', { body: { email, url: `${window.location.origin}${paths.resetPassword}` } });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
