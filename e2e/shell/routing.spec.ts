import { chooseCompanyViaApi, expect, signInScreen, signInViaApi, submitLogin, test } from '../support/fixtures.ts';

test.describe('routes, titles and guards', () => {
  test('B13: the tab title is OCR on /ocr, OB on /ob and Hub elsewhere', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/ocr');
    await expect(page).toHaveTitle('OCR');
    await page.goto('/ob');
    await expect(page).toHaveTitle('OB');
    await page.goto('/hub/company');
    await expect(signInScreen(page)).toBeVisible();
    await expect(page).toHaveTitle('Hub');
    await page.goto('/reset-password?token=none');
    await expect(page).toHaveTitle('Hub');
  });

  test('B14: phone-only pages send a desktop screen to /hub/company', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    for (const path of ['/hub/financials-main-page', '/hub/settings-main-page', '/hub/contact-us/mobile-form']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/hub\/company$/);
    }
  });

  test('B14/B38: on a phone the Financials menu page lists its sub-pages @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/financials-main-page');
    const menu = page.getByRole('navigation', { name: 'Financials' });
    await expect(menu.getByRole('link')).toHaveText(['Invoices & Receipts', 'Balance History', 'Upcoming Payments']);
    await menu.getByRole('link', { name: 'Balance History' }).click();
    await expect(page).toHaveURL(/\/hub\/financials\/balance-history$/);
  });

  test('B16: a guest on /hub/students gets the sign-in (no student call), then the page after login', async ({ page, world }) => {
    const studentCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/student') && studentCalls.push(r.url()));
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub/students');
    await expect(signInScreen(page)).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/students$/);
    await expect(page.getByRole('heading', { name: 'Swimmers' })).toHaveCount(0);
    expect(studentCalls).toEqual([]);
    expect((await page.request.get('/api/home/get-upcoming-classes?page=1&limit=6')).status()).toBe(401);

    await submitLogin(page, world.email('parent'));
    await expect(page.getByRole('heading', { name: 'Swimmers' })).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/students$/);
  });

  test('B18: unknown addresses show the not-found page', async ({ page, world }) => {
    await page.goto('/xyz');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/hub\/company$/);
  });
});
