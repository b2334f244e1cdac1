import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageRepliesAnswer } from '@portal/shared/message-schemas';
import { call } from '@/lib/call';
import { messagingEndpoints } from '@portal/shared/endpoints/messaging';

export function getMessageReplies(messageId: number, signal?: AbortSignal): Promise<MessageRepliesAnswer> {
  return call(messagingEndpoints.replies, { query: { message_id: messageId }, signal });
}

/** A message's thread: the family's replies, apart from the polled list so a reply never moves the list's ETag. */
export function getMessageRepliesQueryOptions(messageId: number) {
  return queryOptions({
    queryKey: ['message-replies', messageId],
    queryFn: ({ signal }) => getMessageReplies(messageId, signal),
  });
}

export function useMessageReplies(messageId: number) {
  return useQuery(getMessageRepliesQueryOptions(messageId));
}
