import webpush from 'web-push';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import { pushMessages, type NativeDeviceInput, type PushAnswer, type PushPayload, type PushSubscriptionInput } from '@portal/shared/push-schemas';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { deviceOf } from '../activity/activity.api.ts';
import { CHANNELS, FCM_PREFIX, nativePushReady } from './channels.ts';
import * as repo from './push.repository.ts';

/**
 * Web push (issue 24, decision 100). A notification queues a push for each device of the family
 * that takes its category, in the notification's own transaction; the push job sends what is
 * queued within seconds, each delivery taken by one process, and a subscription its push service
 * reports gone (404, 410) is removed. Payloads are encrypted for the device (RFC 8291) and signed
 * with the server's VAPID key (RFC 8292) by `web-push`.
 */

/** Where a push opens when tapped. */
const NOTIFICATIONS_PAGE = '/hub/notifications';
/** How long a process may take to send one push before another may take it over. */
const LEASE_MINUTES = 1;
/** Tries before a delivery is given up (a push service that keeps failing). */
const MAX_ATTEMPTS = 5;
const BATCH = 100;

const keysByDb = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

/** The server's VAPID key pair: made once, by whichever process needs it first, and kept in the database for every process. */
function vapidKeys(ctx: Ctx): Promise<{ publicKey: string; privateKey: string }> {
  let keys = keysByDb.get(ctx.db);
  if (!keys) {
    keys = (async () => {
      if (!(await repo.findKeys(ctx.db))) {
        const made = webpush.generateVAPIDKeys();
        await repo.insertKeys(ctx.db, { public_key: made.publicKey, private_key: made.privateKey, created_at: nowIso(ctx.clock.now()) });
      }
      const row = (await repo.findKeys(ctx.db))!;
      return { publicKey: row.public_key, privateKey: row.private_key };
    })();
    keys.catch(() => keysByDb.delete(ctx.db));
    keysByDb.set(ctx.db, keys);
  }
  return keys;
}

/** Whether the server may post to this endpoint: one of the push services it knows (PUSH_SERVICE_ORIGINS), never an address of the browser's choosing. */
export function isKnownPushService(ctx: Ctx, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return ctx.env.PUSH_SERVICE_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .some((origin) => {
      const allowed = new URL(origin.replace('://.', '://x.'));
      if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false;
      return origin.includes('://.') ? url.hostname.endsWith(allowed.hostname.slice(1)) : url.hostname === allowed.hostname;
    });
}

const encode = (categories: readonly string[]) => `,${[...categories].sort().join(',')},`;
const decode = (text: string) => text.split(',').filter(Boolean);

async function answer(ctx: Ctx, companyId: number, clientId: number, endpoint: string | undefined): Promise<PushAnswer> {
  const { publicKey } = await vapidKeys(ctx);
  const row = endpoint ? await repo.findSubscription(ctx.db, companyId, clientId, endpoint) : undefined;
  return { publicKey, device: row ? { categories: decode(row.categories) } : null };
}

export function pushState(ctx: Ctx, companyId: number, clientId: number, endpoint?: string): Promise<PushAnswer> {
  return answer(ctx, companyId, clientId, endpoint);
}

/** Push on for this device, with the categories it takes; whoever is signed in on it now owns it (a guardian's goes when their access is revoked). */
export async function subscribe(ctx: Ctx, companyId: number, clientId: number, input: PushSubscriptionInput, userAgent: string): Promise<PushAnswer> {
  if (!isKnownPushService(ctx, input.endpoint)) throw new AppError(422, 'PUSH_ENDPOINT_REFUSED', pushMessages.endpointRefused);
  await repo.upsertSubscription(ctx.db, {
    company_id: companyId,
    client_id: clientId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    categories: encode(input.categories),
    device: deviceOf(userAgent),
    created_at: nowIso(ctx.clock.now()),
    guardian_id: ctx.guardian?.id ?? null,
  });
  return answer(ctx, companyId, clientId, input.endpoint);
}

/** The native app's device (decision 102): its FCM token, from the app's bridge, as a subscription of the `fcm` channel. */
export async function registerNativeDevice(ctx: Ctx, companyId: number, clientId: number, input: NativeDeviceInput): Promise<PushAnswer> {
  if (!nativePushReady(ctx)) throw new AppError(422, 'NATIVE_PUSH_OFF', pushMessages.nativeOff);
  const endpoint = `${FCM_PREFIX}${input.token}`;
  await repo.upsertSubscription(ctx.db, {
    company_id: companyId,
    client_id: clientId,
    channel: 'fcm',
    endpoint,
    p256dh: '',
    auth: '',
    categories: encode(input.categories),
    device: `the app on ${input.platform === 'ios' ? 'iPhone' : 'Android'}`,
    created_at: nowIso(ctx.clock.now()),
    guardian_id: ctx.guardian?.id ?? null,
  });
  return answer(ctx, companyId, clientId, endpoint);
}

export function nativeDeviceState(ctx: Ctx, companyId: number, clientId: number, token: string): Promise<PushAnswer> {
  return answer(ctx, companyId, clientId, `${FCM_PREFIX}${token}`);
}

export async function unsubscribe(ctx: Ctx, companyId: number, clientId: number, endpoint: string): Promise<PushAnswer> {
  await repo.deleteSubscription(ctx.db, companyId, clientId, endpoint);
  return answer(ctx, companyId, clientId, undefined);
}

/** Queues a notification's push for the family's devices that take its category (inside the caller's transaction). */
export function queuePush(db: Db, input: { companyId: number; clientId: number; category: string; title: string; content: string; createdAt: string }): Promise<void> {
  if (!NOTIFICATION_CATEGORIES.some((c) => c.key === input.category)) return Promise.resolve();
  return repo.queueDeliveries(db, { ...input, body: input.content.slice(0, 500), url: NOTIFICATIONS_PAGE });
}

/** The clients of a company with a device that takes the category (they need no e-mail of a notice). */
export async function clientsWithPushFor(db: Db, companyId: number, category: string): Promise<Set<number>> {
  return new Set(await repo.findClientsWithPush(db, companyId, category));
}

/** Sends one claimed delivery through its subscription's channel; answers what became of it. */
async function send(ctx: Ctx, id: number, now: Date): Promise<'sent' | 'gone' | 'retry' | 'failed'> {
  const d = await repo.findDelivery(ctx.db, id);
  if (!d) return 'gone';
  const payload: PushPayload = { title: d.title, body: d.body, url: d.url };
  const at = nowIso(now);
  const { status, error } = await CHANNELS[d.channel].send(ctx, d, payload, () => vapidKeys(ctx));
  // The device unsubscribed or the subscription expired: it goes, and its queued pushes with it.
  if (status === 404 || status === 410) {
    await repo.deleteSubscriptionById(ctx.db, d.subscription_id);
    return 'gone';
  }
  if (error) {
    const outcome = d.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
    await repo.settle(ctx.db, id, { status: outcome, at, error });
    ctx.log.warn({ deliveryId: id, status, error }, 'push not delivered');
    return outcome === 'failed' ? 'failed' : 'retry';
  }
  await repo.settle(ctx.db, id, { status: 'sent', at });
  await repo.touchSubscription(ctx.db, d.subscription_id, at);
  return 'sent';
}

/** The push job: sends what is queued, each delivery taken by one process. */
export async function deliverDuePushes(ctx: Ctx, now = ctx.clock.now()): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  const at = nowIso(now);
  for (const id of await repo.findDue(ctx.db, at, BATCH)) {
    if (!(await repo.claim(ctx.db, id, at, nowIso(addMinutes(now, LEASE_MINUTES))))) continue;
    const outcome = await send(ctx, id, now);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

/** The hourly sweep: deliveries of a week ago, sent or not, are gone. */
export function deleteOldDeliveries(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return repo.deleteOldDeliveries(ctx.db, nowIso(addMinutes(now, -7 * 24 * 60)));
}
