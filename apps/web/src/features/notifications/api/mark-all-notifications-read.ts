import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

export function markAllNotificationsRead(): Promise<NotificationMarkReadAnswer> {
  return api<NotificationMarkReadAnswer>('/api/notification/mark-all-read', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
