import { messages } from '@portal/shared/messages';
import { apiCall, chooseCompanyViaApi, enterCompanyCode, expect, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

test.describe('account menu and sidebar', () => {
  test('B11: a guest sees "Login" and "Change Company"; Login opens the login modal', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Change Company' })).toBeVisible();
    await banner.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('B12: the phone sidebar of a guest offers Login and Change Company, no greeting or Logout @phone', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const sidebar = await openUserMenu(page);
    await expect(sidebar.getByRole('button', { name: 'Change Company' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(sidebar.getByText(/^Hi /)).toHaveCount(0);
    await sidebar.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('the phone sidebar closed with Escape or its Close button gives the focus back to the menu button @phone', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeFocused();
  });

  test('the phone’s Back with the sidebar open goes back with the sidebar closed @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/company');
    await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
    const sidebar = await openUserMenu(page);
    await sidebar.getByRole('link', { name: 'Swimmers' }).click();
    await expect(page).toHaveURL(/\/hub\/students$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await openUserMenu(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('B19/B21: an inactive company shows the error screen; Change Company goes back to /hub', async ({ page, world }) => {
    const refused = await page.request.post('/api/company/login-by-code', { data: { company_code: world.company('CLOSED').code } });
    expect(refused.status()).toBe(403);
    await page.goto('/hub');
    await enterCompanyCode(page, world.company('CLOSED').code);
    await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
    await expect(page.getByText('Company does not have the Customer Hub active', { exact: true })).toBeVisible();
    await Promise.all([page.waitForRequest(apiCall('POST', '/api/company/logout')), page.getByRole('button', { name: 'Change Company' }).click()]);
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole('tab', { name: 'Company Code' })).toBeVisible();
  });

  test('N36, B19: a registration or booking link of a company whose portal is off shows the same screen, not "a business we know"', async ({ page, world }) => {
    const closed = world.company('CLOSED');
    for (const link of [`/ocr?id=${closed.customerId}&p=1`, `/ob?id=${closed.customerId}`]) {
      await page.goto(link);
      await expect(page.getByText('Company does not have the Customer Hub active', { exact: true })).toBeVisible();
      await expect(page.getByText(messages.unknownLink)).toHaveCount(0);
    }
  });
});
