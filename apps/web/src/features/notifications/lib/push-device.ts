import { NOTIFICATIONS_BLOCKED, requestNotifications, SERVICE_WORKER_URL } from '@/lib/device-notifications';

/**
 * This device's side of web push (decision 100): its subscription with the browser's push
 * service, and the service worker that shows them.
 */

/** The subscription this browser holds for the portal, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks for permission, starts the service worker and subscribes with the server's key. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await requestNotifications()) !== 'granted') throw new Error(NOTIFICATIONS_BLOCKED);
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON();
}
