import type { Page } from '@playwright/test';
import { expect, signInViaApi, test, type World } from '../support/fixtures.ts';

/**
 * One date and time style per company (C13): dates in its DateFormat, times as hh:mm a (or
 * hh:mm:ss a for a timestamp), on every main page a family opens, at both widths.
 */

type Company = { name: 'ACE' | 'SPLASH'; format: 'MM/dd/yyyy' | 'dd/MM/yyyy' };
const COMPANIES: Company[] = [
  { name: 'ACE', format: 'MM/dd/yyyy' },
  { name: 'SPLASH', format: 'dd/MM/yyyy' },
];

const MAIN_PAGES = [
  '/hub/company',
  '/hub/students',
  '/hub/classes',
  '/hub/classes/view-enrollments',
  '/hub/classes/makeups',
  '/hub/classes/notify-absences',
  '/hub/financials/invoices-and-receipts',
  '/hub/financials/balance-history',
  '/hub/financials/upcoming-payments',
  '/hub/bookings/view',
  '/hub/bookings/add',
  '/hub/notifications',
  '/hub/messages',
  '/hub/settings/my-details',
  '/hub/settings/agreements',
  '/hub/barcodes',
];

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';

/** Every date or time in `text` that is not in the company's one style. */
function offStyle(text: string, format: Company['format']): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) found.push(m[0]);
  for (const m of text.matchAll(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g)) {
    const [a = '', b = '', y = ''] = m[0].split('/');
    const [month, day] = format === 'MM/dd/yyyy' ? [a, b] : [b, a];
    const ok = a.length === 2 && b.length === 2 && y.length === 4 && Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= 31;
    if (!ok) found.push(m[0]);
  }
  for (const m of text.matchAll(/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?\b)?/gi)) {
    if (!/^(0[1-9]|1[0-2]):[0-5]\d(:[0-5]\d)? (AM|PM)$/.test(m[0])) found.push(m[0]);
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2}(st|nd|rd|th)? (${MONTHS})[a-z]*|(${MONTHS})[a-z]* \\d{1,2}(st|nd|rd|th)?,? \\d{4})\\b`, 'g'))) found.push(m[0]);
  return found;
}

/** The page's visible text once its lists have loaded. */
async function visibleText(page: Page): Promise<string> {
  // Loaded: its heading shown, and no list still loading (a skeleton, a spinner, a busy region).
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-pulse, [role="status"]:has(svg.animate-spin)')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  return page.locator('body').innerText();
}

/** The main pages, one student's page and one invoice's page: path → the dates and times out of style. */
async function crawl(page: Page, world: World, company: Company): Promise<Record<string, string[]>> {
  await signInViaApi(page, { code: world.company(company.name).code, email: world.email('parent') });
  const offences: Record<string, string[]> = {};
  const visit = async (path: string) => {
    await page.goto(path);
    const bad = offStyle(await visibleText(page), company.format);
    if (bad.length > 0) offences[path] = bad;
    // Every page at both widths, kept for a person to look at (issue 25: nothing cut off or overlapping).
    const name = `${company.name}-${page.viewportSize()?.width ?? 0}${path.replace(/[^A-Za-z0-9]+/g, '-')}.png`;
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  };
  for (const path of MAIN_PAGES) await visit(path);
  // A student's page (booked classes, next session) and an invoice's page (its lines and payments).
  await page.goto('/hub/students');
  await visibleText(page);
  const student = await page.locator('a[href^="/hub/students/"]').filter({ hasNotText: /add/i }).first().getAttribute('href');
  expect(student).toMatch(/^\/hub\/students\/\d+/);
  await visit(student!);
  await page.goto('/hub/financials/invoices-and-receipts');
  await visibleText(page);
  const invoice = await page.locator('a[href^="/hub/financials/"]').filter({ hasText: /view/i }).first().getAttribute('href');
  expect(invoice).toMatch(/^\/hub\/financials\/[A-Z]+-\d+$/);
  await visit(invoice!);
  return offences;
}

test.describe('one date and time style per company', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const company of COMPANIES) {
    for (const tag of ['', ' @phone']) {
      test(`C13: every main page of ${company.name} shows dates as ${company.format} and times as hh:mm a${tag}`, async ({ page, world }) => {
        expect(await crawl(page, world, company)).toEqual({});
      });
    }
  }
});
