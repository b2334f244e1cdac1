import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSecurityEndpoints } from '@portal/shared/endpoints/account-security';
import { call } from '@/lib/call';

/** The family's open request to delete its account, and what erasure removes and keeps (decision 097). */
export function deletionRequestQueryOptions() {
  return queryOptions({ queryKey: ['account', 'deletion-request'], queryFn: ({ signal }) => call(accountSecurityEndpoints.deletionRequest, { signal }) });
}

export function useDeletionRequest() {
  return useQuery(deletionRequestQueryOptions());
}

export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(accountSecurityEndpoints.requestDeletion), onSuccess: (data) => client.setQueryData(deletionRequestQueryOptions().queryKey, data) });
}

export function useWithdrawDeletion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(accountSecurityEndpoints.withdrawDeletion), onSuccess: (data) => client.setQueryData(deletionRequestQueryOptions().queryKey, data) });
}
