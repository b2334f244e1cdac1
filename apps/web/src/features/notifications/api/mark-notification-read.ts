import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

export function markNotificationRead(notificationContactID: number): Promise<NotificationMarkReadAnswer> {
  return api<NotificationMarkReadAnswer>('/api/notification/mark-read', { method: 'POST', body: { notificationContactID } });
}

type Cached = NotificationList | InfiniteData<NotificationList> | undefined;

/**
 * Every cached notifications answer (the bell's page and the list's pages) with the given ones
 * read (`'all'`: every one) and the count that leaves.
 */
export function applyNotificationsRead(queryClient: QueryClient, read: number | 'all', newCount: (list: NotificationList) => number) {
  const page = (list: NotificationList): NotificationList => ({
    ...list,
    total_count_new: newCount(list),
    notificationContacts: list.notificationContacts.map((c) => (read === 'all' || c.NotificationContactID === read ? { ...c, Status: 'Read' as const } : c)),
  });
  queryClient.setQueriesData<Cached>({ queryKey: getNotificationsQueryOptions().queryKey }, (data) => {
    if (!data) return data;
    return 'pages' in data ? { ...data, pages: data.pages.map(page) } : page(data);
  });
}

function isNewInCache(queryClient: QueryClient, contactId: number): boolean {
  return queryClient.getQueriesData<Cached>({ queryKey: getNotificationsQueryOptions().queryKey }).some(([, data]) => {
    const pages = !data ? [] : 'pages' in data ? data.pages : [data];
    return pages.some((p) => p.notificationContacts.some((c) => c.NotificationContactID === contactId && c.Status === 'New'));
  });
}

/**
 * A poll sent before the read receipt would answer the old count after it, so every
 * notifications query in flight is cancelled first (and again before the refetch, for one that
 * started meanwhile); the receipt shows at once, and the server's count when it answers.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const family = getNotificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (contactId) => {
      await queryClient.cancelQueries({ queryKey: family });
      if (isNewInCache(queryClient, contactId)) applyNotificationsRead(queryClient, contactId, (p) => Math.max(0, p.total_count_new - 1));
    },
    onSuccess: (answer, contactId) => applyNotificationsRead(queryClient, contactId, () => answer.total_count_new),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: family });
      await queryClient.invalidateQueries({ queryKey: family });
    },
  });
}
