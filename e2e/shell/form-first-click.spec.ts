import { expect, signInViaApi, test } from '../support/fixtures.ts';

/**
 * Forms show a field's error when the field loses focus. A mouse press on the submit button right
 * after typing an invalid value must not let that error push the button away before the click
 * lands: the first click submits, so every field is validated at once (untouched ones too).
 */
test.describe('the first click on a form button counts', () => {
  test('login: typing a malformed e-mail, then one mouse click on Login validates the whole form', async ({ page }) => {
    await page.goto('/hub');
    const email = page.getByLabel('Email', { exact: true });
    await email.click();
    await email.pressSequentially('a@b');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    // Only the submit validates the untouched password field.
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(email).toBeFocused();
  });

  test('Login & Security: a too short confirmation, then one mouse click on Save password validates the whole form', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings/security');
    await page.getByRole('button', { name: 'Update password' }).click();
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    await confirm.click();
    await confirm.pressSequentially('ab1!');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Confirm Password must be at least 8 characters long', { exact: true })).toBeVisible();
    await expect(page.getByText('Current password is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  });
});
