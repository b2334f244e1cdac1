import { useMutation } from '@tanstack/react-query';
import type { Success } from '@portal/shared/api-schemas';
import { api } from '@/lib/api-client';

export function resetPassword(token: string, input: { password: string; confirm_password: string }): Promise<Success> {
  return api(`/api/customer/reset-password/${encodeURIComponent(token)}`, { body: input });
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (input: { password: string; confirm_password: string }) => resetPassword(token, input) });
}
