import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';
import { applyNotificationsRead } from './mark-notification-read';

export function markAllNotificationsRead(): Promise<NotificationMarkReadAnswer> {
  return api<NotificationMarkReadAnswer>('/api/notification/mark-all-read', { method: 'POST' });
}

/** As for one notification: polls in flight are cancelled so none lands after the receipt with the old count. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const family = getNotificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: family });
      applyNotificationsRead(queryClient, 'all', () => 0);
    },
    onSuccess: (answer) => applyNotificationsRead(queryClient, 'all', () => answer.total_count_new),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: family });
      await queryClient.invalidateQueries({ queryKey: family });
    },
  });
}
