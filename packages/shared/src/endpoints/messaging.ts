import { defineEndpoint } from '../endpoint';
import { pagedQuery } from '../endpoint-params';
import { idempotencyKeyHeaderSchema } from '../payment-schemas';
import {
  markMessageReadSchema,
  messageListSchema,
  messageMarkReadAnswerSchema,
  messageRepliesAnswerSchema,
  messageRepliesQuerySchema,
  messageReplyAnswerSchema,
  messageReplySchema,
} from '../message-schemas';
import { nativeDeviceQuerySchema, nativeDeviceSchema, pushAnswerSchema, pushQuerySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../push-schemas';
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
  markMessageRead: defineEndpoint({ access: 'own', ...messages, method: 'POST', path: '/api/messages/mark-read', body: markMessageReadSchema, response: messageMarkReadAnswerSchema }),
  replies: defineEndpoint({
    ...messages,
    method: 'GET',
    path: '/api/messages/get-replies',
    query: messageRepliesQuerySchema,
    response: messageRepliesAnswerSchema,
    description: "Decision 078: the signed-in family's replies to one of its messages, oldest first.",
  }),
  reply: defineEndpoint({
    ...messages,
    method: 'POST',
    path: '/api/messages/reply',
    headers: idempotencyKeyHeaderSchema,
    body: messageReplySchema,
    response: messageReplyAnswerSchema,
    errors: ['REPLIES_UNAVAILABLE', 'IDEMPOTENCY_MISMATCH'],
    description:
      'Decision 078: the family replies to one of its messages; the reply is kept in the thread and mailed to the company\'s contact address with Reply-To the family. One reply per Idempotency-Key (16 to 100 letters, digits, "-" or "_"): the same key and body answer the same reply.',
  }),
  notifications: defineEndpoint({
    ...notifications,
    method: 'GET',
    path: '/api/notification',
    query: pagedQuery(BELL_PAGE, ['All', 'New', 'Read']),
    response: notificationListSchema,
    description: 'One page and the counts; a browser holding the current ETag gets a 304 with no body.',
  }),
  markNotificationRead: defineEndpoint({
    access: 'own',
    ...notifications,
    method: 'POST',
    path: '/api/notification/mark-read',
    body: markNotificationReadSchema,
    response: notificationMarkReadAnswerSchema,
  }),
  markAllNotificationsRead: defineEndpoint({ access: 'own', ...notifications, method: 'POST', path: '/api/notification/mark-all-read', response: notificationMarkReadAnswerSchema }),
  optOuts: defineEndpoint({ ...notifications, method: 'GET', path: '/api/notification/get-opt-outs', response: optOutsAnswerSchema }),
  updateOptOuts: defineEndpoint({ access: 'own', ...notifications, method: 'POST', path: '/api/notification/update-opt-outs', body: updateOptOutsSchema, response: optOutsAnswerSchema }),
  push: defineEndpoint({
    ...notifications,
    method: 'GET',
    path: '/api/notification/push',
    query: pushQuerySchema,
    response: pushAnswerSchema,
    description: "Web push (decision 100): the server's public key, and the categories this device takes when its subscription's endpoint is named.",
  }),
  subscribePush: defineEndpoint({
    access: 'own',
    ...notifications,
    method: 'PUT',
    path: '/api/notification/push',
    body: pushSubscriptionSchema,
    response: pushAnswerSchema,
    errors: ['PUSH_ENDPOINT_REFUSED'],
    description: 'Turns push on for this device with the categories it takes (or changes them); a push service the portal does not send to is refused.',
  }),
  unsubscribePush: defineEndpoint({
    access: 'own',
    ...notifications,
    method: 'DELETE',
    path: '/api/notification/push',
    query: pushUnsubscribeSchema,
    response: pushAnswerSchema,
    description: 'Turns push off for this device.',
  }),
  nativeDevice: defineEndpoint({
    ...notifications,
    method: 'GET',
    path: '/api/notification/device',
    query: nativeDeviceQuerySchema,
    response: pushAnswerSchema,
    description: 'Push to the native app (decision 102): the categories this device token takes, if it is registered to the signed-in family.',
  }),
  registerNativeDevice: defineEndpoint({
    access: 'own',
    ...notifications,
    method: 'PUT',
    path: '/api/notification/device',
    body: nativeDeviceSchema,
    response: pushAnswerSchema,
    errors: ['NATIVE_PUSH_OFF'],
    description: "Registers the native app's device token (from its bridge) with the categories it takes; refused where the server sends no native push, so e-mail stays the way.",
  }),
  removeNativeDevice: defineEndpoint({
    access: 'own',
    ...notifications,
    method: 'DELETE',
    path: '/api/notification/device',
    query: nativeDeviceQuerySchema,
    response: pushAnswerSchema,
    description: "Turns the native app's notifications off for this device.",
  }),
};
