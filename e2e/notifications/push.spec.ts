import { expect, expectAccessible, isMobile, registerViaApi, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';

/**
 * A push service stands in for the browser's own: Chromium's headless shell has none to
 * subscribe with and answers every notification permission "denied", so the page is given the
 * permission and a subscription as Chrome's would look (an FCM endpoint and the device's keys),
 * and DevTools delivers a push to the portal's service worker as a push service would.
 */
const STUB_PUSH_SERVICE = () => {
  Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
  Notification.requestPermission = async () => 'granted';
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
  const keys = { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', auth: 'tBHItJI5svbpez7KI4CCXg' };
  let current: unknown = null;
  const make = () => ({ endpoint, expirationTime: null, toJSON: () => ({ endpoint, expirationTime: null, keys }), unsubscribe: async () => ((current = null), true), getKey: () => null, options: {} });
  PushManager.prototype.subscribe = async function subscribe() {
    current = make();
    return current as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return current as PushSubscription | null;
  };
};

test.describe('push notifications on a device (decision 100)', () => {
  test('a parent turns push on, chooses its categories, and a push reaches the service worker as a notification', async ({ page, world, context, baseURL }) => {
    const code = world.company('SPLASH').code;
    const email = uniqueEmail('push');
    await registerViaApi(page, { code, email });
    await signInViaApi(page, { code, email });
    await page.addInitScript(STUB_PUSH_SERVICE);
    await page.goto('/hub/notification-configuration');
    const device = page.getByRole('region', { name: 'Notifications on this device' });
    await device.getByRole('button', { name: 'Turn on notifications' }).click();
    const news = device.getByRole('checkbox', { name: 'News and announcements' });
    await expect(news).toBeChecked();
    await expect(device.getByRole('checkbox', { name: 'Class changes and cancellations' })).toBeChecked();
    // The box changes at once; the server keeps the choice when its answer comes.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/notification/push');
    await news.uncheck();
    await expect(news).not.toBeChecked();
    expect((await saved).ok()).toBe(true);
    const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())!.endpoint);
    const stored = await (await page.request.get(`/api/notification/push?endpoint=${encodeURIComponent(endpoint)}`)).json();
    expect(stored.device.categories).toEqual(['absences', 'bookings', 'classes', 'invoices']);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('desktop-push-on.png'), fullPage: true });

    // A push arrives: the service worker takes it (and shows it, where the browser lets it) and the
    // open portal's bell asks again at once.
    await page.evaluate(() => {
      const w = window as unknown as { pushes: unknown[] };
      w.pushes = [];
      navigator.serviceWorker.addEventListener('message', (e) => w.pushes.push(e.data));
    });
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${new URL(baseURL!).origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const bellAsks = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/notification');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId,
      data: JSON.stringify({ title: 'Class cancelled', body: 'Saturday 9:00 am Beginner is cancelled this week.', url: '/hub/notifications' }),
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { pushes: unknown[] }).pushes)).toEqual([{ type: 'push', title: 'Class cancelled' }]);
    await bellAsks;

    // Off on this device: the server forgets it.
    await device.getByRole('button', { name: 'Turn off on this device' }).click();
    await expect(device.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    expect((await (await page.request.get(`/api/notification/push?endpoint=${encodeURIComponent(endpoint)}`)).json()).device).toBeNull();
  });

  test('on an iPhone the page says to add the portal to the Home Screen first @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/notification-configuration');
    const device = page.getByRole('region', { name: 'Notifications on this device' });
    await expect(device.getByText(/^On iPhone and iPad, add the Customer Hub to your Home Screen first: tap the Share button, then Add to Home Screen\./)).toBeVisible();
    await expect(device.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
    expect(isMobile(page)).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('phone-push-iphone.png'), fullPage: true });
  });
});
