import { apiCall, expect, expectSignedInAs, isMobile, openUserMenu, signInViaApi, storedUser, test } from '../support/fixtures.ts';

/**
 * Switch account: an e-mail address with two accounts at the company (James Carter's family and
 * Olivia Carter's business account) moves from one to the other from the account menu, without
 * its password again, and lands on the other's home.
 */
for (const tag of ['', ' @phone']) {
  test(`a family with two accounts switches from one to the other in the account menu${tag}`, async ({ page, world }) => {
    // A session of its own: the switch ends it.
    const james = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0, fresh: true });
    expect(james).toMatchObject({ FirstName: 'James', OtherAccounts: 1 });
    await page.goto('/hub/financials');
    await expectSignedInAs(page, 'James');

    const menu = await openUserMenu(page);
    const item = isMobile(page) ? menu.getByRole('button', { name: 'Switch account' }) : menu.getByRole('menuitem', { name: 'Switch account' });
    await item.click();
    const dialog = page.getByRole('dialog', { name: 'Switch account' });
    // It says which account is open now, and offers the others.
    await expect(dialog.getByText('You are in James Carter’s account, your own. Your e-mail address also opens:')).toBeVisible();
    // The account signed in to is not offered again.
    await expect(dialog.getByRole('button', { name: /Carter/ })).toHaveText([/Olivia Carter – Business account\s*Your own account$/]);
    const [switched] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/switch-account')), dialog.getByRole('button', { name: /Olivia Carter/ }).click()]);
    expect(switched.status()).toBe(200);
    await expect(dialog).toBeHidden();
    // The other account's home, its name in the menu and in what the portal keeps.
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expectSignedInAs(page, 'Olivia');
    expect(await storedUser(page)).toMatchObject({ FirstName: 'Olivia', OtherAccounts: 1 });
  });
}

test('one account offers no Switch account', async ({ page, world }) => {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto('/hub/company');
  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(menu.getByText('Switch account')).toHaveCount(0);
});
