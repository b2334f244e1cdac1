// The portal's service worker (decision 100): it shows a push and opens its page when tapped, and
// tells an open portal that something arrived so its bell asks again at once. It caches nothing:
// the portal always loads from the network.
/* global self */

// Pages already open when the worker starts become its clients at once (it intercepts no request):
// a tapped notification can then navigate the tab it brings back, which only a client allows.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'New notification';
  const url = data.url || '/hub/notifications';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, { body: data.body || '', data: { url } }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => windows.forEach((w) => w.postMessage({ type: 'push', title }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // The page the notification is about, still open (the waiting room's turn): brought back as it is, not loaded again.
      const same = windows.find((w) => w.url === url);
      if (same) return same.focus();
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.focus().then((w) => w.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
