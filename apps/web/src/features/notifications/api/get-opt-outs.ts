import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptOut } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

export interface OptOutsAnswer {
  success: boolean;
  opt_outs: OptOut[];
}

export function getOptOuts(): Promise<OptOutsAnswer> {
  return api<OptOutsAnswer>('/api/notification/get-opt-outs');
}

export function getOptOutsQueryOptions() {
  return queryOptions({ queryKey: ['notification-opt-outs'], queryFn: getOptOuts });
}

export function useOptOuts() {
  return useQuery(getOptOutsQueryOptions());
}
