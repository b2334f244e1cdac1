import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import type { PushSubscriptionInput } from '@portal/shared/push-schemas';
import { call } from '@/lib/call';

/** The server's public key, and the categories this device takes (its subscription's endpoint, when it has one). */
export function pushQueryOptions(endpoint: string | null) {
  return queryOptions({
    queryKey: ['push', endpoint],
    queryFn: ({ signal }) => call(messagingEndpoints.push, { query: endpoint ? { endpoint } : {}, signal }),
    staleTime: 0,
  });
}

export function usePushState(endpoint: string | null, enabled: boolean) {
  return useQuery({ ...pushQueryOptions(endpoint), enabled });
}

export function useSavePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscriptionInput) => call(messagingEndpoints.subscribePush, { body }),
    onSuccess: (data, body) => client.setQueryData(pushQueryOptions(body.endpoint).queryKey, data),
  });
}

export function useRemovePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string) => call(messagingEndpoints.unsubscribePush, { query: { endpoint } }),
    onSuccess: (data, endpoint) => client.setQueryData(pushQueryOptions(endpoint).queryKey, data),
  });
}
