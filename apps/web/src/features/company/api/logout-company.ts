import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Ends the company session and the customer session with it (D1 §4). */
export function logoutCompany(): Promise<{ success: boolean }> {
  return api('/api/company/logout', { method: 'POST' });
}

export function useLogoutCompany() {
  return useMutation({ mutationFn: logoutCompany });
}
