import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageMarkReadAnswer } from '@portal/shared/message-schemas';
import { api } from '@/lib/api-client';
import { getMessagesInfiniteQueryOptions, getMessagesQueryOptions } from './get-messages';

export function markMessageRead(messageId: number): Promise<MessageMarkReadAnswer> {
  return api<MessageMarkReadAnswer>('/api/messages/mark-read', { method: 'POST', body: { message_id: messageId } });
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: (answer, messageId) => {
      // Mark the open message read in the loaded list at once, so the reading pane and the
      // list agree before the refetch lands.
      const readNow = [{ ReadTimestamp: new Date().toISOString() }];
      queryClient.setQueryData(getMessagesInfiniteQueryOptions().queryKey, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unread_messages_count: answer.unread_messages_count,
            messages: page.messages.map((m) => (m.CPMessageID === messageId && m.CP_CustomersMessagesRead.length === 0 ? { ...m, CP_CustomersMessagesRead: readNow } : m)),
          })),
        },
      );
      return queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions().queryKey });
    },
  });
}
