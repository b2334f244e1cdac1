import { expect, signInViaApi, test } from './support/fixtures.ts';

test('a signed-in parent lands on the home page with their classes', async ({ page }) => {
  await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
  await page.goto('/hub/company');
  await expect(page.getByRole('tab', { name: 'Upcoming Classes' })).toBeVisible();
});
