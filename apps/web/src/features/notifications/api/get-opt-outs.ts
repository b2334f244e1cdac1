import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';

export function getOptOuts() {
  return call(messagingEndpoints.optOuts);
}

export function getOptOutsQueryOptions() {
  return queryOptions({ queryKey: ['notification-opt-outs'], queryFn: getOptOuts });
}

export function useOptOuts() {
  return useQuery(getOptOutsQueryOptions());
}
