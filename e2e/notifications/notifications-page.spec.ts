import type { NotificationList, OptOut } from '@portal/shared/notification-schemas';
import { expect, getJson, isApiCall, signInViaApi, test } from '../support/fixtures.ts';

test.describe('notifications page', () => {
  test('J8: ?id= highlights that notification, beyond the first page, and marks it read', async ({ page, ownWorld }) => {
    // The demo's parent has read her older notices; in this copy the oldest is still new.
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      const sarahs = ((bundle as { notifications?: { to: string[]; read_by?: string[] }[] }).notifications ?? []).filter((n) => n.to.includes('sarah'));
      sarahs.at(-1)!.read_by = [];
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    const list = await getJson<NotificationList>(page, '/api/notification?page=1&limit=50&status=All');
    // Past the page's first 20, so the page has to load more to find it.
    const target = list.notificationContacts.slice(20).find((c) => c.Status === 'New');
    expect(target, 'a new notification past the first page').toBeDefined();
    const id = target?.NotificationContactID as number;

    const call = page.waitForRequest((r) => isApiCall(r, '/api/notification/mark-read', undefined, 'POST'));
    await page.goto(`/hub/notifications?id=${id}`);
    expect((await call).postDataJSON()).toEqual({ notificationContactID: id });
    const highlighted = page.locator('article[aria-current="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted.getByRole('heading')).toHaveText(target?.Notifications.ClientInAppTitle as string);
    await expect(highlighted).toHaveAttribute('data-status', 'Read');
    await expect(highlighted).toBeInViewport();

    const after = await getJson<NotificationList>(page, '/api/notification?page=1&limit=50&status=All');
    expect(after.notificationContacts.find((c) => c.NotificationContactID === id)?.Status).toBe('Read');
    expect(after.total_count_new).toBe(list.total_count_new - 1);
  });

  test('J7: Mark all as read clears every new notification and the badge', async ({ page, ownWorld }) => {
    const world = await ownWorld();
    // family@'s second account exists for this: no other test counts its notifications.
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 1 });
    const before = await getJson<NotificationList>(page, '/api/notification?page=1&limit=5&status=All');
    expect(before.total_count_new).toBeGreaterThan(0);
    await page.goto('/hub/notifications');
    const bell = page.getByRole('button', { name: `Notifications, ${before.total_count_new} new` });
    await expect(bell).toHaveText(String(before.total_count_new));

    const call = page.waitForRequest((r) => isApiCall(r, '/api/notification/mark-all-read', undefined, 'POST'));
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await call;
    await expect(page.getByRole('status').filter({ hasText: 'All notifications marked as read.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toHaveText('');
    await expect(page.locator('article[data-status="New"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect((await getJson<NotificationList>(page, '/api/notification?page=1&limit=5&status=All')).total_count_new).toBe(0);
  });

  test('J7 (page): Mark as read on one notification sends its id @phone', async ({ page, ownWorld }) => {
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0 });
    const before = await getJson<NotificationList>(page, '/api/notification?page=1&limit=20&status=All');
    const target = before.notificationContacts.find((c) => c.Status === 'New');
    expect(target, 'a new notification').toBeDefined();
    await page.goto('/hub/notifications');
    const call = page.waitForRequest((r) => isApiCall(r, '/api/notification/mark-read', undefined, 'POST'));
    const mark = page.getByRole('button', { name: `Mark as read: ${target?.Notifications.ClientInAppTitle}` });
    // A target a thumb can hit on a phone: 40 px tall, not the 24 px of WCAG 2.5.8's least.
    expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await mark.click();
    expect((await call).postDataJSON()).toEqual({ notificationContactID: target?.NotificationContactID });
    const after = before.total_count_new - 1;
    await expect(page.getByRole('link', { name: after > 0 ? `Notifications, ${after} new` : 'Notifications' })).toHaveText(after > 0 ? String(after) : '');
  });

  test('J11: a changed opt-out is saved and kept after reload', async ({ page, ownWorld }) => {
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 1 });
    const { opt_outs } = await getJson<{ opt_outs: OptOut[] }>(page, '/api/notification/get-opt-outs');
    const news = opt_outs.find((o) => o.category === 'news') as OptOut;
    await page.goto('/hub/notification-configuration');
    await expect(page.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: `E-mail: ${news.label}` });
    // On means "send me these": the opposite of the stored opt-out.
    await expect(toggle).toHaveAttribute('aria-checked', String(!news.email));

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(news.email));
    const save = page.waitForRequest((r) => isApiCall(r, '/api/notification/update-opt-outs', undefined, 'POST'));
    await page.getByRole('button', { name: 'Save' }).click();
    const body = (await save).postDataJSON() as { opt_outs: Omit<OptOut, 'label'>[] };
    expect(body.opt_outs.find((o) => o.category === 'news')).toEqual({ category: 'news', email: !news.email, in_app: news.in_app });
    await expect(page.getByRole('status').filter({ hasText: 'Your notification preferences have been saved.' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: `E-mail: ${news.label}` })).toHaveAttribute('aria-checked', String(news.email));
  });
});
