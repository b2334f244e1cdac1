import { DEMO_PASSWORD, expect, registerViaApi, signInScreen, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';
import { tabTo } from './keyboard.ts';

const NEW_PASSWORD = 'Heron#Lane59';

test.describe('Login & Security', () => {
  test('K13, S10–S16: the current password, the new one twice with its rules and toggles, by keyboard alone (Tab, Enter, Space); the change ends the other session', async ({
    page,
    browser,
    world,
  }) => {
    const email = uniqueEmail('password');
    const code = world.company('SPLASH').code;
    await registerViaApi(page, { code, email });
    await signInViaApi(page, { code, email, fresh: true });

    // The same customer signed in on another device.
    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await otherContext.newPage();
    await signInViaApi(other, { code, email, fresh: true });
    await other.goto('/hub/settings/my-details');
    await expect(other.getByRole('heading', { name: 'Your details' })).toBeVisible();

    await page.goto('/hub/settings/security');
    // Keyboard alone from here: Tab to move, Enter and Space to press, typing to fill.
    await tabTo(page, page.getByRole('button', { name: 'Update password' }));
    await page.keyboard.press('Enter');
    const current = page.getByLabel('Current password', { exact: true });
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    const message = (text: string) => page.getByText(text, { exact: true });
    await expect(current).toBeFocused();

    await current.press('Tab');
    await expect(message('Current password is required')).toBeVisible();
    await password.fill('ab1!');
    await password.blur();
    await expect(message('Password must be at least 8 characters long')).toBeVisible();
    await password.fill('abcdefgh1');
    await expect(message('Password must contain at least one number and one special character')).toBeVisible();
    await password.fill(NEW_PASSWORD);
    await confirm.fill('Heron#Lane60');
    await confirm.blur();
    await expect(message('Passwords do not match')).toBeVisible();
    await password.fill('Heron#Lane60');
    await expect(message('Passwords do not match')).toHaveCount(0);
    await password.fill(NEW_PASSWORD);
    await expect(message('Passwords do not match')).toBeVisible();
    await confirm.fill(NEW_PASSWORD);

    // Every password field has a show/hide toggle, reached by Tab and pressed with Space.
    await expect(current).toHaveAttribute('type', 'password');
    await current.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show password' }).first()).toBeFocused();
    await page.keyboard.press('Space');
    await expect(current).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(current).toHaveAttribute('type', 'password');

    await page.keyboard.press('Shift+Tab');
    await expect(current).toBeFocused();
    await page.keyboard.type('Wrong#Guess1');
    await tabTo(page, page.getByRole('button', { name: 'Save password' }));
    await page.keyboard.press('Enter');
    await expect(message('Your current password is incorrect')).toBeVisible();

    await current.fill(DEMO_PASSWORD);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/customer/change-password')), confirm.press('Enter')]);
    expect(request.postDataJSON()).toEqual({ current_password: DEMO_PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

    // This device stays signed in; the other one is signed out at its next call.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Update password' })).toBeVisible();
    await other.reload();
    await expect(signInScreen(other)).toBeVisible();
    await otherContext.close();

    expect((await page.request.post('/api/customer/get-clients', { data: { email, password: NEW_PASSWORD } })).ok()).toBe(true);
  });
});
