import type { MessageList, MessageMarkReadAnswer } from '@portal/shared/message-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import { useReadReceipt } from '@/lib/use-read-receipt';
import { getMessagesQueryOptions } from './get-messages';

export function markMessageRead(messageId: number): Promise<MessageMarkReadAnswer> {
  return call(messagingEndpoints.markMessageRead, { body: { message_id: messageId } });
}

const isUnread = (m: MessageList['messages'][number]) => m.CP_CustomersMessagesRead.length === 0;

/** Opening a message reads it: the bell and the list show it read at once, whatever poll is on its way. */
export function useMarkMessageRead() {
  return useReadReceipt<MessageList, number, MessageMarkReadAnswer>({
    queryKey: getMessagesQueryOptions().queryKey,
    send: markMessageRead,
    isUnread: (list, id) => list.messages.some((m) => m.CPMessageID === id && isUnread(m)),
    countBeforeAnswer: (list) => Math.max(0, list.unread_messages_count - 1),
    countIn: (answer) => answer.unread_messages_count,
    withRead: (list, id, count) => ({
      ...list,
      unread_messages_count: count,
      messages: list.messages.map((m) => (m.CPMessageID === id && isUnread(m) ? { ...m, CP_CustomersMessagesRead: [{ ReadTimestamp: new Date().toISOString() }] } : m)),
    }),
  });
}
