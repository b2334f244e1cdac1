import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@portal/shared/payment-schemas';
import type { MessageReplyAnswer } from '@portal/shared/message-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';
import { getMessageRepliesQueryOptions } from './get-message-replies';

export interface MessageReplyAttempt {
  messageId: number;
  body: string;
  /** One key per reply: a retry of the same words after a lost answer sends it again, and the server keeps one. */
  idempotencyKey: string;
}

export function sendMessageReply({ messageId, body, idempotencyKey }: MessageReplyAttempt): Promise<MessageReplyAnswer> {
  return call(messagingEndpoints.reply, { body: { message_id: messageId, body }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Sends a reply; the thread shows it at once, last. */
export function useSendMessageReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessageReply,
    onSuccess: ({ reply }, { messageId }) => {
      const { queryKey } = getMessageRepliesQueryOptions(messageId);
      queryClient.setQueryData(queryKey, (thread) =>
        thread && !thread.replies.some((r) => r.CPMessageReplyID === reply.CPMessageReplyID) ? { ...thread, replies: [...thread.replies, reply] } : thread,
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
