import { apiCall, chooseCompanyViaApi, enterCompanyCode, expect, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

test.describe('account menu and sidebar', () => {
  test('B10: the desktop "Account Settings" menu lists the settings links and "Sign Out"', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const menu = await openUserMenu(page);
    await expect(menu.getByText('Account Settings', { exact: true })).toBeVisible();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items.filter((t) => ['My Details', 'Login & Security', 'Billing', 'Agreements', 'Sign Out'].includes(t))).toEqual([
      'My Details',
      'Login & Security',
      'Billing',
      'Agreements',
      'Sign Out',
    ]);
    await menu.getByRole('menuitem', { name: 'Login & Security' }).click();
    await expect(page).toHaveURL(/\/hub\/settings\/security$/);
  });

  test('B11: a guest sees "Login" and "Change Company"; Login opens the login modal', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Change Company' })).toBeVisible();
    await banner.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('B12: the phone sidebar greets a signed-in customer and offers Logout @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const sidebar = await openUserMenu(page);
    await expect(sidebar.getByText('Hi Sarah', { exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Account Settings' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Change Company' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/hub\/settings-main-page$/);
    await expect(page.getByRole('navigation', { name: 'Account Settings' }).getByRole('link')).toHaveText(['My Details', 'Login & Security', 'Billing', 'Agreements', 'Barcodes']);
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
});
