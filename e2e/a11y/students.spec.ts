import { expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';

/** axe on the student pages (list, a student, a new student); their behaviour is in e2e/students. */
test.describe('students pages, accessibility', () => {
  test.describe.configure({ timeout: 60_000 });
  test('list, student and new student pages have no serious violation', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/students');
    await expect(page.getByRole('heading', { name: 'Swimmers', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: /Ella Mitchell/ }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await page.getByRole('link', { name: 'Add Swimmer' }).click();
    await expect(page.getByRole('heading', { name: 'Add Swimmer' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expectAccessible(page);
  });
});
