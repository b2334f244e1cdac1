import { z } from 'zod';
import { NOTIFICATION_CATEGORIES } from './constants.ts';
import { idField } from './api-schemas.ts';

export const notificationContactSchema = z.object({
  NotificationContactID: z.number(),
  Status: z.enum(['New', 'Read']),
  Notifications: z.object({
    ClientInAppTitle: z.string(),
    ClientInAppContent: z.string(),
    DateTimeCreated: z.string(),
    TagData: z.record(z.string(), z.unknown()).nullable(),
  }),
});
export type NotificationContact = z.infer<typeof notificationContactSchema>;

/** GET /api/notification: one page and the counts. */
export const notificationListSchema = z.object({
  total_count: z.number(),
  total_count_new: z.number(),
  notificationContacts: z.array(notificationContactSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** mark-read. */
export const markNotificationReadSchema = z.object({ notificationContactID: idField });

/** mark-read and mark-all-read: the unread count after the change. */
export const notificationMarkReadAnswerSchema = z.object({ success: z.literal(true), total_count_new: z.number() });
export type NotificationMarkReadAnswer = z.infer<typeof notificationMarkReadAnswerSchema>;

const categoryKeys = NOTIFICATION_CATEGORIES.map((c) => c.key) as [string, ...string[]];
/** An opt-out as update-opt-outs takes it: `email` / `in_app` true means the customer switched that channel off. */
export const optOutInputSchema = z.object({ category: z.enum(categoryKeys), email: z.boolean(), in_app: z.boolean() });

/** update-opt-outs: each category at most once. */
export const updateOptOutsSchema = z.object({
  opt_outs: z
    .array(optOutInputSchema)
    .max(categoryKeys.length)
    .refine((list) => new Set(list.map((o) => o.category)).size === list.length, 'Each category may appear once'),
});

export const optOutSchema = optOutInputSchema.extend({ label: z.string() });
export type OptOut = z.infer<typeof optOutSchema>;

/** get-opt-outs and update-opt-outs: every category with its label. */
export const optOutsAnswerSchema = z.object({ success: z.literal(true), opt_outs: z.array(optOutSchema) });
export type OptOutsAnswer = z.infer<typeof optOutsAnswerSchema>;
