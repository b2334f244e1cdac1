import type { Page } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, expect, registerViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { resetLinkPath } from '../support/mail.ts';

const NEW_PASSWORD = 'Fresh#Start9';

/** A customer of the test's own (no other test signs in with it) and its e-mailed reset link. */
async function accountWithResetLink(page: Page, world: World, baseURL: string) {
  const email = uniqueEmail('reset');
  await registerViaApi(page, { code: world.company('SPLASH').code, email });
  const asked = await page.request.post('/api/customer/forget-password', { data: { email, url: `${baseURL}/reset-password` } });
  expect(asked.ok()).toBe(true);
  const link = await resetLinkPath(email);
  const token = new URL(link, baseURL).searchParams.get('token')!;
  return { email, link, token };
}

async function canSignIn(page: Page, email: string, password: string): Promise<boolean> {
  return (await page.request.post('/api/customer/get-clients', { data: { email, password } })).ok();
}

test.describe('reset password page', () => {
  test('M6–M12, S10–S16, M9/M15: the e-mailed link opens the form and sets the password; a used link says so and moves on', async ({ page, baseURL, world }) => {
    // Each step has a customer and a reset link of its own.
    test.slow();
    await test.step('M6–M12, S10–S16: the e-mailed link opens the form; rules, toggle, success', async () => {
      const { email, link, token } = await accountWithResetLink(page, world, baseURL!);
      expect(link).toMatch(/^\/reset-password\?token=/);

      const [check] = await Promise.all([page.waitForRequest(apiCall('GET', `/api/customer/check-if-changing-password/${token}`)), page.goto(link)]);
      expect(check.method()).toBe('GET');
      await expect(page).toHaveTitle('Hub');
      await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();

      const password = page.getByLabel('Password', { exact: true });
      const confirm = page.getByLabel('Confirm Password', { exact: true });
      const message = (text: string) => page.getByText(text, { exact: true });

      await password.fill('ab1!');
      await password.blur();
      await expect(message('Password must be at least 8 characters long')).toBeVisible();
      for (const weak of ['abcdefgh1', 'abcdefg!', 'abc def1!']) {
        await password.fill(weak);
        await expect(message('Password must contain at least one number and one special character')).toBeVisible();
      }
      await password.fill('abcdef1!');
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');

      await confirm.focus();
      await confirm.blur();
      await expect(message('Confirm Password is required')).toBeVisible();
      // Decision 077: a confirmation that differs says so, whatever else it lacks.
      await confirm.fill('abcdefgh1');
      await expect(message('Passwords do not match')).toBeVisible();
      await expect(message('Confirm Password must contain at least one number and one special character')).toHaveCount(0);
      // X5: a confirmation equal to the password has its rules in Confirm Password words.
      await password.fill('ab1!');
      await confirm.fill('ab1!');
      await expect(message('Confirm Password must be at least 8 characters long')).toBeVisible();
      await password.fill('abcdefgh1');
      await confirm.fill('abcdefgh1');
      await expect(message('Confirm Password must contain at least one number and one special character')).toBeVisible();
      await password.fill('abcdef1!');
      await confirm.fill('abcdef2!');
      await expect(message('Passwords do not match')).toBeVisible();
      // S16: changing the password re-checks the confirmation both ways.
      await password.fill('abcdef2!');
      await expect(message('Passwords do not match')).toHaveCount(0);
      await password.fill('abcdef3!');
      await expect(message('Passwords do not match')).toBeVisible();

      // M11: the show/hide toggle switches the input type.
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: 'Show password' }).first().click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      await expect(password).toHaveAttribute('type', 'password');

      await password.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      const [reset] = await Promise.all([page.waitForRequest(apiCall('POST', `/api/customer/reset-password/${token}`)), page.getByRole('button', { name: 'Set password' }).click()]);
      expect(reset.postDataJSON()).toEqual({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
      await expect(message('New password set successfully')).toBeVisible();
      expect(await canSignIn(page, email, NEW_PASSWORD)).toBe(true);
      expect(await canSignIn(page, email, DEMO_PASSWORD)).toBe(false);

      // M10: the close button goes to /hub/company.
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(page).toHaveURL(/\/hub\/company$/);
    });

    await test.step('M9/M15: a used link shows "Success" and the redirect text, then /hub/company after 5 s', async () => {
      const { link, token } = await accountWithResetLink(page, world, baseURL!);
      const used = await page.request.post(`/api/customer/reset-password/${token}`, { data: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } });
      expect(used.ok()).toBe(true);
      const again = await page.request.post(`/api/customer/reset-password/${token}`, { data: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD } });
      expect(again.ok()).toBe(false);

      await page.clock.install();
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
      await expect(page.getByText('Password successfully changed. Please wait while you are being redirected.', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Set New Password' })).toHaveCount(0);
      await page.clock.runFor(4_000);
      await expect(page).toHaveURL(/\/reset-password\?token=/);
      await page.clock.runFor(1_100);
      await expect(page).toHaveURL(/\/hub\/company$/);
    });
  });
});
