import { apiCall, expect, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

test.describe('Account Settings', () => {
  test('K1, K3, K4: the tab bar, the back button while editing, and a sign-in-actions refresh on each tab switch; each account page loads its code only when opened', async ({ page, world }) => {
    // The scripts the page fetches, by chunk name (the part of the file name before its 7-character hash, decision 117).
    const chunks = new Set<string>();
    page.on('request', (r) => {
      const name = /\/assets\/(.+)-[\w-]{7}\.js$/.exec(new URL(r.url()).pathname)?.[1];
      if (r.resourceType() === 'script' && name) chunks.add(name);
    });
    const lazy = ['security-route', 'agreements-route', 'billing-route', 'contact-us-route', 'class-session-link-route', 'barcodes-route'];
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings');
    await expect(page).toHaveURL(/\/hub\/settings\/my-details$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Account Settings' });
    await expect(tabs.getByRole('link')).toHaveText(['My Details', 'Login & Security', 'Billing', 'Agreements']);
    await expect(tabs.getByRole('link', { name: 'My Details' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    expect(chunks).toContain('my-details-route');
    expect(lazy.filter((c) => chunks.has(c))).toEqual([]);

    // K4: each switch asks for the sign-in actions again.
    const [refresh] = await Promise.all([page.waitForRequest(apiCall('GET', '/api/customer/get-sign-in-actions')), tabs.getByRole('link', { name: 'Login & Security' }).click()]);
    expect(refresh.method()).toBe('GET');
    await expect(page).toHaveURL(/\/hub\/settings\/security$/);
    await expect(tabs.getByRole('link', { name: 'Login & Security' })).toHaveAttribute('aria-current', 'page');
    expect(chunks).toContain('security-route');
    expect(lazy.filter((c) => chunks.has(c))).toEqual(['security-route']);

    // K3: updating the password replaces the tab bar with a back button labelled with the tab.
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(tabs).toHaveCount(0);
    await page.getByRole('button', { name: 'Login & Security', exact: true }).click();
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update password' })).toBeFocused();

    await Promise.all([page.waitForRequest(apiCall('GET', '/api/customer/get-sign-in-actions')), tabs.getByRole('link', { name: 'My Details' }).click()]);
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(tabs).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await page.getByRole('button', { name: 'My Details', exact: true }).click();
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  });

  test('K2: without ShowPaymentDetailsTab there is no Billing tab, and its address opens My Details', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      (bundle.company.config.switches as Record<string, unknown>).ShowPaymentDetailsTab = false;
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings/security');
    const tabs = page.getByRole('navigation', { name: 'Account Settings' });
    await expect(tabs.getByRole('link')).toHaveText(['My Details', 'Login & Security', 'Agreements']);
    await page.goto('/hub/settings/billing');
    await expect(page).toHaveURL(/\/hub\/settings\/my-details$/);
  });

  test('K5: /hub/settings-main-page is for phones; a desktop goes home', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings-main-page');
    await expect(page).toHaveURL(/\/hub\/company$/);
  });

  test('@phone K5: the phone menu leads to each tab, and each tab back to the menu', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const sidebar = await openUserMenu(page);
    await sidebar.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/hub\/settings-main-page$/);
    const menu = page.getByRole('navigation', { name: 'Account Settings' });
    await expect(menu.getByRole('link', { name: 'My Details' })).toBeVisible();
    await menu.getByRole('link', { name: 'Login & Security' }).click();
    await expect(page).toHaveURL(/\/hub\/settings\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login & Security' })).toBeVisible();
    // On a phone the menu is the tab bar: no tabs on the page, a way back to the menu instead.
    await expect(page.getByRole('navigation', { name: 'Account Settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('button', { name: 'Login & Security', exact: true }).click();
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/hub\/settings-main-page$/);
  });
});
