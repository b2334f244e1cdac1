import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

interface MarkReadAnswer {
  success: boolean;
  total_count_new: number;
}

export function markNotificationRead(notificationContactID: number): Promise<MarkReadAnswer> {
  return api<MarkReadAnswer>('/api/notification/mark-read', { method: 'POST', body: { notificationContactID } });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
