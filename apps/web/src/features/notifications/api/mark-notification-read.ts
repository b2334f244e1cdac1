import type { NotificationList, NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import { useReadReceipt } from '@/lib/use-read-receipt';
import { getNotificationsQueryOptions } from './get-notifications';

export function markNotificationRead(notificationContactID: number): Promise<NotificationMarkReadAnswer> {
  return call(messagingEndpoints.markNotificationRead, { body: { notificationContactID } });
}

/** The page with the given notification read (`'all'`: every one) and `count` new. */
export function withNotificationsRead(list: NotificationList, read: number | 'all', count: number): NotificationList {
  return {
    ...list,
    total_count_new: count,
    notificationContacts: list.notificationContacts.map((c) => (read === 'all' || c.NotificationContactID === read ? { ...c, Status: 'Read' as const } : c)),
  };
}

/** Opening a notification reads it: the bell and the list show it read at once, whatever poll is on its way. */
export function useMarkNotificationRead() {
  return useReadReceipt<NotificationList, number, NotificationMarkReadAnswer>({
    queryKey: getNotificationsQueryOptions().queryKey,
    send: markNotificationRead,
    isUnread: (list, id) => list.notificationContacts.some((c) => c.NotificationContactID === id && c.Status === 'New'),
    countBeforeAnswer: (list) => Math.max(0, list.total_count_new - 1),
    countIn: (answer) => answer.total_count_new,
    withRead: withNotificationsRead,
  });
}
