import { expect, signInViaApi, test } from './support/fixtures.ts';

test('a signed-in parent lands on the home page with their classes', async ({ page, world }) => {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto('/hub/company');
  await expect(page.getByRole('tab', { name: 'Upcoming Classes' })).toBeVisible();
});
