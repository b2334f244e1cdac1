import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

export function checkIfChangingPassword(token: string) {
  return call(accountEndpoints.checkIfChangingPassword, { params: { token } });
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
