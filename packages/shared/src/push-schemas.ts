import { z } from 'zod';
import { NOTIFICATION_CATEGORIES } from './constants.ts';

const categoryKeys = NOTIFICATION_CATEGORIES.map((c) => c.key) as [string, ...string[]];

const categoriesField = z
  .array(z.enum(categoryKeys))
  .max(categoryKeys.length)
  .refine((list) => new Set(list).size === list.length, 'Each category may appear once');

/** A browser's push subscription as PushSubscription.toJSON() gives it (RFC 8030 endpoint, RFC 8291 keys). */
const endpointField = z.url({ protocol: /^https?$/ }).max(1_000);
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+=*$/)
  .max(200);

/** GET /api/customer/push: the server's public key, and this device's subscription when it names one. */
export const pushQuerySchema = z.object({ endpoint: endpointField.optional() });

/** PUT /api/customer/push: this device's subscription and the categories it takes (decision 100). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointField,
  keys: z.object({ p256dh: base64url, auth: base64url }),
  categories: categoriesField,
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/customer/push: push off on this device. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointField });

export const pushAnswerSchema = z.object({
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
  /** This device's subscription, when the endpoint asked about is this family's. */
  device: z.object({ categories: z.array(z.string()) }).nullable(),
});
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

/** What a push carries to the service worker, which shows it and opens `url` when it is tapped. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

export const pushMessages = {
  endpointRefused: 'This browser’s push service is not one the portal sends to.',
  nativeOff: 'Notifications from the app are not set up yet. You will still get them by e-mail and in the hub.',
} as const;

/** A device token as Firebase Cloud Messaging hands it to the native app. */
const deviceTokenField = z
  .string()
  .regex(/^[A-Za-z0-9:_.-]+$/)
  .min(20)
  .max(4096);

/** PUT /api/notification/device: the native app's device token, from its bridge, and the categories it takes (decision 102). */
export const nativeDeviceSchema = z.object({ platform: z.enum(['ios', 'android']), token: deviceTokenField, categories: categoriesField });
export type NativeDeviceInput = z.infer<typeof nativeDeviceSchema>;
export const nativeDeviceQuerySchema = z.object({ token: deviceTokenField });
