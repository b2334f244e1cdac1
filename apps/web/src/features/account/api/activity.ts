import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountSecurityEndpoints } from '@portal/shared/endpoints/account-security';
import { call } from '@/lib/call';

/** A page of the family's activity log, newest first (decision 098); read afresh on each visit. */
export function activityQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['account', 'activity', page],
    queryFn: ({ signal }) => call(accountSecurityEndpoints.activity, { query: { page }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useActivity(page: number) {
  return useQuery(activityQueryOptions(page));
}
