import type { NotificationList, NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import { useReadReceipt } from '@/lib/use-read-receipt';
import { getNotificationsQueryOptions } from './get-notifications';
import { withNotificationsRead } from './mark-notification-read';

export function markAllNotificationsRead(): Promise<NotificationMarkReadAnswer> {
  return call(messagingEndpoints.markAllNotificationsRead);
}

/** As for one notification: every one shows read at once, and no poll in flight brings the old count back. */
export function useMarkAllNotificationsRead() {
  return useReadReceipt<NotificationList, void, NotificationMarkReadAnswer>({
    queryKey: getNotificationsQueryOptions().queryKey,
    send: markAllNotificationsRead,
    isUnread: () => true,
    countBeforeAnswer: () => 0,
    countIn: (answer) => answer.total_count_new,
    withRead: (list, _all, count) => withNotificationsRead(list, 'all', count),
  });
}
