import type { Page, Request } from '@playwright/test';
import type { NotificationContact, NotificationList } from '@portal/shared/notification-schemas';
import { chooseCompanyViaApi, expect, expectRepeatsEvery, getJson, isApiCall, isMobile, signInViaApi, test } from '../support/fixtures.ts';

const BELL_QUERY = { page: '1', limit: '5', status: 'All' };
const BELL_URL = '/api/notification?page=1&limit=5&status=All';
const isBellPoll = (r: Request) => isApiCall(r, '/api/notification', BELL_QUERY);

/** The bell: a menu button on desktop, a link on phones; its name carries the count. */
const bell = (page: Page) => page.getByRole(isMobile(page) ? 'link' : 'button', { name: /^Notifications(, .+ new)?$/ });

/** The messages bell, likewise (B7 covers both bells on phones). */
const messagesBell = (page: Page) => page.getByRole(isMobile(page) ? 'link' : 'button', { name: /^Messages(, .+ unread)?$/ });

/** "dd/MM/yyyy hh:mm:ss a" in Sydney, the SPLASH time zone. */
function sydneyDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Australia/Sydney',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod}`;
}

test.describe('notification bell of a parent', () => {
  test('J3/J4/B8/T3, B5/J5/T1, J1/T2: shows 99+, lists the 5 latest in the dropdown and polls every 60 s', async ({ page, ownWorld }) => {
    // One page for every check on SPLASH's parent: the steps only read. The demo's parent has a
    // handful of new notices; this copy gives her a hundred more, so the count runs past 99.
    test.slow();
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      const notices = (bundle as { notifications?: object[] }).notifications;
      for (let i = 1; i <= 100; i++) {
        const minute = String(i % 60).padStart(2, '0');
        notices?.push({ title: `Lane notice ${i}`, content: `Lane ${i} is closed for cleaning.`, category: 'news', created_at: `today-${1 + (i % 6)}T08:${minute}`, to: ['sarah'] });
      }
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    // Without the page clock: the dropdown's dates are read as the portal writes them.
    await page.goto('/hub/company');

    await test.step('J3/J4/B8/T3: 100 or more new shows 99+', async () => {
      const { total_count_new } = await getJson<NotificationList>(page, BELL_URL);
      expect(total_count_new).toBeGreaterThanOrEqual(100);
      await expect(bell(page)).toHaveAccessibleName('Notifications, 99+ new');
      await expect(bell(page)).toHaveText('99+');
    });

    await test.step('B5/J5/T1: the 5 latest with title, content and date; View all goes to the page', async () => {
      const list = await getJson<NotificationList>(page, BELL_URL);
      expect(list.total_count).toBeGreaterThan(5);
      await bell(page).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('Notifications', { exact: true })).toBeVisible();
      const rows = menu.getByRole('menuitem').filter({ hasNotText: 'View all notifications' });
      await expect(rows).toHaveCount(5);
      for (const [i, c] of list.notificationContacts.entries()) {
        const n = c.Notifications;
        await expect(rows.nth(i)).toHaveText(`${c.Status === 'New' ? 'New: ' : ''}${n.ClientInAppTitle}${n.ClientInAppContent}${sydneyDateTime(n.DateTimeCreated)}`);
      }

      await menu.getByRole('menuitem', { name: 'View all notifications' }).click();
      await expect(page).toHaveURL('/hub/notifications');
    });

    await test.step('J1/T2: polls page 1, limit 5, status All on load and every 60 s', async () => {
      const { total_count_new: n } = await getJson<NotificationList>(page, BELL_URL);
      // The clock goes in before the page loads, so the page's timers are the test's to move.
      await page.clock.install();
      const first = page.waitForResponse((res) => isBellPoll(res.request()));
      await page.goto('/hub/company');
      await first;
      await expectRepeatsEvery(page, isBellPoll, 60_000, 2, () => expect(bell(page)).toHaveAccessibleName(n === 0 ? 'Notifications' : `Notifications, ${n > 99 ? '99+' : n} new`));
    });
  });
});

test.describe('notification bell by keyboard', () => {
  test('opening the dropdown moves the focus into its list; Escape closes it and gives the focus back to the bell', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const menu = page.getByRole('menu');
    for (const open of ['Enter', 'Space', 'click'] as const) {
      await test.step(`opened by ${open}`, async () => {
        if (open === 'click') await bell(page).click();
        else {
          await bell(page).focus();
          await page.keyboard.press(open);
        }
        await expect(menu).toBeVisible();
        // The first notification has the focus, so the arrow keys walk the list from there.
        await expect(menu.getByRole('menuitem').first()).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
        await expect(bell(page)).toBeFocused();
      });
    }
    await test.step('opened while the list still loads: the panel has the focus, not the link at its bottom', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/notification?*', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await bell(page).focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeFocused();
      release();
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
    });
  });
});

test.describe('notification polling', () => {
  test('J12: stops polling after signing out, and never polls for a guest', async ({ page, world }) => {
    await page.clock.install();

    await test.step('J12: stops polling after signing out', async () => {
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
      const first = page.waitForRequest(isBellPoll);
      await page.goto('/hub/company');
      await first;

      await page.getByRole('button', { name: 'Account Settings for Sarah' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(bell(page)).toHaveCount(0);
      const calls: string[] = [];
      page.on('request', (r) => {
        if (isApiCall(r, '/api/notification')) calls.push(r.url());
      });
      await page.clock.runFor(125_000);
      expect(calls).toEqual([]);
    });

    // Signed out, the page is SPLASH's guest: the state the guest step starts in.
    await test.step('J12: never polls for a guest', async () => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (isApiCall(r, '/api/notification')) calls.push(r.url());
      });
      await chooseCompanyViaApi(page, world.company('SPLASH').code);
      await page.goto('/hub');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Customer Hub!' })).toBeVisible();
      await page.clock.runFor(125_000);
      expect(calls).toEqual([]);
      await expect(bell(page)).toHaveCount(0);
    });
  });
});

test.describe('bells on phones', () => {
  test('B7: on phones the notifications and the messages bell go to their pages instead of opening a dropdown @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');

    await test.step('B7: on phones the bell goes to /hub/notifications instead of opening a dropdown', async () => {
      await bell(page).click();
      await expect(page).toHaveURL('/hub/notifications');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL('/hub/company');
    });

    await test.step('B7: on phones the messages bell goes to /hub/messages', async () => {
      await messagesBell(page).click();
      await expect(page).toHaveURL('/hub/messages');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    });
  });
});

test.describe('notification dropdown', () => {
  test('J7, decision 079: opening a new notification about an invoice marks it read, the badge drops, and it lands on the invoice', async ({ page, ownWorld }) => {
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0 });
    const before = await getJson<NotificationList>(page, BELL_URL);
    const target = before.notificationContacts.find((c) => c.Status === 'New' && c.Notifications.TagData?.kind === 'invoice');
    expect(target, 'a new notification about an invoice').toBeDefined();
    const id = (target as NotificationContact).NotificationContactID;
    const invoiceNo = String(target?.Notifications.TagData?.invoice_no);
    await page.goto('/hub/company');
    await expect(bell(page)).toHaveText(String(before.total_count_new));

    await bell(page).click();
    const call = page.waitForRequest((r) => isApiCall(r, '/api/notification/mark-read', undefined, 'POST'));
    await page.getByRole('menuitem', { name: new RegExp(`^New: ${(target as NotificationContact).Notifications.ClientInAppTitle}`) }).click();
    expect((await call).postDataJSON()).toEqual({ notificationContactID: id });
    await expect(page).toHaveURL(`/hub/financials/${invoiceNo}`);
    await expect(page.getByRole('heading', { name: new RegExp(`${invoiceNo}$`) })).toBeVisible();

    const after = before.total_count_new - 1;
    await expect(bell(page)).toHaveText(after > 0 ? String(after) : '');
    expect((await getJson<NotificationList>(page, BELL_URL)).total_count_new).toBe(after);
  });
});
