import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptOutsAnswer } from '@portal/shared/notification-schemas';
import { api } from '@/lib/api-client';

export function getOptOuts(): Promise<OptOutsAnswer> {
  return api<OptOutsAnswer>('/api/notification/get-opt-outs');
}

export function getOptOutsQueryOptions() {
  return queryOptions({ queryKey: ['notification-opt-outs'], queryFn: getOptOuts });
}

export function useOptOuts() {
  return useQuery(getOptOutsQueryOptions());
}
