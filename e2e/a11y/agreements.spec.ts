import { acceptRequiredAgreementsViaApi, expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';

/** axe on the agreement and sign-in action pages (decision 013: one check per page, here only). */
test.describe('accessibility of agreements and sign-in actions (axe: no serious or critical violations)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the sign-in actions page: an agreement to sign on the pad, then Update Your Details', async ({ page, ownWorld }) => {
    // A new customer of a company of the test's own: accepting the agreements is a write.
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('new'), fresh: true });
    await page.goto('/hub/sign-in-actions');
    await test.step('the sign-in actions page: an agreement to sign on the pad', async () => {
      await expect(page.getByRole('img', { name: /Signature pad/ })).toBeVisible();
      await expectAccessible(page);
    });
    await test.step('the sign-in actions page: Update Your Details', async () => {
      await acceptRequiredAgreementsViaApi(page);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Update Your Details' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('the Agreements tab and the agreement viewer', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings/agreements');
    await expect(page.getByRole('button', { name: /Medical and photo consent/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Medical and photo consent/ }).click();
    // A consent that asks for a signature, signed before the account came to the portal: "Signed", as the list says, and where the copy is.
    const viewer = page.getByRole('region', { name: 'Medical and photo consent' });
    await expect(viewer.getByText(/^Signed on /)).toBeVisible();
    await expect(viewer.getByText(/keeps the signed copy\.$/)).toBeVisible();
    await expectAccessible(page);
  });
});
