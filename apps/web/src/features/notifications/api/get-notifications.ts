import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@portal/shared/notification-schemas';
import { BELL_PAGE_SIZE, POLL_INTERVAL_MS } from '@portal/shared/constants';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';

export type NotificationStatusFilter = 'All' | 'New' | 'Read';

export const NOTIFICATIONS_PAGE_SIZE = 20;

interface NotificationsParams {
  page: number;
  limit: number;
  status: NotificationStatusFilter;
}

export function getNotifications({ page, limit, status }: NotificationsParams, signal?: AbortSignal): Promise<NotificationList> {
  return call(messagingEndpoints.notifications, { query: { page, limit, status }, signal });
}

/**
 * Without params this is the family key every notification query shares, so mutations can
 * invalidate the bell and the full list in one call.
 */
export function getNotificationsQueryOptions(params?: NotificationsParams) {
  const resolved = params ?? { page: 1, limit: BELL_PAGE_SIZE, status: 'All' as const };
  return queryOptions({
    queryKey: params ? ['notifications', 'page', params] : ['notifications'],
    queryFn: ({ signal }) => getNotifications(resolved, signal),
  });
}

/** The bell: 5 latest, polled every 60 s (D1 §4), only while someone is signed in. */
export function useBellNotifications(enabled: boolean) {
  return useQuery({
    ...getNotificationsQueryOptions({ page: 1, limit: BELL_PAGE_SIZE, status: 'All' }),
    enabled,
    refetchInterval: enabled ? POLL_INTERVAL_MS : false,
  });
}

export function getNotificationsInfiniteQueryOptions(status: NotificationStatusFilter) {
  return infiniteQueryOptions({
    queryKey: ['notifications', 'infinite', status],
    queryFn: ({ pageParam, signal }) => getNotifications({ page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE, status }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPageParam) => {
      const loaded = pages.reduce((sum, p) => sum + p.notificationContacts.length, 0);
      return loaded < last.total_count && last.notificationContacts.length > 0 ? lastPageParam + 1 : undefined;
    },
  });
}

export function useNotificationsList(status: NotificationStatusFilter) {
  return useInfiniteQuery(getNotificationsInfiniteQueryOptions(status));
}
