import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail, type OwnWorld } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { proveRegistrationAddress } from '../support/mail.ts';
import { registerIntoClasses, screenshot } from '../support/registration.ts';

/** SPLASH's demo profile 3: no class step, no students. */
const PROFILE = 3;
const ROOM = `/api/ocr/waiting-room/${PROFILE}`;

/** SPLASH with a profile (3 unless told) opening at `opensAt` (the server's clock), with its waiting room. */
const opening = (ownWorld: OwnWorld, opensAt: Date, familiesAtOnce: number, profileId = PROFILE) =>
  ownWorld(['SPLASH'], (_, bundle) => {
    const profile = (bundle.company.config.profiles as { OCRProfileID: number; OpensAt?: string; WaitingRoom?: object }[]).find((p) => p.OCRProfileID === profileId)!;
    profile.OpensAt = opensAt.toISOString();
    profile.WaitingRoom = { WindowMinutes: 15, FamiliesAtOnce: familiesAtOnce, TurnMinutes: 10 };
  });

/** Another family's browser, as the API sees it: its own cookies, in the company. */
async function anotherFamily(request: APIRequestContext, code: string) {
  expect((await request.post('/api/company/login-by-code', { data: { company_code: code } })).ok()).toBe(true);
  return request;
}

test.describe('the waiting room of a registration opening (decision 099)', () => {
  test('a family waits in the queue as its place moves up, is let in, and pays for two places for two children', async ({ page, ownWorld, request, baseURL }) => {
    // The queue (5 steps: two families ahead, the place moving twice, the turn), then the journey into classes.
    budgetSteps(5 + 25);
    // SPLASH's profile 1 takes classes: one turn at a time.
    const world = await opening(ownWorld, new Date(Date.now() - 60_000), 1, 1);
    const splash = world.company('SPLASH');
    const room = '/api/ocr/waiting-room/1';
    const first = await anotherFamily(request, splash.code);
    const second = await anotherFamily(await apiRequest.newContext({ baseURL }), splash.code);
    try {
      expect((await (await first.post(room)).json()).place.state).toBe('admitted');
      expect((await (await second.post(room)).json()).place).toMatchObject({ state: 'waiting', position: 1 });

      await page.goto(`/ocr?id=${splash.customerId}&p=1`);
      await expect(page.getByText('Your place in the queue: 2')).toBeVisible();
      // The family in its turn leaves: the one ahead is let in, and this family's place moves up by itself.
      expect((await first.delete(room)).ok()).toBe(true);
      await expect(page.getByText('Your place in the queue: 1')).toBeVisible({ timeout: 10_000 });
      expect((await (await second.get(room)).json()).place.state).toBe('admitted');
      // That family leaves too: this one's turn comes, and with it the registration of two children into two classes, paid by card.
      expect((await second.delete(room)).ok()).toBe(true);
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 10_000 });
    } finally {
      await second.dispose();
    }
    await registerIntoClasses(page, world, 'ok');
  });

  test('at the opening the family waiting for the draw is given its place within seconds, by the answer the server times (decision 108)', async ({ page, ownWorld }) => {
    // The opening 20 s ahead; the page asks next at a moment the server picks within 5 s after it.
    budgetSteps(8);
    const opensAt = Date.now() + 20_000;
    const world = await opening(ownWorld, new Date(opensAt), 100);
    // The page's questions after it joined, and when the join's answer said to ask next, timed by the
    // page as it sends and receives them: this process hears of them later, by a lag of its own under load.
    await page.addInitScript((room) => {
      const seen = { joinedAt: 0, askNextAt: 0, asked: [] as number[] };
      (window as unknown as { roomTimes: typeof seen }).roomTimes = seen;
      const send = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const request = new Request(input, init);
        const ours = new URL(request.url).pathname === room;
        if (ours && request.method === 'GET' && seen.joinedAt) seen.asked.push(Date.now());
        const answer = await send(input, init);
        if (ours && request.method === 'POST') {
          seen.joinedAt = Date.now();
          seen.askNextAt = seen.joinedAt + ((await answer.clone().json()) as { place: { pollAfterMs: number } }).place.pollAfterMs;
        }
        return answer;
      };
    }, ROOM);
    await page.goto(`/ocr?id=${world.company('SPLASH').customerId}&p=${PROFILE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You’re in the waiting room' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 30_000 });
    const { joinedAt, askNextAt, asked } = await page.evaluate(() => (window as unknown as { roomTimes: { joinedAt: number; askNextAt: number; asked: number[] } }).roomTimes);
    // Joined before the opening, then asked next when the server said, a moment it picked within 5 s
    // after the opening (never at the opening's instant by the page's own countdown).
    expect(joinedAt).toBeLessThan(opensAt);
    expect(askNextAt).toBeGreaterThanOrEqual(opensAt - 1_000);
    expect(askNextAt).toBeLessThan(opensAt + 6_000);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!).toBeGreaterThanOrEqual(askNextAt - 500);
    expect(asked[0]!).toBeLessThan(askNextAt + 3_000);
  });

  test('a family asks to be told of its turn, leaves the tab, and this device is asked to show "It’s your turn" when it is let in (decision 110)', async ({ page, ownWorld, request }) => {
    // This headless Chromium refuses every notification, so the device's side is stood in for at its
    // boundary (the permission, the tab hidden, the service worker's showNotification); the queue,
    // the polling and the service worker's registration are the real ones.
    await page.addInitScript(() => {
      const device = { permission: 'default' as NotificationPermission, hidden: false, shown: [] as { title: string; body?: string; url?: string }[] };
      (window as unknown as { device: typeof device }).device = device;
      Object.defineProperty(Notification, 'permission', { get: () => device.permission });
      Notification.requestPermission = async () => (device.permission = 'granted');
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (device.hidden ? 'hidden' : 'visible') });
      ServiceWorkerRegistration.prototype.showNotification = async (title: string, options?: NotificationOptions) => {
        device.shown.push({ title, body: options?.body, url: (options?.data as { url?: string } | undefined)?.url });
      };
    });
    const world = await opening(ownWorld, new Date(Date.now() - 60_000), 1);
    const splash = world.company('SPLASH');
    const ahead = await anotherFamily(request, splash.code);
    expect((await (await ahead.post(ROOM)).json()).place.state).toBe('admitted');

    await page.goto(`/ocr?id=${splash.customerId}&p=${PROFILE}`);
    await expect(page.getByText('Your place in the queue: 1')).toBeVisible();
    // By keyboard: after the notice, the button, then the way out.
    await page.getByText('Keep this page open').click();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Notify me when it’s my turn' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'We’ll notify you on this device when it’s your turn.' })).toBeFocused();
    // Checked with axe as it is photographed.
    await screenshot(page, 'queue-notify');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/push-sw\.js$/);
    // The page open when the worker started is its client, so the worker can bring it back and move it.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/push-sw\.js$/);

    // The family switches to another tab; the family ahead is done, and at this page's next question it is let in.
    await page.evaluate(() => ((window as unknown as { device: { hidden: boolean } }).device.hidden = true));
    expect((await ahead.delete(ROOM)).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { device: { shown: unknown[] } }).device.shown))
      .toEqual([{ title: 'It’s your turn', body: expect.stringMatching(/^Finish your registration for .+ by \d\d:\d\d [AP]M\.$/), url: page.url() }]);
  });

  for (const tag of ['', ' @phone']) {
    test(`a family waits in the queue with its place shown, is let in when the family ahead is done, and proves its address in its turn${tag}`, async ({ page, ownWorld, request }) => {
      const world = await opening(ownWorld, new Date(Date.now() - 60_000), 1);
      const splash = world.company('SPLASH');
      // The family ahead joined first: its turn is running.
      const ahead = await anotherFamily(request, splash.code);
      expect((await (await ahead.post(ROOM)).json()).place.state).toBe('admitted');

      await page.goto(`/ocr?id=${splash.customerId}&p=${PROFILE}`);
      await expect(page.getByRole('heading', { level: 1, name: 'You’re in the queue' })).toBeVisible();
      await expect(page.getByText('Your place in the queue: 1')).toBeVisible();
      await expect(page.getByText('You are next. Estimated wait: about 10 minutes.')).toBeVisible();
      // The places left in the school's classes, so a family need not wait for its turn to learn that every class is full.
      await expect(page.getByText(/^\d+ places? (is|are) free in the classes now\.$/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0);
      // The queue by keyboard: its one control is reached with Tab.
      await page.getByRole('heading', { level: 1, name: 'You’re in the queue' }).click();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Leave the queue' })).toBeFocused();
      // Checked with axe as it is photographed.
      await screenshot(page, 'queue');

      // The family ahead is done: at its next question (every 5 s) this family is let in.
      expect((await ahead.delete(ROOM)).ok()).toBe(true);
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 10_000 });
      await expect(
        page.getByRole('status').filter({ hasText: /^It’s your turn: finish your registration by \d\d:\d\d [AP]M \([A-Za-z ]+ time\)\. Your turn ends in (10 min|9 min( \d{1,2} s)?)$/ }),
      ).toBeVisible();
      // A reload keeps the turn.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
      // Checked with axe as it is photographed.
      await screenshot(page, 'turn');

      // In its turn the address is proved; the family that left cannot take a step.
      const email = uniqueEmail('queue-family');
      await page.getByRole('button', { name: 'Get Started' }).click();
      await proveRegistrationAddress(page, email);
      const refused = await ahead.post('/api/ocr/quote', { data: { profile: PROFILE, classes: [] } });
      expect([refused.status(), (await refused.json()).code]).toEqual([403, 'QUEUE_TURN_REQUIRED']);
    });

    test(`before the opening the family joins the waiting room by itself and waits for the draw; a reload keeps its place${tag}`, async ({ page, ownWorld }) => {
      const world = await opening(ownWorld, new Date(Date.now() + 10 * 60_000), 100);
      const joins: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === ROOM) joins.push(r.url());
      });
      await page.goto(`/ocr?id=${world.company('SPLASH').customerId}&p=${PROFILE}`);
      await expect(page.getByRole('heading', { level: 1, name: 'You’re in the waiting room' })).toBeVisible();
      await expect(
        page.getByText(/^At \d\d:\d\d [AP]M \(Sydney time\), everyone in the waiting room is given a random place in the queue\. Arriving earlier does not move you ahead\.$/),
      ).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^(10 min|9 min( \d{1,2} s)?)$/);
      // Checked with axe as it is photographed.
      await screenshot(page, 'waiting-room');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'You’re in the waiting room' })).toBeVisible();
      expect(joins).toHaveLength(1);
      // The server will not let a step through before the turn, whatever the page does.
      const quote = await page.request.post('/api/ocr/quote', { data: { profile: PROFILE, classes: [] } });
      expect(quote.status()).toBe(403);
    });
  }
});
