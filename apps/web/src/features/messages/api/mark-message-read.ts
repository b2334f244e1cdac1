import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { MessageList, MessageMarkReadAnswer } from '@portal/shared/message-schemas';
import { api } from '@/lib/api-client';
import { getMessagesQueryOptions } from './get-messages';

export function markMessageRead(messageId: number): Promise<MessageMarkReadAnswer> {
  return api<MessageMarkReadAnswer>('/api/messages/mark-read', { method: 'POST', body: { message_id: messageId } });
}

type Cached = MessageList | InfiniteData<MessageList> | undefined;

/** Every cached messages answer (the bell's page and the list's pages) with this one read and the count it leaves. */
function applyReadReceipt(queryClient: QueryClient, messageId: number, unread: (page: MessageList) => number) {
  const readNow = [{ ReadTimestamp: new Date().toISOString() }];
  const page = (list: MessageList): MessageList => ({
    ...list,
    unread_messages_count: unread(list),
    messages: list.messages.map((m) => (m.CPMessageID === messageId && m.CP_CustomersMessagesRead.length === 0 ? { ...m, CP_CustomersMessagesRead: readNow } : m)),
  });
  queryClient.setQueriesData<Cached>({ queryKey: getMessagesQueryOptions().queryKey }, (data) => {
    if (!data) return data;
    return 'pages' in data ? { ...data, pages: data.pages.map(page) } : page(data);
  });
}

function isUnreadInCache(queryClient: QueryClient, messageId: number): boolean {
  return queryClient.getQueriesData<Cached>({ queryKey: getMessagesQueryOptions().queryKey }).some(([, data]) => {
    const pages = !data ? [] : 'pages' in data ? data.pages : [data];
    return pages.some((p) => p.messages.some((m) => m.CPMessageID === messageId && m.CP_CustomersMessagesRead.length === 0));
  });
}

/**
 * Opening a message reads it. A poll sent before the read receipt would answer the old count
 * after it, so every messages query in flight is cancelled first (and again before the refetch,
 * for one that started meanwhile); the receipt shows at once, and the server's count when it answers.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const family = getMessagesQueryOptions().queryKey;
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: async (messageId) => {
      await queryClient.cancelQueries({ queryKey: family });
      if (isUnreadInCache(queryClient, messageId)) applyReadReceipt(queryClient, messageId, (p) => Math.max(0, p.unread_messages_count - 1));
    },
    onSuccess: (answer, messageId) => applyReadReceipt(queryClient, messageId, () => answer.unread_messages_count),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey: family });
      await queryClient.invalidateQueries({ queryKey: family });
    },
  });
}
