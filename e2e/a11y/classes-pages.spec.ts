import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';

/** axe on the classes pages and their modals (decision 023); behaviour is in e2e/classes. */
test.describe('accessibility of the classes pages (axe: no serious or critical violations)', () => {
  test.describe.configure({ timeout: 120_000 });

  /** The page's heading, its content (`ready`) and no list still loading, then axe. */
  async function check(page: Page, heading: string, ready: Locator) {
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(ready).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Loading/ }),
    ).toHaveCount(0);
    await expectAccessible(page);
  }
  /** Back to /hub/classes, then one of its tiles. */
  async function fromClasses(page: Page, tile: Locator) {
    await page.goBack();
    await expect(page).toHaveURL('/hub/classes');
    await tile.click();
  }

  test('the classes page, the add enrolments page and its add-to-cart modal; the enrolments page, the notify absences page and its absence-reason modal; the make-ups page, the book a make-up page', async ({
    page,
    world,
  }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/classes');

    await test.step('the classes page, the add enrolments page and its add-to-cart modal', async () => {
      await check(page, 'Classes', page.getByRole('button', { name: /calendar link/ }));
      await page.getByRole('link', { name: /Learn to Swim/ }).click();
      await check(page, 'Learn to Swim – term enrolment', page.getByTestId('class-result').first());
      // The holiday intensive's classes, whose days may also be booked one at a time.
      await fromClasses(page, page.locator('a[href="/hub/classes/add-enrollments/2"]'));
      await page.getByTestId('class-result').filter({ hasText: 'Holiday intensive – Starfish' }).getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Add to cart' }).getByText('One session (casual)')).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Add to cart' })).toBeHidden();
    });

    await test.step('the enrolments page, the notify absences page and its absence-reason modal', async () => {
      await fromClasses(page, page.getByRole('link', { name: /View enrollments/ }));
      await check(page, 'Enrollments', page.getByTestId('enrolment').first());
      await fromClasses(page, page.getByRole('link', { name: /Notify absences/ }));
      await check(page, 'Notify Absences', page.getByTestId('enrolment').first());
      await page.getByTestId('enrolment').first().getByRole('button', { name: 'Notify absence' }).first().click();
      await page.getByRole('dialog', { name: 'Choose a session' }).getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('dialog', { name: 'Reason for absence' }).getByLabel('Reason')).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Reason for absence' })).toBeHidden();
    });

    await test.step('the make-ups page, the book a make-up page', async () => {
      await fromClasses(page, page.getByRole('link', { name: /Make-ups/ }));
      await check(page, 'Make-ups', page.getByTestId('makeup').first());
      await page.goto('/hub/classes/makeups/book');
      await check(page, 'Book a Make-up', page.getByTestId('makeup-session').first().or(page.getByText('You have no make-ups to book.')));
    });
  });
});
