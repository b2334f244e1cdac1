import type { Page, Request } from '@playwright/test';
import type { NotificationContact, NotificationList } from '@portal/shared/notification-schemas';
import {
  chooseCompanyViaApi,
  editJson,
  expect,
  expectAccessible,
  expectRepeatsEvery,
  fulfillJson,
  getJson,
  isApiCall,
  isMobile,
  signInViaApi,
  test,
} from '../support/fixtures.ts';

const BELL_QUERY = { page: '1', limit: '5', status: 'All' };
const BELL_URL = '/api/notification?page=1&limit=5&status=All';
const isBellPoll = (r: Request) => isApiCall(r, '/api/notification', BELL_QUERY);

/** The bell: a menu button on desktop, a link on phones; its name carries the count. */
const bell = (page: Page) => page.getByRole(isMobile(page) ? 'link' : 'button', { name: /^Notifications(, .+ new)?$/ });

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

function contact(id: number, title: string, content: string): NotificationContact {
  return { NotificationContactID: id, Status: 'New', Notifications: { ClientInAppTitle: title, ClientInAppContent: content, DateTimeCreated: '2025-05-01T00:00:00.000Z', TagData: null } };
}

test.describe('notification polling', () => {
  test('J1/T2: polls page 1, limit 5, status All on load and every 60 s', async ({ page }) => {
    await page.clock.install();
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    const first = page.waitForResponse((res) => isBellPoll(res.request()));
    await page.goto('/hub/company');
    await first;
    await expectRepeatsEvery(page, isBellPoll, 60_000, 2);
  });

  test('J12: never polls for a guest', async ({ page }) => {
    await page.clock.install();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (isApiCall(r, '/api/notification')) calls.push(r.url());
    });
    await chooseCompanyViaApi(page, 'SPLASH');
    await page.goto('/hub');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Customer Hub!' })).toBeVisible();
    await page.clock.runFor(125_000);
    expect(calls).toEqual([]);
    await expect(bell(page)).toHaveCount(0);
  });

  test('J12: stops polling after signing out', async ({ page }) => {
    await page.clock.install();
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    const first = page.waitForRequest(isBellPoll);
    await page.goto('/hub/company');
    await first;

    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
    } else {
      await page.getByRole('button', { name: 'Account Settings for Sarah' }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    }
    await expect(bell(page)).toHaveCount(0);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (isApiCall(r, '/api/notification')) calls.push(r.url());
    });
    await page.clock.runFor(125_000);
    expect(calls).toEqual([]);
  });
});

test.describe('notification badge', () => {
  test('J3/J4/B8/T3: 100 or more new shows 99+', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    const { total_count_new } = await getJson<NotificationList>(page, BELL_URL);
    expect(total_count_new).toBeGreaterThanOrEqual(100);
    await page.goto('/hub/company');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 99+ new');
    await expect(bell(page)).toHaveText('99+');
  });

  test('J4: 99 new shows 99, none shows no badge', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await editJson<NotificationList>(page, '**/api/notification?*', (body) => ({ ...body, total_count_new: 99 }));
    await page.goto('/hub/company');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 99 new');
    await expect(bell(page)).toHaveText('99');

    await page.unrouteAll();
    await editJson<NotificationList>(page, '**/api/notification?*', (body) => ({ ...body, total_count_new: 0 }));
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(bell(page)).toHaveText('');
  });

  test('B7: on phones the bell goes to /hub/notifications instead of opening a dropdown', async ({ page }) => {
    test.skip(!isMobile(page), 'phone behaviour');
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await bell(page).click();
    await expect(page).toHaveURL('/hub/notifications');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });
});

test.describe('notification dropdown', () => {
  test.beforeEach(({ page }) => {
    test.skip(isMobile(page), 'the dropdown is desktop only (B7)');
  });

  test('B5/J5/T1: the 5 latest with title, content and date; View all goes to the page', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    const list = await getJson<NotificationList>(page, BELL_URL);
    expect(list.total_count).toBeGreaterThan(5);
    await page.goto('/hub/company');
    await bell(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Notifications', { exact: true })).toBeVisible();
    const rows = menu.getByRole('menuitem').filter({ hasNotText: 'View all notifications' });
    await expect(rows).toHaveCount(5);
    for (const [i, c] of list.notificationContacts.entries()) {
      const n = c.Notifications;
      await expect(rows.nth(i)).toHaveText(`${c.Status === 'New' ? 'New: ' : ''}${n.ClientInAppTitle}${n.ClientInAppContent}${sydneyDateTime(n.DateTimeCreated)}`);
    }
    await expectAccessible(page);

    await menu.getByRole('menuitem', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL('/hub/notifications');
  });

  test('B5: an empty list says No Notifications Found', async ({ page }) => {
    await fulfillJson(page, '**/api/notification?*', { total_count: 0, total_count_new: 0, notificationContacts: [] });
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await bell(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('No Notifications Found')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['View all notifications']);
  });

  test('J6/T9: rows cut words to 15 characters and keep at most one line break', async ({ page }) => {
    const longWord = 'Supercalifragilisticexpialidoc'; // 30 characters
    expect(longWord).toHaveLength(30);
    await fulfillJson(page, '**/api/notification?*', {
      total_count: 1,
      total_count_new: 1,
      notificationContacts: [contact(9001, `Title ${longWord}`, `First ${longWord} line\nSecond line\nThird line`)],
    });
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await bell(page).click();
    const row = page.getByRole('menuitem').first();
    const text = await row.innerText();
    expect(text).toContain(longWord.slice(0, 15));
    expect(text).not.toContain(longWord.slice(0, 16));
    expect(text).not.toContain('Third line');
    const content = row.getByText(/^First /);
    const lines = (await content.innerText()).split('\n');
    expect(lines).toEqual([`First ${longWord.slice(0, 15)}… line`, 'Second line…']);
  });

  test('J7: opening a new notification marks it read and the badge drops', async ({ page }) => {
    // family@'s first account: no other test reads or counts its notifications.
    await signInViaApi(page, { code: 'SPLASH', email: 'family@example.com', clientIndex: 0 });
    const before = await getJson<NotificationList>(page, BELL_URL);
    const target = before.notificationContacts.find((c) => c.Status === 'New');
    expect(target, 'a new notification to open').toBeDefined();
    const id = (target as NotificationContact).NotificationContactID;
    await page.goto('/hub/company');
    await expect(bell(page)).toHaveText(String(before.total_count_new));

    await bell(page).click();
    const call = page.waitForRequest((r) => isApiCall(r, '/api/notification/mark-read', undefined, 'POST'));
    await page.getByRole('menuitem', { name: new RegExp(`^New: ${(target as NotificationContact).Notifications.ClientInAppTitle}`) }).click();
    expect((await call).postDataJSON()).toEqual({ notificationContactID: id });
    await expect(page).toHaveURL(`/hub/notifications?id=${id}`);

    const after = before.total_count_new - 1;
    await expect(bell(page)).toHaveText(after > 0 ? String(after) : '');
    expect((await getJson<NotificationList>(page, BELL_URL)).total_count_new).toBe(after);
  });
});
