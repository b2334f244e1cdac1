import { chooseCompanyViaApi, expect, signInScreen, submitLogin, test } from '../support/fixtures.ts';

test.describe('routes, titles and guards', () => {
  test('B18, B13, B16: not-found pages, tab titles and the sign-in guard of a guest', async ({ page, world }) => {
    test.slow();
    const studentCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/student') && studentCalls.push(r.url()));

    // First, before any company is chosen; the step chooses SPLASH, where the others start.
    await test.step('B18: unknown addresses show the not-found page', async () => {
      await page.goto('/xyz');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await chooseCompanyViaApi(page, world.company('SPLASH').code);
      await page.goto('/hub/nope');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await expect(page).toHaveURL(/\/hub\/company$/);
    });

    await test.step('B13: the tab title is OCR on /ocr, OB on /ob and Hub elsewhere', async () => {
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

    // Last: it signs in.
    await test.step('B16: a guest on /hub/students gets the sign-in (no student call), then the page after login', async () => {
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
  });

  test('H16: a signed-out visitor is kept off checkout, invoice checkout, payment and payment success: the sign-in, no page, no payment call', async ({ page, world }) => {
    const paymentCalls: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/payment') && paymentCalls.push(r.url()));
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    for (const [path, heading] of [
      ['/hub/checkout', 'Checkout'],
      ['/hub/invoice-checkout', 'Invoice Checkout'],
      ['/hub/payment', 'Payment'],
      ['/hub/payment-success', 'Payment Successful'],
    ] as const) {
      await page.goto(path);
      await expect(signInScreen(page)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toHaveCount(0);
    }
    expect(paymentCalls).toEqual([]);
  });
});
