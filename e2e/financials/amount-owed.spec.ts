import type { Page } from '@playwright/test';
import type { AmountOwed } from '@portal/shared/home-schemas';
import { expect, getJson, isMobile, signInViaApi, test, type World } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';

// parent@ at SPLASH owes two Overdue invoices ($245.00 and $61.25) and three Unpaid ones
// ($245.00, $35.00, $88.00); Scheduled and Debit Scheduled invoices are collected by the school.
const OVERDUE = ['INV-10231', 'INV-10233'];
const UNPAID = ['INV-10236', 'INV-10237', 'INV-10239'];
const NOT_ONLINE = ['INV-10240', 'INV-10241', 'INV-10243', 'INV-10244', 'INV-10245'];

async function signIn(page: Page, world: World) {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`), fullPage: true });
}

/** The page is never wider than the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Every open invoice, overdue first, is in the invoice checkout; nothing the school collects. */
async function expectAllOpenInCheckout(page: Page) {
  await expect(page).toHaveURL(/\/hub\/invoice-checkout$/);
  await expect(page.getByRole('heading', { name: 'Invoice Checkout' })).toBeVisible();
  for (const no of [...OVERDUE, ...UNPAID]) await expect(page.getByText(`Invoice ${no}`).first()).toBeVisible();
  for (const no of NOT_ONLINE) await expect(page.getByText(`Invoice ${no}`)).toHaveCount(0);
  await expect(page.getByTestId('amount-to-pay')).toContainText('$674.25');
}

test.describe('You owe: paying what is overdue (decision 072)', () => {
  test('Home says what is owed, overdue first; Pay puts every open invoice in the invoice checkout and pays them all', async ({ page, ownWorld }) => {
    budgetSteps(14);
    const world = await ownWorld(['SPLASH']);
    await signIn(page, world);
    await page.goto('/hub/company');
    const banner = page.getByRole('region', { name: 'You owe $674.25' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('$306.25 is overdue. 5 invoices to pay, all in one checkout.');
    await shot(page, 'home-you-owe');

    await test.step('I6 holds on Financials: the banner on top, an Overdue row keeps its badge and no Pay Now', async () => {
      await page.goto('/hub/financials');
      await expect(page.getByRole('region', { name: 'You owe $674.25' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search invoices' }).fill('INV-10231');
      await page.getByRole('searchbox', { name: 'Search invoices' }).press('Enter');
      const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: /INV-10231/ });
      await expect(row.getByText('Overdue')).toBeVisible();
      await expect(row.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
      await shot(page, 'financials-you-owe');
    });

    await page.getByRole('button', { name: 'Pay $674.25' }).click();
    await expectAllOpenInCheckout(page);
    await shot(page, 'invoice-checkout-all-open');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: 'Pay $674.25' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    const owed = await getJson<AmountOwed>(page, '/api/home/get-amount-owed');
    expect(owed).toEqual({ totalCents: 0, overdueCents: 0, invoices: [] });
    await page.goto('/hub/company');
    await expect(page.getByRole('tab', { name: 'Upcoming Classes' })).toBeVisible();
    await expect(page.getByRole('region', { name: /You owe/ })).toHaveCount(0);
  });

  test('on a phone the banner fits, and Pay fills the invoice checkout @phone', async ({ page, ownWorld }) => {
    budgetSteps(10);
    const world = await ownWorld(['SPLASH']);
    await signIn(page, world);
    await page.goto('/hub/company');
    const banner = page.getByRole('region', { name: 'You owe $674.25' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Pay $674.25' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await shot(page, 'home-you-owe');
    await page.goto('/hub/financials');
    await expect(page.getByRole('region', { name: 'You owe $674.25' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'financials-you-owe');
    await page.getByRole('button', { name: 'Pay $674.25' }).click();
    await expectAllOpenInCheckout(page);
    await shot(page, 'invoice-checkout-all-open');
  });

  test('an overdue invoice is paid on its own from its page', async ({ page, ownWorld }) => {
    budgetSteps(6);
    const world = await ownWorld(['SPLASH']);
    await signIn(page, world);
    await page.goto('/hub/financials/INV-10233');
    await expect(page.getByRole('heading', { name: /INV-10233/ })).toBeVisible();
    await expect(page.getByText('Overdue', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Pay Now invoice INV-10233' }).click();
    await expect(page).toHaveURL(/\/hub\/invoice-checkout$/);
    await expect(page.getByText('Invoice INV-10233').first()).toBeVisible();
    await expect(page.getByTestId('amount-to-pay')).toContainText('$61.25');
    for (const no of ['INV-10231', ...UNPAID]) await expect(page.getByText(`Invoice ${no}`)).toHaveCount(0);
  });

  test('no banner where the company does not take invoices online', async ({ page, ownWorld }) => {
    budgetSteps(6);
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      (bundle.company.config.fin_setup as { InvoicesPaidOnline: boolean }).InvoicesPaidOnline = false;
    });
    await signIn(page, world);
    await page.goto('/hub/financials');
    await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('region', { name: /You owe/ })).toHaveCount(0);
    await page.goto('/hub/company');
    await expect(page.getByRole('tab', { name: 'Upcoming Classes' })).toBeVisible();
    await expect(page.getByRole('region', { name: /You owe/ })).toHaveCount(0);
  });
});
