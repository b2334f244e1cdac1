import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { markMessageReadSchema, messageListSchema, messageMarkReadAnswerSchema } from '../message-schemas';
import {
  markNotificationReadSchema,
  notificationListSchema,
  notificationMarkReadAnswerSchema,
  optOutsAnswerSchema,
  updateOptOutsSchema,
} from '../notification-schemas';

/** A polled list's page: its number, its size (the bell's five unless asked) and which of its rows. */
function pagedQuery<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(5),
    status: z.enum(statuses).default(statuses[0]),
  });
}

const messages = { auth: 'customer', switches: ['EnableMessages'], tags: ['messages'] } as const;
/** Shown unless the company switched the tab off (X16). */
const notifications = { auth: 'customer', switches: ['ShowNotificationsTab'], tags: ['notification'] } as const;

/** The company's messages and the customer's notifications: polled lists with an ETag, read receipts, and the notification opt-outs. */
export const messagingEndpoints = {
  messages: defineEndpoint({
    ...messages,
    method: 'GET',
    path: '/api/messages',
    query: pagedQuery(['All', 'Unread', 'Read']),
    response: messageListSchema,
    description: 'One page and the counts; a browser holding the current ETag gets a 304 with no body.',
  }),
  markMessageRead: defineEndpoint({ ...messages, method: 'POST', path: '/api/messages/mark-read', body: markMessageReadSchema, response: messageMarkReadAnswerSchema }),
  notifications: defineEndpoint({
    ...notifications,
    method: 'GET',
    path: '/api/notification',
    query: pagedQuery(['All', 'New', 'Read']),
    response: notificationListSchema,
    description: 'One page and the counts; a browser holding the current ETag gets a 304 with no body.',
  }),
  markNotificationRead: defineEndpoint({
    ...notifications,
    method: 'POST',
    path: '/api/notification/mark-read',
    body: markNotificationReadSchema,
    response: notificationMarkReadAnswerSchema,
  }),
  markAllNotificationsRead: defineEndpoint({ ...notifications, method: 'POST', path: '/api/notification/mark-all-read', response: notificationMarkReadAnswerSchema }),
  optOuts: defineEndpoint({ ...notifications, method: 'GET', path: '/api/notification/get-opt-outs', response: optOutsAnswerSchema }),
  updateOptOuts: defineEndpoint({ ...notifications, method: 'POST', path: '/api/notification/update-opt-outs', body: updateOptOutsSchema, response: optOutsAnswerSchema }),
};
