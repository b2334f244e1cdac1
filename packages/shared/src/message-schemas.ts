import { z } from 'zod';
import { idField } from './api-schemas.ts';

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
