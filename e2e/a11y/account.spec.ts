import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerViaApi, signInViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';

/** axe on the Account Settings pages (one check per page or overlay); their behaviour is tested in e2e/account. */

async function settings(page: Page, world: World, path: string) {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto(path);
}

test.describe('accessibility of Account Settings (axe: no serious or critical violations)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('My Details, the My Details form, Login & Security with its form', async ({ page, world }) => {
    await settings(page, world, '/hub/settings/my-details');
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Edit details' }).click();
    // An error on show, without saving: the worker's customer is shared with other tests.
    const first = page.getByRole('textbox', { name: 'First name', exact: true });
    await first.fill('');
    await first.press('Tab');
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/hub/settings/security');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Current password is required', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the e-mail code step', async ({ page, world }) => {
    const email = uniqueEmail('a11y-details');
    const code = world.company('SPLASH').code;
    await registerViaApi(page, { code, email });
    await signInViaApi(page, { code, email, fresh: true });
    await page.goto('/hub/settings/my-details');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('0412345678');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('a11y-moved'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm your new email' })).toBeVisible();
    await expectAccessible(page);
  });

  test('@phone the settings menu, My Details on a phone', async ({ page, world }) => {
    await settings(page, world, '/hub/settings-main-page');
    await expect(page.getByRole('navigation', { name: 'Account Settings' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Account Settings' }).getByRole('link', { name: 'My Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await expectAccessible(page);
  });
});
