import { z } from 'zod';
import { idField } from './api-schemas.ts';
import { idParam } from './endpoint-params.ts';

export const portalMessageSchema = z.object({
  CPMessageID: z.number(),
  Title: z.string(),
  Body: z.string(),
  PublishedTimestamp: z.string(),
  CP_CustomersMessagesRead: z.array(z.object({ ReadTimestamp: z.string() })),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;

/** GET /api/messages: one page and the counts. */
export const messageListSchema = z.object({ total_count: z.number(), messages: z.array(portalMessageSchema), unread_messages_count: z.number() });
export type MessageList = z.infer<typeof messageListSchema>;

/** messages/mark-read. */
export const markMessageReadSchema = z.object({ message_id: idField });

/** messages/mark-read: the unread count after the change. */
export const messageMarkReadAnswerSchema = z.object({ success: z.literal(true), unread_messages_count: z.number() });
export type MessageMarkReadAnswer = z.infer<typeof messageMarkReadAnswerSchema>;

/** The longest reply a family may send (decision 078). */
export const MESSAGE_REPLY_MAX = 2000;

/** Texts of the reply form (the spec gives none). */
export const messageReplyMessages = {
  bodyRequired: 'Please write your reply',
  bodyTooLong: `Please keep your reply to ${MESSAGE_REPLY_MAX} characters`,
  sent: 'Your reply has been sent.',
  unavailable: 'Replies cannot be sent from here yet. Please contact the office directly.',
} as const;

/** The reply form's one field; the server parses the same schema. */
export const messageReplyFormSchema = z.object({
  body: z.string({ error: messageReplyMessages.bodyRequired }).trim().min(1, messageReplyMessages.bodyRequired).max(MESSAGE_REPLY_MAX, messageReplyMessages.bodyTooLong),
});
export type MessageReplyForm = z.input<typeof messageReplyFormSchema>;

/** POST /api/messages/reply, under an Idempotency-Key header. */
export const messageReplySchema = messageReplyFormSchema.extend({ message_id: idField });

/** A reply in a message's thread: who wrote it and when. */
export const messageReplyItemSchema = z.object({
  CPMessageReplyID: z.number(),
  Body: z.string(),
  CreatedTimestamp: z.string(),
  AuthorName: z.string(),
});
export type MessageReply = z.infer<typeof messageReplyItemSchema>;

/** POST /api/messages/reply: the reply as stored. */
export const messageReplyAnswerSchema = z.object({ success: z.literal(true), reply: messageReplyItemSchema });
export type MessageReplyAnswer = z.infer<typeof messageReplyAnswerSchema>;

/** GET /api/messages/get-replies?message_id=. */
export const messageRepliesQuerySchema = z.object({ message_id: idParam });

/** GET /api/messages/get-replies: the family's replies to one message, oldest first, and whether the company takes replies (it has a contact address). */
export const messageRepliesAnswerSchema = z.object({ success: z.literal(true), replies: z.array(messageReplyItemSchema), can_reply: z.boolean() });
export type MessageRepliesAnswer = z.infer<typeof messageRepliesAnswerSchema>;
