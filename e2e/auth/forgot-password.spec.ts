import type { Locator, Page } from '@playwright/test';
import { apiCall, chooseCompanyViaApi, expect, openLoginModal, test, type World } from '../support/fixtures.ts';

const SENT = 'If you have a registered account with us, you will receive instructions to reset your password.';

async function openForgotPassword(page: Page, world: World): Promise<Locator> {
  await chooseCompanyViaApi(page, world.company('SPLASH').code);
  await page.goto('/hub');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('forgot password', () => {
  test('M4, M1–M3: an unknown address gets the same "Email Sent"; e-mail rules, then POST {email, url}', async ({ page, baseURL, ownWorld }) => {
    // A company of the test's own: M1–M3 asks for a reset link for its parent.
    const world = await ownWorld();

    await test.step('M4: an unknown address gets exactly the same "Email Sent" answer', async () => {
      const dialog = await openForgotPassword(page, world);
      await dialog.getByLabel('Email', { exact: true }).fill('nobody-registered@example.com');
      const [answer] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/forget-password')), dialog.getByRole('button', { name: 'Send reset link' }).click()]);
      expect(answer.ok()).toBe(true);
      const sent = page.getByRole('dialog', { name: 'Email Sent' });
      await expect(sent.getByText(SENT, { exact: true })).toBeVisible();
      await sent.getByRole('button', { name: 'Done' }).click();
      await expect(sent).toBeHidden();
    });

    await test.step('M1–M3: e-mail rules, then POST {email, url} and the "Email Sent" modal', async () => {
      const login = await openLoginModal(page);
      await login.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot password' });
      await expect(dialog).toBeVisible();
      const send = dialog.getByRole('button', { name: 'Send reset link' });
      await send.click();
      await expect(dialog.getByText('Email is required', { exact: true })).toBeVisible();
      await dialog.getByLabel('Email', { exact: true }).fill('a@b');
      await send.click();
      await expect(dialog.getByText('Invalid email address', { exact: true })).toBeVisible();

      await dialog.getByLabel('Email', { exact: true }).fill(`${world.email('parent').replace('parent', 'Parent')} `);
      const [request] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/forget-password')), send.click()]);
      expect(request.postDataJSON()).toEqual({ email: world.email('parent'), url: `${baseURL}/reset-password` });
      const sent = page.getByRole('dialog', { name: 'Email Sent' });
      await expect(sent.getByText(SENT, { exact: true })).toBeVisible();
      await expect(sent).toContainText('spam or junk');
    });
  });

  test('on the landing, before any company: Forgot password? asks for the company first, then opens the reset', async ({ page, world }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Email Login' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    // The reset link comes from the family's company: its code first, with the box ready.
    await expect(page.getByRole('tab', { name: 'Company Code' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('To reset your password, find your company by its code first.')).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Company Code' });
    await expect(code).toBeFocused();
    await code.fill(world.company('SPLASH').code);
    await page.getByRole('button', { name: 'Find company' }).click();
    // The company found, the reset asked for opens by itself.
    await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
  });
});
