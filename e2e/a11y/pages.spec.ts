import type { Page } from '@playwright/test';
import {
  chooseCompanyViaApi,
  enterCompanyCode,
  expect,
  expectAccessible,
  openLoginModal,
  openUserMenu,
  registerViaApi,
  signInViaApi,
  submitLogin,
  test,
  uniqueEmail,
  type World,
} from '../support/fixtures.ts';
import { resetLinkPath } from '../support/mail.ts';

/**
 * axe-core runs here only: one check per page or overlay, no serious or critical violation.
 * The behaviour of each page is tested in its own spec.
 */

async function guestLanding(page: Page, world: World) {
  await chooseCompanyViaApi(page, world.company('SPLASH').code);
  await page.goto('/hub');
  await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
}

async function signedIn(page: Page, world: World, path: string) {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto(path);
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  // axe takes seconds per page on a loaded 2-core machine; a test checks several pages in a row.
  test.describe.configure({ timeout: 90_000 });

  test('the /hub landing (Email Login and Company Code tabs), Select Company, Select Account, the inactive-company screen, the not-found page', async ({ page, world }) => {
    await page.goto('/hub');
    await test.step('the /hub landing (Email Login and Company Code tabs)', async () => {
      await expect(page.getByRole('tab', { name: 'Email Login' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Company Code' }).click();
      await expect(page.getByRole('textbox', { name: 'Company Code' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Email Login' }).click();
    });
    await test.step('Select Company', async () => {
      await submitLogin(page, world.email('parent'));
      const dialog = page.getByRole('dialog', { name: 'Select Company' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
    await test.step('Select Account', async () => {
      await submitLogin(page, world.email('family'));
      const dialog = page.getByRole('dialog', { name: 'Select Account' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
    await test.step('the inactive-company screen, the not-found page', async () => {
      // Choosing the account chose its company: back to a guest without one.
      await page.context().clearCookies();
      await page.goto('/hub');
      await enterCompanyCode(page, world.company('CLOSED').code);
      await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
      await expectAccessible(page);
      await page.goto('/xyz');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('the welcome landing, the profile choice, the login, register and forgot-password modals', async ({ page, world }) => {
    await guestLanding(page, world);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Select Classes' }).click();
    const profiles = page.getByRole('dialog', { name: 'Select a Profile' });
    await expect(profiles).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(profiles).toBeHidden();
    const login = await openLoginModal(page);
    await expectAccessible(page);
    await login.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await expect(register).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(register).toBeHidden();
    await (await openLoginModal(page)).getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the signed-in home (Upcoming Classes and Open Invoices tabs), the account menu, the messages dropdown, page and a message with its reply form; the notifications dropdown, the notifications page, the notification settings page', async ({
    page,
    world,
  }) => {
    await signedIn(page, world, '/hub/company');
    await test.step('the signed-in home (Upcoming Classes and Open Invoices tabs), the account menu, the messages dropdown and page', async () => {
      await expect(page.getByRole('table', { name: 'Upcoming classes' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Open Invoices' }).click();
      await expect(page.getByRole('table', { name: 'Open invoices' })).toBeVisible();
      await expectAccessible(page);
      const menu = await openUserMenu(page);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: /^Messages(, .+ unread)?$/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'View all messages' }).click();
      await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
      await expectAccessible(page);
      // A message already read (this world is shared), with its thread and the reply form.
      await page.getByRole('link', { name: /^Ella's progress update/ }).click();
      await expect(page.getByRole('form', { name: 'Reply' })).toBeVisible();
      await expectAccessible(page);
    });
    await test.step('the notifications dropdown, the notifications page, the notification settings page', async () => {
      await page.getByRole('button', { name: /^Notifications(, .+ new)?$/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'View all notifications' }).click();
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Notification settings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('@phone the guest sidebar', async ({ page, world }) => {
    await guestLanding(page, world);
    await openUserMenu(page);
    await expectAccessible(page);
  });

  test('@phone the home cards', async ({ page, world }) => {
    await signedIn(page, world, '/hub/company');
    await expect(page.getByRole('list', { name: 'Upcoming classes' })).toBeVisible();
    await expectAccessible(page);
  });
  test('the reset-password form', async ({ page, baseURL, world }) => {
    const email = uniqueEmail('a11y-reset');
    await registerViaApi(page, { code: world.company('SPLASH').code, email });
    await page.request.post('/api/customer/forget-password', { data: { email, url: `${baseURL}/reset-password` } });
    await page.goto(await resetLinkPath(email));
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the intro carousel', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company?intro=1');
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
    await expectAccessible(page);
  });
});
