import type { Page } from '@playwright/test';
import { apiCall, expect, signInViaApi, test } from '../support/fixtures.ts';

interface Invoice {
  PaymentDate: string;
  balance_due: number;
}

function formatAs(isoDate: string, format: 'dd/MM/yyyy' | 'MM/dd/yyyy'): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return format === 'dd/MM/yyyy' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** Opens the home page and returns the open invoices it was sent, with their list on screen. */
async function homeInvoices(page: Page): Promise<Invoice[]> {
  const [classesAnswer, invoicesAnswer] = await Promise.all([
    page.waitForResponse(apiCall('GET', '/api/home/get-upcoming-classes')),
    page.waitForResponse(apiCall('GET', '/api/home/get-outstanding-invoices')),
    page.goto('/hub/company'),
  ]);
  const { invoices } = (await invoicesAnswer.json()) as { invoices: Invoice[] };
  const { upcoming_classes: classes } = (await classesAnswer.json()) as { upcoming_classes: unknown[] };
  // With classes and invoices both, the invoices are the second tab; without classes, a section.
  if (classes.length > 0 && invoices.length > 0) await page.getByRole('tab', { name: 'Open Invoices' }).click();
  else await expect(page.getByRole('heading', { name: 'Open Invoices' })).toBeVisible();
  return invoices;
}

test.describe('dates and money on the home page', () => {
  for (const { company, account, format, symbol } of [
    { company: 'SPLASH', account: 'parent', format: 'dd/MM/yyyy', symbol: '$' },
    { company: 'ACE', account: 'parent', format: 'MM/dd/yyyy', symbol: '$' },
    { company: 'THAMES', account: 'dancer', format: 'dd/MM/yyyy', symbol: '£' },
  ] as const) {
    test(`C13/C15: ${company} shows invoice dates as ${format} and amounts in ${symbol}`, async ({ page, world }) => {
      await signInViaApi(page, { code: world.company(company).code, email: world.email(account) });
      const invoices = await homeInvoices(page);
      // The due date shows on both widths (table column / card summary). A day above 12 cannot read the same in both orders.
      const invoice = invoices.find((i) => Number(i.PaymentDate.slice(8, 10)) > 12) ?? invoices[0]!;
      const other = format === 'dd/MM/yyyy' ? 'MM/dd/yyyy' : 'dd/MM/yyyy';
      await expect(page.getByText(formatAs(invoice.PaymentDate, format)).filter({ visible: true }).first()).toBeVisible();
      if (Number(invoice.PaymentDate.slice(8, 10)) > 12) await expect(page.getByText(formatAs(invoice.PaymentDate, other))).toHaveCount(0);
      const money = `${symbol}${(invoice.balance_due / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(page.getByText(money, { exact: true }).filter({ visible: true }).first()).toBeVisible();
    });
  }
});
