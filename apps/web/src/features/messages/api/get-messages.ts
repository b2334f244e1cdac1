import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MessageList } from '@portal/shared/message-schemas';
import { BELL_PAGE_SIZE, POLL_INTERVAL_MS } from '@portal/shared/constants';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';

export type MessageStatusFilter = 'All' | 'Unread' | 'Read';

export const MESSAGES_PAGE_SIZE = 20;

interface MessagesParams {
  page: number;
  limit: number;
  status: MessageStatusFilter;
}

export function getMessages({ page, limit, status }: MessagesParams, signal?: AbortSignal): Promise<MessageList> {
  return call(messagingEndpoints.messages, { query: { page, limit, status }, signal });
}

/** Without params this is the family key of every messages query (for invalidation). */
export function getMessagesQueryOptions(params?: MessagesParams) {
  const resolved = params ?? { page: 1, limit: BELL_PAGE_SIZE, status: 'All' as const };
  return queryOptions({
    queryKey: params ? ['messages', 'page', params] : ['messages'],
    queryFn: ({ signal }) => getMessages(resolved, signal),
  });
}

/** The bell: 5 latest, polled every 60 s (D1 §4), only while signed in with messages enabled. */
export function useBellMessages(enabled: boolean) {
  return useQuery({
    ...getMessagesQueryOptions({ page: 1, limit: BELL_PAGE_SIZE, status: 'All' }),
    enabled,
    refetchInterval: enabled ? POLL_INTERVAL_MS : false,
  });
}

export function getMessagesInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['messages', 'infinite'],
    queryFn: ({ pageParam, signal }) => getMessages({ page: pageParam, limit: MESSAGES_PAGE_SIZE, status: 'All' }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPageParam) => {
      const loaded = pages.reduce((sum, p) => sum + p.messages.length, 0);
      return loaded < last.total_count && last.messages.length > 0 ? lastPageParam + 1 : undefined;
    },
  });
}

export function useMessagesList() {
  return useInfiniteQuery(getMessagesInfiniteQueryOptions());
}
