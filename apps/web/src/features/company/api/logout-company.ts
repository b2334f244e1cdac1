import { useMutation } from '@tanstack/react-query';
import type { Success } from '@portal/shared/api-schemas';
import { api } from '@/lib/api-client';

/** Ends the company session and the customer session with it (D1 §4). */
export function logoutCompany(): Promise<Success> {
  return api('/api/company/logout', { method: 'POST' });
}

export function useLogoutCompany() {
  return useMutation({ mutationFn: logoutCompany });
}
