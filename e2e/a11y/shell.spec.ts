import type { Page } from '@playwright/test';
import {
  chooseCompanyViaApi,
  enterCompanyCode,
  expect,
  expectAccessible,
  isMobile,
  openLoginModal,
  openUserMenu,
  signInViaApi,
  submitLogin,
  test,
} from '../support/fixtures.ts';

async function guestLanding(page: Page) {
  await chooseCompanyViaApi(page, 'SPLASH');
  await page.goto('/hub');
  await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('the /hub landing, both tabs', async ({ page }) => {
    await page.goto('/hub');
    await expect(page.getByRole('tab', { name: 'Email Login' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Company Code' }).click();
    await expect(page.getByRole('textbox', { name: 'Company Code' })).toBeVisible();
    await expectAccessible(page);
  });

  test('login, register and forgot-password modals', async ({ page }) => {
    await guestLanding(page);
    const login = await openLoginModal(page);
    await expectAccessible(page);
    await login.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Select Company and Select Account', async ({ page }) => {
    await page.goto('/hub');
    await submitLogin(page, 'parent@example.com');
    await expect(page.getByRole('dialog', { name: 'Select Company' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/hub');
    await submitLogin(page, 'family@example.com');
    await expect(page.getByRole('dialog', { name: 'Select Account' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the signed-in home, with the account menu / sidebar open', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
    await expectAccessible(page);
    await openUserMenu(page);
    await expectAccessible(page);
  });

  test('the guest sidebar on a phone', async ({ page }) => {
    test.skip(!isMobile(page), 'phone menu');
    await guestLanding(page);
    await openUserMenu(page);
    await expectAccessible(page);
  });

  test('the inactive-company screen and the not-found page', async ({ page }) => {
    await page.goto('/hub');
    await enterCompanyCode(page, 'CLOSED');
    await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/hub/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the reset-password form', async ({ page }) => {
    await page.route(
      (url) => url.pathname.startsWith('/api/customer/check-if-changing-password/'),
      (route) => route.fulfill({ json: { success: true, isChangingPassword: true } }),
    );
    await chooseCompanyViaApi(page, 'SPLASH');
    await page.goto('/reset-password?token=a11y');
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the intro carousel', async ({ page }) => {
    await signInViaApi(page, { code: 'ACE', email: 'parent@example.com' });
    await page.goto('/hub/company?intro=1');
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
    await expectAccessible(page);
  });
});
