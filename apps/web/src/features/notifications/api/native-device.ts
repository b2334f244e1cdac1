import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import type { NativeDeviceInput } from '@portal/shared/push-schemas';
import { call } from '@/lib/call';

/** The categories the native app's device takes, when its token is registered to the signed-in family (decision 102). */
export function nativeDeviceQueryOptions(token: string) {
  return queryOptions({ queryKey: ['push', 'native', token], queryFn: ({ signal }) => call(messagingEndpoints.nativeDevice, { query: { token }, signal }), staleTime: 0 });
}

export function useNativeDevice(token: string) {
  return useQuery(nativeDeviceQueryOptions(token));
}

export function registerNativeDevice(body: NativeDeviceInput) {
  return call(messagingEndpoints.registerNativeDevice, { body });
}

export function useSaveNativeDevice() {
  const client = useQueryClient();
  return useMutation({ mutationFn: registerNativeDevice, onSuccess: (data, body) => client.setQueryData(nativeDeviceQueryOptions(body.token).queryKey, data) });
}

export function useRemoveNativeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(messagingEndpoints.removeNativeDevice, { query: { token } }),
    onSuccess: (data, token) => client.setQueryData(nativeDeviceQueryOptions(token).queryKey, data),
  });
}
