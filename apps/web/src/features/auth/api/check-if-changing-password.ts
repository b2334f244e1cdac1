import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangingPasswordAnswer } from '@portal/shared/customer-schemas';
import { api } from '@/lib/api-client';

export function checkIfChangingPassword(token: string): Promise<ChangingPasswordAnswer> {
  return api(`/api/customer/check-if-changing-password/${encodeURIComponent(token)}`);
}

export const checkIfChangingPasswordQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['customer', 'check-if-changing-password', token],
    queryFn: () => checkIfChangingPassword(token),
    retry: false,
    staleTime: Infinity,
  });

export function useCheckIfChangingPassword(token: string) {
  return useQuery({ ...checkIfChangingPasswordQueryOptions(token), enabled: Boolean(token) });
}
