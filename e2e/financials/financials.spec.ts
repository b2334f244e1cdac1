import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { InvoiceList } from '@portal/shared/financials-schemas';
import { expect, getJson, isMobile, signInViaApi, test, type World } from '../support/fixtures.ts';

async function openFinancials(page: Page, world: World, path = '/hub/financials') {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto(path);
}

/** Invoice numbers in the order the list shows them (table rows on desktop, cards on phones). */
async function shownNumbers(page: Page): Promise<string[]> {
  const scope = isMobile(page) ? page.getByRole('list', { name: 'Invoices' }).getByRole('listitem') : page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
  await expect(scope.first()).toBeVisible();
  return (await scope.allInnerTexts()).map((t) => /INV-\d+/.exec(t)?.[0] ?? '');
}

/**
 * Searches the invoices list from its search box. Until the new answer arrives the list keeps
 * showing the previous one, so a reader of the rows waits for the searched rows (expect.poll).
 */
async function searchInvoices(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'Search invoices' });
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(term)}`));
}

test.describe('financials', () => {
  // One signed-in customer who only reads: the lists, a search history, an invoice, the other lists.
  test('I2/I3/I5/I12, I13, I6/I7/I8, I9, I14/I15/I16, I10/I11: the invoice lists, searches, statuses, Pay Now, an invoice, balance history and upcoming payments', async ({ page, world }) => {
    test.setTimeout(90_000);
    await openFinancials(page, world);

    await test.step('I2/I3/I5/I12: opens on invoices & receipts, newest first, oldest first on the toggle, in pages', async () => {
      await expect(page).toHaveURL(/\/hub\/financials\/invoices-and-receipts$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Financials' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Invoices & Receipts' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('columnheader')).toHaveText(['Date', 'Invoice No.', 'Due Date', 'Total', 'Balance Due', 'Status', 'Open']);
      const api = await getJson<InvoiceList>(page, '/api/financials/invoices?page=1&limit=10');
      const newest = await shownNumbers(page);
      expect(newest).toEqual(api.invoices.map((i) => i.invoiceNumber));

      await page.getByRole('button', { name: /Show oldest first/ }).click();
      await expect(page.getByRole('button', { name: /Show newest first/ })).toBeVisible();
      const oldest = await getJson<InvoiceList>(page, '/api/financials/invoices?page=1&limit=10&sort=asc');
      await expect.poll(() => shownNumbers(page)).toEqual(oldest.invoices.map((i) => i.invoiceNumber));

      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(`Page 2 of ${oldest.total_pages}`)).toBeVisible();
      const second = await getJson<InvoiceList>(page, '/api/financials/invoices?page=2&limit=10&sort=asc');
      await expect.poll(() => shownNumbers(page)).toEqual(second.invoices.map((i) => i.invoiceNumber));
      // Back to newest first for the steps below.
      await page.getByRole('button', { name: /Show newest first/ }).click();
      await expect(page.getByRole('button', { name: /Show oldest first/ })).toBeVisible();
    });

    await test.step('I13: searches, and remembers the last five searches of this list, newest first, without repeats', async () => {
      for (const term of ['INV-10236', 'Overdue', 'Paid', 'Unpaid', 'Scheduled', 'INV-10239']) await searchInvoices(page, term);
      // The previous search's rows stay on screen until this search's answer arrives.
      await expect.poll(() => shownNumbers(page)).toEqual(['INV-10239']);
      const recent = page.getByRole('list', { name: 'Recent searches' }).getByRole('button');
      await expect(recent).toHaveText(['INV-10239', 'Scheduled', 'Unpaid', 'Paid', 'Overdue']);
      await recent.filter({ hasText: 'Unpaid' }).click();
      await expect(recent).toHaveText(['Unpaid', 'INV-10239', 'Scheduled', 'Paid', 'Overdue']);
      await page.reload();
      await expect(page.getByRole('list', { name: 'Recent searches' }).getByRole('button')).toHaveText(['Unpaid', 'INV-10239', 'Scheduled', 'Paid', 'Overdue']);
      // The balance history keeps its own.
      await page.getByRole('link', { name: 'Balance History' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search balance history' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Recent searches' })).toHaveCount(0);
    });

    await test.step('decision 121: the statement’s balance says how it adds up to what is owed now', async () => {
      const owed = ((await page.getByRole('heading', { name: /^You owe / }).textContent()) ?? '').replace('You owe ', '');
      const summary = page.getByRole('region', { name: /^Balance \$/ });
      await expect(summary).toContainText(`Of this, ${owed} is due now`);
      await expect(summary).toContainText('will be collected by direct debit.');
    });

    const table = page.getByRole('table', { name: 'Invoices' });
    const row = (no: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: no }) });

    await test.step('I6/I7/I8: Pay Now for Unpaid, badges for the rest, no way into a Debit Scheduled invoice', async () => {
      await page.getByRole('link', { name: 'Invoices & Receipts' }).click();
      await searchInvoices(page, 'INV-1024');
      await expect(row('INV-10243').getByText('Debit Scheduled')).toBeVisible();
      await expect(row('INV-10243').getByRole('link')).toHaveCount(0);
      await expect(row('INV-10240').getByText('Scheduled', { exact: true })).toBeVisible();
      await searchInvoices(page, 'INV-10236');
      await expect(row('INV-10236').getByRole('link', { name: 'Pay Now invoice INV-10236' })).toBeVisible();
      // The list offers no link into it: the address is typed.
      await page.goto('/hub/financials/INV-10243');
      await expect(page.getByText(/^Invoice INV-10243 \(\$245\.00\) will be collected by direct debit on \d\d\/\d\d\/\d{4}\. You can open it once it has been paid\.$/)).toBeVisible();
    });

    await test.step('I9: Pay Now puts the invoice in the invoice cart once and goes to the invoice checkout', async () => {
      await page.goto('/hub/financials/invoices-and-receipts?q=INV-10237');
      await page.getByRole('link', { name: 'Pay Now invoice INV-10237' }).click();
      await expect(page).toHaveURL(/\/hub\/invoice-checkout$/);
      await page.goBack();
      await expect(page.getByRole('link', { name: /Pay Now invoice INV-10237/ }).getByLabel('In your cart')).toBeVisible();
      await page.getByRole('link', { name: /Pay Now invoice INV-10237/ }).click();
      await expect(page).toHaveURL(/\/hub\/invoice-checkout$/);
      const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem('portal-cart') ?? '{}') as { state: { invoices: string[] } });
      expect(cart.state.invoices).toEqual(['INV-10237']);
      await page.goBack();
    });

    await test.step('I14/I15/I16: an invoice with its lines, tax, ABN, bank details and payments; Back; its PDF downloads', async () => {
      await searchInvoices(page, 'INV-10212');
      // A target a finger can hit: at least 24 px tall (WCAG 2.5.8); it was 20 px.
      expect((await page.getByRole('link', { name: 'View invoice INV-10212' }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
      await page.getByRole('link', { name: 'View invoice INV-10212' }).click();
      await expect(page).toHaveURL(/\/hub\/financials\/INV-10212$/);
      await expect(page.getByRole('heading', { name: 'Tax Invoice INV-10212' })).toBeVisible();
      await expect(page.getByText('ABN 51 824 753 556', { exact: false })).toBeVisible();
      await expect(page.getByText('BSB 062-000', { exact: false })).toBeVisible();
      const lines = page.getByRole('table', { name: 'Invoice lines' });
      await expect(lines.getByRole('columnheader', { name: 'GST' })).toBeVisible();
      await expect(lines.locator('tbody tr')).toHaveCount(3);
      await expect(lines).toContainText('Discount Credit');
      await expect(lines).toContainText('-$26.00');
      await expect(lines).toContainText('Credit Card Surcharge');
      await expect(page.getByText('$245.00').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Receipt RCT-20102' })).toBeVisible();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
      expect(download.suggestedFilename()).toBe('INV-10212.pdf');
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/hub\/financials\/invoices-and-receipts/);
    });

    await test.step('I10/I11: balance history rows and upcoming payments', async () => {
      await page.getByRole('link', { name: 'Balance History' }).click();
      const search = page.getByRole('searchbox', { name: 'Search balance history' });
      await search.fill('RCT-20102');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/hub\/financials\/balance-history\?q=RCT-20102$/);
      // Two payments of one receipt, each with the balance it left (decision 081).
      const rows = page.getByRole('table', { name: 'Balance history' }).locator('tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(rows).toContainText(['Invoice INV-10219', 'Invoice INV-10212']);
      await expect(page.getByRole('table', { name: 'Balance history' }).getByRole('columnheader', { name: 'Balance' })).toBeVisible();
      await page.getByRole('link', { name: 'Upcoming Payments' }).click();
      const upcoming = page.getByRole('table', { name: 'Upcoming payments' }).locator('tbody tr');
      await expect(upcoming).toHaveCount(3);
      // What is to come opens on the next charge: the weekly instalments, then the squad's monthly one last.
      await expect(page.getByRole('button', { name: 'Date: soonest first. Show latest first' })).toBeVisible();
      await expect(upcoming.first()).toContainText('Weekly');
      await expect(upcoming.last()).toContainText('Squad membership');
      await expect(upcoming.last()).toContainText('Monthly');
    });
  });

  test('I4/I5: the phone menu lists the three lists; invoices are cards; an invoice opens @phone', async ({ page, world }) => {
    await openFinancials(page, world, '/hub/financials-main-page');
    for (const name of ['Invoices & Receipts', 'Balance History', 'Upcoming Payments']) await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name: 'Invoices & Receipts' }).click();
    const cards = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('INV-10239');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(cards).toHaveCount(1);
    await cards.getByRole('link', { name: /View Invoice/ }).click();
    await expect(page.getByRole('heading', { name: 'Tax Invoice INV-10239' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText('Discount Code');
  });

  test('an invoice’s lines read cleanly on a phone: a card surcharge’s type on one line, nothing scrolls sideways @phone', async ({ page, world }) => {
    await openFinancials(page, world, '/hub/financials/INV-10212');
    const lines = page.getByRole('table', { name: 'Invoice lines' });
    const surcharge = lines.getByRole('row').filter({ hasText: 'Card surcharge' });
    const type = surcharge.locator('td[data-label="Type"]');
    await expect(type).toHaveText('Credit Card Surcharge');
    // The type's words on one line: its text lies in one line box, none broken over two.
    const lineTops = await type.evaluate((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lineTops).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await lines.screenshot({ path: test.info().outputPath('invoice-lines-phone.png') });
  });
});
