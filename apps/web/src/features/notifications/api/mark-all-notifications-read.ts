import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

interface MarkAllReadAnswer {
  success: boolean;
  total_count_new: number;
}

export function markAllNotificationsRead(): Promise<MarkAllReadAnswer> {
  return api<MarkAllReadAnswer>('/api/notification/mark-all-read', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey }),
  });
}
