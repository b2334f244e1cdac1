/**
 * What this device can show of the portal outside its page: notifications, through the portal's
 * service worker (decision 100 for pushes, decision 110 for the waiting room's turn).
 */

export const SERVICE_WORKER_URL = '/push-sw.js';

export type PushSupport = 'supported' | 'ios-home-screen' | 'unsupported';

/** iPhone and iPad take pushes only from a portal added to the Home Screen (iOS 16.4 and later). */
export function pushSupport(): PushSupport {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches;
  if (ios && !standalone) return 'ios-home-screen';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'supported' : 'unsupported';
}

/** Whether this page may show notifications by itself (the permission), asked for by `requestNotifications`. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return 'serviceWorker' in navigator && 'Notification' in window ? Notification.permission : 'unsupported';
}

export const NOTIFICATIONS_BLOCKED = 'Notifications are blocked for this site. Allow them in your browser’s settings, then try again.';

/**
 * Asks for permission to notify (the browser's prompt, which the person may also just close:
 * 'default') and, once granted, starts the service worker that shows them.
 */
export async function requestNotifications(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return permission;
}

/**
 * Shows a notification through the service worker (Chrome on Android makes none from the page
 * itself); tapping it brings this page back. Nothing where permission was not given.
 */
export async function notifyDevice(title: string, body: string, url: string): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const registration = (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)) ?? (await navigator.serviceWorker.register(SERVICE_WORKER_URL));
  await (registration.active ? registration : await navigator.serviceWorker.ready).showNotification(title, { body, tag: url, data: { url } });
}
