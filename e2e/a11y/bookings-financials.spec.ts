import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInViaApi, test, type World } from '../support/fixtures.ts';
import { chooseFirstFreeTime, wholePageInView } from '../support/bookings.ts';

/** axe on the financials and bookings pages (no serious or critical violation); behaviour is tested in their own specs. */

async function signedIn(page: Page, world: World, company: 'SPLASH' | 'ACE', path: string) {
  await signInViaApi(page, { code: world.company(company).code, email: world.email('parent') });
  await page.goto(path);
}

test.describe('accessibility of financials and bookings', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the invoices & receipts list with recent searches, an invoice; the balance history, the upcoming payments', async ({ page, world }) => {
    await signedIn(page, world, 'SPLASH', '/hub/financials/invoices-and-receipts');
    await test.step('the invoices & receipts list with recent searches', async () => {
      await page.getByRole('searchbox', { name: 'Search invoices' }).fill('Unpaid');
      await page.getByRole('searchbox', { name: 'Search invoices' }).press('Enter');
      await expect(page.getByRole('list', { name: 'Recent searches' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
      await expectAccessible(page);
    });
    await test.step('the balance history, the upcoming payments', async () => {
      await page.getByRole('link', { name: 'Balance History' }).click();
      await expect(page.getByRole('table', { name: 'Balance history' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Upcoming Payments' }).click();
      await expect(page.getByRole('table', { name: 'Upcoming payments' })).toBeVisible();
      await expectAccessible(page);
    });
    await test.step('an invoice', async () => {
      await page.goto('/hub/financials/INV-10233');
      await expect(page.getByRole('table', { name: 'Invoice lines' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('the bookings list and its cancel dialog, the add-a-booking page with a court chosen', async ({ page, world }) => {
    await signedIn(page, world, 'ACE', '/hub/bookings/view');
    await expect(page.getByRole('list', { name: 'Upcoming bookings' })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('list', { name: 'Upcoming bookings' })
      .getByRole('button', { name: /^Cancel/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/hub/bookings/add');
    // Today may have no free slot left (late evening in the venue's time zone): the day after tomorrow has.
    await chooseFirstFreeTime(page);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await wholePageInView(page);
    await expectAccessible(page);
  });
});
