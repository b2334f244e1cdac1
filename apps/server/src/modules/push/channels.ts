import webpush from 'web-push';
import type { PushPayload } from '@portal/shared/push-schemas';
import type { Ctx } from '../../context.ts';

/** Where one push goes: a browser's Push API subscription, or the native app's device token (`endpoint` is then `fcm:<token>`). */
export interface PushTarget {
  channel: 'web' | 'fcm';
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service answered: 404 or 410 mean the device is gone; an error is tried again. */
export interface PushResult {
  status: number;
  error: string;
}

/**
 * One way to reach a device (decision 102). The push job sends each delivery through its
 * subscription's channel; a family with no device on any channel is reached by e-mail instead.
 */
export interface PushChannel {
  send(ctx: Ctx, target: PushTarget, payload: PushPayload, vapid: () => Promise<{ publicKey: string; privateKey: string }>): Promise<PushResult>;
}

/** How long a push service keeps a push for a device that is off. */
const TTL_SECONDS = 24 * 3600;

async function post(url: string, init: RequestInit): Promise<PushResult> {
  try {
    // Never following a redirect: the server posts only where it chose to.
    const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) });
    return { status: res.status, error: res.ok ? '' : `${res.status} ${(await res.text()).slice(0, 200)}` };
  } catch (err) {
    return { status: 0, error: err instanceof Error ? err.message.slice(0, 300) : String(err) };
  }
}

/** The standard Push API (decision 100): `web-push` encrypts for the device (RFC 8291) and signs with the VAPID key (RFC 8292). */
export const webPushChannel: PushChannel = {
  async send(ctx, target, payload, vapid) {
    const { publicKey, privateKey } = await vapid();
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: ctx.env.VAPID_SUBJECT, publicKey, privateKey },
      TTL: TTL_SECONDS,
    });
    return post(request.endpoint, { method: request.method, headers: request.headers, body: request.body as Buffer });
  },
};

export const FCM_PREFIX = 'fcm:';

/** Whether this process can send to the native app's devices (FCM_PROJECT_ID and FCM_ACCESS_TOKEN set). */
export function nativePushReady(ctx: Ctx): boolean {
  return Boolean(ctx.env.FCM_PROJECT_ID && ctx.env.FCM_ACCESS_TOKEN);
}

/**
 * Firebase Cloud Messaging's HTTP v1 API, which reaches the app on Android and, through APNs, on
 * iPhone: one message per device token, the tap opening `url` in the app's web view. FCM answers
 * 404 (UNREGISTERED) for a token the app no longer holds.
 */
export const fcmChannel: PushChannel = {
  async send(ctx, target, payload) {
    if (!nativePushReady(ctx)) return { status: 0, error: 'native push is not configured (FCM_PROJECT_ID, FCM_ACCESS_TOKEN)' };
    const url = `${ctx.env.FCM_API_URL.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(ctx.env.FCM_PROJECT_ID!)}/messages:send`;
    const message = {
      message: {
        token: target.endpoint.slice(FCM_PREFIX.length),
        notification: { title: payload.title, body: payload.body },
        data: { url: payload.url },
        android: { ttl: `${TTL_SECONDS}s` },
        apns: { headers: { 'apns-expiration': String(Math.floor(ctx.clock.now().getTime() / 1000) + TTL_SECONDS) } },
      },
    };
    return post(url, { method: 'POST', headers: { authorization: `Bearer ${ctx.env.FCM_ACCESS_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(message) });
  },
};

export const CHANNELS: Record<PushTarget['channel'], PushChannel> = { web: webPushChannel, fcm: fcmChannel };
