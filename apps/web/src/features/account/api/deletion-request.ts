import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { call } from '@/lib/call';

/** The family's open request to delete its account, and what erasure removes and keeps (decision 097). */
export function deletionRequestQueryOptions() {
  return queryOptions({ queryKey: ['account', 'deletion-request'], queryFn: ({ signal }) => call(accountEndpoints.deletionRequest, { signal }) });
}

export function useDeletionRequest() {
  return useQuery(deletionRequestQueryOptions());
}

export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(accountEndpoints.requestDeletion), onSuccess: (data) => client.setQueryData(deletionRequestQueryOptions().queryKey, data) });
}

export function useWithdrawDeletion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call(accountEndpoints.withdrawDeletion), onSuccess: (data) => client.setQueryData(deletionRequestQueryOptions().queryKey, data) });
}
