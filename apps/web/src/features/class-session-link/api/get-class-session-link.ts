import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassSessionLinkAnswer } from '@portal/shared/class-session-link-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getClassSessionLink(token: string, signal?: AbortSignal): Promise<ClassSessionLinkAnswer> {
  return call(classEndpoints.sessionLink, { query: { token }, signal });
}

/** O3: one call per token; what a link shows does not change while it lives, so it is kept (D2 §9). */
export function getClassSessionLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['class-session-link', token],
    queryFn: ({ signal }) => getClassSessionLink(token, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useClassSessionLink(token: string) {
  return useQuery({ ...getClassSessionLinkQueryOptions(token), enabled: token !== '' });
}
