import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

export function markNotificationRead(notificationContactID: number): Promise<NotificationMarkReadAnswer> {
  return api<NotificationMarkReadAnswer>('/api/notification/mark-read', { method: 'POST', body: { notificationContactID } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
