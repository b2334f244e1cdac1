import { defineEndpoint } from '../endpoint';
import { pagedQuery } from '../endpoint-params';
import { markMessageReadSchema, messageListSchema, messageMarkReadAnswerSchema } from '../message-schemas';
import { markNotificationReadSchema, notificationListSchema, notificationMarkReadAnswerSchema, optOutsAnswerSchema, updateOptOutsSchema } from '../notification-schemas';

/** The bell shows five unless asked for more. */
const BELL_PAGE = 5;

const messages = { auth: 'customer', switches: ['EnableMessages'], tags: ['messages'] } as const;
/** Shown unless the company switched the tab off (X16). */
const notifications = { auth: 'customer', switches: ['ShowNotificationsTab'], tags: ['notification'] } as const;

/** The company's messages and the customer's notifications: polled lists with an ETag, read receipts, and the notification opt-outs. */
export const messagingEndpoints = {
  messages: defineEndpoint({
    ...messages,
    method: 'GET',
    path: '/api/messages',
    query: pagedQuery(BELL_PAGE, ['All', 'Unread', 'Read']),
    response: messageListSchema,
    description: 'One page and the counts; a browser holding the current ETag gets a 304 with no body.',
  }),
  markMessageRead: defineEndpoint({ ...messages, method: 'POST', path: '/api/messages/mark-read', body: markMessageReadSchema, response: messageMarkReadAnswerSchema }),
  notifications: defineEndpoint({
    ...notifications,
    method: 'GET',
    path: '/api/notification',
    query: pagedQuery(BELL_PAGE, ['All', 'New', 'Read']),
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
