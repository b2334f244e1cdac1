import { COMPANY_BOOTSTRAP_CALLS, expect, isApiCall, recordApiCalls, signInScreen, signInViaApi, test } from '../support/fixtures.ts';
import { expireLink, issueLink, revokeLink } from '../support/class-session-links.ts';
import { tabTo } from '../account/keyboard.ts';

const dmy = (iso: string) => iso.split('-').reverse().join('/');
const CLASS = 'Seahorse – Tuesday';

test.describe('class-session link', () => {
  test('O1–O3, O5–O7: a guest opens a link: the company is entered, the rows show in order, All Dates lists every date, by keyboard alone', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const link = await issueLink(splash.code, CLASS, 5);
    const calls = recordApiCalls(page, [...COMPANY_BOOTSTRAP_CALLS, ['GET', '/api/classes/class-session-link']]);
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Class Session' })).toBeVisible();
    await expect(page.getByText('Shared by Splash Swim School.')).toBeVisible();
    // O2: logout, login by the link's company id, then the configuration, then the details, once (O3).
    const logout = calls.indexOf('POST /api/company/logout');
    const login = calls.indexOf('POST /api/company/login-by-customer-id');
    const config = calls.indexOf('GET /api/company/get-config', login);
    const details = calls.indexOf('GET /api/classes/class-session-link');
    expect(logout).toBeGreaterThanOrEqual(0);
    expect([logout < login, login < config, config < details]).toEqual([true, true, true]);
    expect(calls.filter((c) => c.endsWith('class-session-link'))).toHaveLength(1);

    await expect(page.locator('dt')).toHaveText(['Dates', 'Class', 'Level', 'Day(s)', 'Time', 'Duration', 'Venue', 'Lane']);
    await expect(page.locator('dd').first()).toContainText(`${dmy(link.dates[0]!)} - ${dmy(link.dates[4]!)}`);
    await expect(page.locator('dd').nth(1)).toHaveText(CLASS);
    await expect(page.locator('dd').nth(3)).toHaveText('Tue');
    await expect(page.locator('dd').nth(4)).toHaveText('04:00 PM - 04:30 PM');
    await expect(page.locator('dd').nth(5)).toHaveText('30 minutes');

    // Keyboard alone: Tab to All Dates, Space opens it, Escape closes it and gives the focus back.
    const allDates = page.getByRole('button', { name: 'All Dates' });
    await tabTo(page, allDates);
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'All Dates' });
    await expect(dialog.getByRole('listitem')).toHaveText(link.dates.map(dmy));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(allDates).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the way on: a guest is offered the sign-in to book or notify an absence; a signed-in family its classes, absences and make-ups', async ({ page, ownWorld }) => {
    // A company of its own: what it offers depends on switches other tests of the worker may turn.
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    const link = await issueLink(splash.code, CLASS, 2);
    await page.goto(link.path);
    const next = page.getByRole('region', { name: 'What next' });
    await expect(next.getByText('Sign in to book this class for your family, notify an absence or book a make-up.')).toBeVisible();
    await next.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/hub\/classes$/);
    await expect(signInScreen(page)).toBeVisible();

    await signInViaApi(page, { code: splash.code, email: world.email('parent') });
    await page.goto(link.path);
    await expect(next.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(next.getByRole('link', { name: 'Notify an absence' })).toHaveAttribute('href', '/hub/classes/notify-absences');
    await expect(next.getByRole('link', { name: 'Book a make-up' })).toHaveAttribute('href', '/hub/classes/makeups/book');
    await next.getByRole('link', { name: 'Go to Classes' }).click();
    await expect(page).toHaveURL(/\/hub\/classes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  });

  test('O5, O6: three dates show "first - last" and no All Dates; one date shows the date alone', async ({ page, world }) => {
    const code = world.company('SPLASH').code;
    const three = await issueLink(code, CLASS, 3);
    await page.goto(three.path);
    await expect(page.locator('dd').first()).toHaveText(`${dmy(three.dates[0]!)} - ${dmy(three.dates[2]!)}`);
    await expect(page.getByRole('button', { name: 'All Dates' })).toHaveCount(0);

    const one = await issueLink(code, CLASS, 1);
    await page.goto(one.path);
    await expect(page.locator('dt').first()).toHaveText('Date');
    await expect(page.locator('dd').first()).toHaveText(dmy(one.dates[0]!));
  });

  test('O4: a spinner shows until the details arrive', async ({ page, world }) => {
    const link = await issueLink(world.company('SPLASH').code, CLASS, 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/classes/class-session-link?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link.path);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the class details' })).toBeAttached();
    release();
    await expect(page.locator('dt').first()).toHaveText('Dates');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the class details' })).toHaveCount(0);
  });

  test('O8: an unknown or expired link shows a clear page with a way to the hub', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    await page.goto(`/hub/class-session-link?token=${'x'.repeat(43)}&id=${splash.customerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be opened' })).toBeVisible();
    await expect(page.getByText('This link is invalid or has expired. Please ask the office for a new one.')).toBeVisible();

    const link = await issueLink(splash.code, CLASS, 1);
    await expireLink(link.token);
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be opened' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the Customer Hub' }).click();
    await expect(page).toHaveURL(/\/hub\/company$/);
  });

  test('a link the company revoked says it was withdrawn (410 LINK_REVOKED), with a way to the hub reached by keyboard', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const link = await issueLink(splash.code, CLASS, 1);
    await revokeLink(splash.code, link.token);
    const [answer] = await Promise.all([page.waitForResponse((r) => isApiCall(r.request(), '/api/classes/class-session-link', undefined, 'GET')), page.goto(link.path)]);
    expect(answer.status()).toBe(410);
    expect(await answer.json()).toMatchObject({ code: 'LINK_REVOKED' });
    await expect(page.getByRole('heading', { level: 1, name: 'This link was withdrawn' })).toBeVisible();
    await expect(page.getByText('This link was withdrawn by the office. Please ask the office for a new one.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await tabTo(page, page.getByRole('link', { name: 'Go to the Customer Hub' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hub\/company$/);
  });

  test('O1, O7: on a phone the rows stack label over value and the page fits the screen; once revoked, the withdrawn page fits too @phone', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const link = await issueLink(splash.code, CLASS, 4);
    await page.goto(link.path);
    await expect(page.locator('dt')).toHaveCount(8);
    const label = (await page.locator('dt').nth(1).boundingBox())!;
    const value = (await page.locator('dd').nth(1).boundingBox())!;
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    await expect(page.getByRole('button', { name: 'All Dates' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The same link after the company withdrew it (410 LINK_REVOKED), on the phone.
    await revokeLink(splash.code, link.token);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This link was withdrawn' })).toBeVisible();
    await expect(page.getByText('This link was withdrawn by the office. Please ask the office for a new one.')).toBeVisible();
    const hub = page.getByRole('link', { name: 'Go to the Customer Hub' });
    await expect(hub).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await hub.click();
    await expect(page).toHaveURL(/\/hub\/company$/);
  });
});
