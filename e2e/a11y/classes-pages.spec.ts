import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';

/** axe on the classes pages and their modals (decision 023); behaviour is in e2e/classes. */
test.describe('accessibility of the classes pages (axe: no serious or critical violations)', () => {
  test.describe.configure({ timeout: 90_000 });

  async function check(page: Page, path: string, heading: string) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  }

  test('the classes page, the add enrolments page and its add-to-cart modal', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await check(page, '/hub/classes', 'Classes');
    await check(page, '/hub/classes/add-enrollments/1', 'Learn to Swim – term enrolment');
    await page.goto('/hub/classes/add-enrollments/2');
    await page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday 5:00 pm' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Add to cart' }).getByText('One session (casual)')).toBeVisible();
    await expectAccessible(page);
  });

  test('the enrolments page, the notify absences page and its absence-reason modal', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await check(page, '/hub/classes/view-enrollments', 'Enrolments');
    await check(page, '/hub/classes/notify-absences', 'Notify Absences');
    await page.getByTestId('enrolment').first().getByRole('button', { name: 'Notify absence' }).first().click();
    await page.getByRole('dialog', { name: 'Choose a session' }).getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: 'Reason for absence' }).getByLabel('Reason')).toBeVisible();
    await expectAccessible(page);
  });

  test('the make-ups page, the book a make-up page', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await check(page, '/hub/classes/makeups', 'Make-ups');
    await check(page, '/hub/classes/makeups/book', 'Book a Make-up');
  });
});
