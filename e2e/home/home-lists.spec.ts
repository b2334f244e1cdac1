import type { Page } from '@playwright/test';
import type { HomeInvoice, OutstandingInvoicesPage, UpcomingClass, UpcomingClassesPage } from '@portal/shared/home-schemas';
import { backgroundHue, expect, getJson, isApiCall, isMobile, signInViaApi, test, type World } from '../support/fixtures.ts';
import { dropClassesAndInvoices } from '../support/world.ts';

const CLASSES_API = '/api/home/get-upcoming-classes';
const INVOICES_API = '/api/home/get-outstanding-invoices';
type ClassesPage = UpcomingClassesPage;
type InvoicesPage = OutstandingInvoicesPage;

/** The rows of a home list: table body rows on desktop, cards on phones. */
function rows(page: Page, list: 'Upcoming classes' | 'Open invoices') {
  return isMobile(page) ? page.getByRole('list', { name: list }).getByRole('listitem') : page.getByRole('table', { name: list }).locator('tbody tr');
}

/** yyyy-MM-dd (or yyyy-MM-ddTHH:mm) as dd/MM/yyyy, the demo companies' DateFormat. */
function ddMMyyyy(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function openHome(page: Page, world: World, company: 'SPLASH' | 'ACE' = 'SPLASH') {
  await signInViaApi(page, { code: world.company(company).code, email: world.email('parent') });
  await page.goto('/hub/company');
}

test.describe('home lists for a parent with classes and invoices', () => {
  test('D1/T18, D6, D7/D8, D15, D2, D10–D12, D14/D15: both lists of a parent, their columns, links, load more and badges', async ({ page, world }) => {
    // One page for every check on SPLASH's parent: the steps only read, and each link opened is left with Back.
    test.slow();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    const first = (await getJson<ClassesPage>(page, `${CLASSES_API}?page=1&limit=6`)).upcoming_classes[0] as UpcomingClass;

    await test.step('D1/T18: asks for page 1 of 6 of both lists', async () => {
      const classes = page.waitForRequest((r) => isApiCall(r, CLASSES_API, { page: '1', limit: '6' }));
      const invoices = page.waitForRequest((r) => isApiCall(r, INVOICES_API, { page: '1', limit: '6' }));
      await page.goto('/hub/company');
      await Promise.all([classes, invoices]);
      await expect(rows(page, 'Upcoming classes')).toHaveCount(6);
    });

    await test.step('D6: a table on desktop', async () => {
      await expect(page.getByRole('table', { name: 'Upcoming classes' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Upcoming classes' })).toHaveCount(0);
    });

    await test.step('D7/D8: class columns use the company terms; the row link opens the enrolments', async () => {
      const table = page.getByRole('table', { name: 'Upcoming classes' });
      await expect(table.getByRole('columnheader')).toHaveText(['Date & Time', 'Swimmer', 'Lesson Format', 'Venue', 'Lane', 'Enrollments']);
      const row = table.locator('tbody tr').first();
      await expect(row.getByRole('cell')).toHaveText([
        new RegExp(`^${ddMMyyyy(first.date)}`),
        // The initials avatar comes first; the class (its level) under the name, and what kind of place it is when not the term's
        // (the first session to come may be a make-up or a casual one, by the hour the test runs).
        new RegExp(`${first.student_name}${first.standard}${{ term: '', casual: ' · Casual', makeup: ' · Make-up' }[first.kind]}$`),
        first.lesson_format,
        first.venue,
        first.court,
        /View enrollments/,
      ]);

      await row.getByRole('link', { name: `View enrollments for ${first.student_name}` }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `/hub/students/${first.student_id}` &&
          url.searchParams.get('tab') === 'Enrollments' &&
          url.searchParams.get('from_home') === 'true' &&
          url.searchParams.get('class_id') === String(first.class_id) &&
          url.searchParams.get('session_id') === String(first.session_id),
      );
      await page.goBack();
      await expect(page).toHaveURL('/hub/company');
    });

    await test.step('D15: upcoming classes load 6 more per page until the last', async () => {
      const { total_pages } = await getJson<ClassesPage>(page, `${CLASSES_API}?page=1&limit=6`);
      const last = await getJson<ClassesPage>(page, `${CLASSES_API}?page=${total_pages}&limit=6`);
      const total = (total_pages - 1) * 6 + last.upcoming_classes.length;
      expect(total_pages).toBeGreaterThan(2);

      const list = rows(page, 'Upcoming classes');
      const more = page.getByRole('button', { name: 'Load more' });
      for (let p = 1; p < total_pages; p++) {
        await expect(list).toHaveCount(p * 6);
        const next = page.waitForRequest((r) => isApiCall(r, CLASSES_API, { page: String(p + 1), limit: '6' }));
        await more.click();
        await next;
      }
      await expect(list).toHaveCount(total);
      await expect(more).toHaveCount(0);
    });

    await test.step('D2: two tabs, Upcoming Classes selected first', async () => {
      const tabs = page.getByRole('tablist', { name: 'Your classes and invoices' }).getByRole('tab');
      await expect(tabs).toHaveText(['Upcoming Classes', 'Open Invoices']);
      await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'false');
      await expect(rows(page, 'Upcoming classes').first()).toBeVisible();
      await expect(rows(page, 'Open invoices')).toHaveCount(0);

      await tabs.nth(1).click();
      await expect(rows(page, 'Open invoices')).toHaveCount(6);
    });

    await test.step('D10–D12: invoice columns, dd/MM/yyyy dates, $ amounts and links except for Debit Scheduled', async () => {
      const invoices = (await getJson<InvoicesPage>(page, `${INVOICES_API}?page=1&limit=6`)).invoices;
      expect(invoices.some((i) => i.status === 'Debit Scheduled')).toBe(true);
      await page.getByRole('tab', { name: 'Open Invoices' }).click();
      const table = page.getByRole('table', { name: 'Open invoices' });
      await expect(table.getByRole('columnheader')).toHaveText(['Invoice No.', 'Invoice Date', 'Due Date', 'Total', 'Balance Due', 'Status', 'Invoice']);
      const tableRows = table.locator('tbody tr');
      await expect(tableRows).toHaveCount(invoices.length);

      for (const [i, invoice] of invoices.entries()) {
        const row = tableRows.nth(i);
        await expect(row.locator('th, td')).toHaveText([
          invoice.InvoiceNo,
          ddMMyyyy(invoice.InvoiceDate),
          ddMMyyyy(invoice.PaymentDate),
          dollars(invoice.Total),
          dollars(invoice.balance_due),
          invoice.status,
          invoice.status === 'Debit Scheduled' ? '' : /View invoice/,
        ]);
        const link = row.getByRole('link');
        if (invoice.status === 'Debit Scheduled') {
          await expect(link).toHaveCount(0);
        } else {
          await expect(link).toHaveAttribute('href', `/hub/financials/${invoice.InvoiceNo}`);
        }
      }

      const open = invoices.find((i) => i.status !== 'Debit Scheduled') as HomeInvoice;
      await tableRows.filter({ hasText: open.InvoiceNo }).getByRole('link').click();
      await expect(page).toHaveURL(`/hub/financials/${open.InvoiceNo}`);
      await page.goBack();
      await expect(page).toHaveURL('/hub/company');
    });

    await test.step('D14/D15: invoices load more up to the last page; status badges in their colours', async () => {
      const firstInvoices = await getJson<InvoicesPage>(page, `${INVOICES_API}?page=1&limit=6`);
      expect(firstInvoices.total_pages).toBe(2);
      const second = await getJson<InvoicesPage>(page, `${INVOICES_API}?page=2&limit=6`);
      const all = [...firstInvoices.invoices, ...second.invoices];

      await page.getByRole('tab', { name: 'Open Invoices' }).click();
      const list = rows(page, 'Open invoices');
      await expect(list).toHaveCount(6);
      const next = page.waitForRequest((r) => isApiCall(r, INVOICES_API, { page: '2', limit: '6' }));
      await page.getByRole('button', { name: 'Load more' }).click();
      await next;
      await expect(list).toHaveCount(all.length);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

      const hues: Record<string, (h: number) => boolean> = {
        Scheduled: (h) => h >= 190 && h <= 250,
        'Debit Scheduled': (h) => h >= 190 && h <= 250,
        Unpaid: (h) => h >= 35 && h <= 70,
        Overdue: (h) => h <= 20 || h >= 340,
      };
      for (const [status, inRange] of Object.entries(hues)) {
        const index = all.findIndex((i) => i.status === status);
        expect(index, `an invoice that is ${status}`).toBeGreaterThanOrEqual(0);
        const badge = list.nth(index).getByText(status, { exact: true });
        const hue = await backgroundHue(badge);
        expect(inRange(hue), `${status} badge hue ${hue}`).toBe(true);
      }
    });
  });

  test('D3: no upcoming classes opens on the invoices list', async ({ page, ownWorld }) => {
    await openHome(page, await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { classes: true })));
    await expect(page.getByRole('heading', { name: 'Open Invoices' })).toBeVisible();
    await expect(rows(page, 'Open invoices')).toHaveCount(6);
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('D4: only upcoming classes shows the classes list without tabs', async ({ page, ownWorld }) => {
    await openHome(page, await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { invoices: true })));
    await expect(page.getByRole('heading', { name: 'Upcoming Classes' })).toBeVisible();
    await expect(rows(page, 'Upcoming classes')).toHaveCount(6);
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('D5: nothing scheduled or owing shows the welcome landing', async ({ page, ownWorld }) => {
    await openHome(page, await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { classes: true, invoices: true })));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Customer Hub!' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('D6/D9, D11/D13: class and invoice cards that expand on phones, with View Class and View Invoice @phone', async ({ page, world }) => {
    await openHome(page, world);

    await test.step('D6/D9: cards that expand on phones, with View Class', async () => {
      const first = (await getJson<ClassesPage>(page, `${CLASSES_API}?page=1&limit=6`)).upcoming_classes[0] as UpcomingClass;
      await expect(page.getByRole('table')).toHaveCount(0);
      const card = rows(page, 'Upcoming classes').first();
      const toggle = card.getByRole('button');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toContainText(first.student_name);
      await expect(card.getByRole('link', { name: 'View Class' })).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // D7 on phones: the card's details carry the company's own labels.
      await expect(card.locator('dt')).toHaveText(['Lesson Format', 'Venue', 'Lane']);
      await expect(card.locator('dd')).toHaveText([first.lesson_format, first.venue, first.court]);

      await card.getByRole('link', { name: 'View Class' }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `/hub/students/${first.student_id}` &&
          url.searchParams.get('tab') === 'Enrollments' &&
          url.searchParams.get('class_id') === String(first.class_id) &&
          url.searchParams.get('session_id') === String(first.session_id),
      );
      await page.goBack();
      await expect(page).toHaveURL('/hub/company');
    });

    await test.step('D11/D13: invoice cards show the amounts and View Invoice except for Debit Scheduled', async () => {
      const invoices = (await getJson<InvoicesPage>(page, `${INVOICES_API}?page=1&limit=6`)).invoices;
      await page.getByRole('tab', { name: 'Open Invoices' }).click();
      const cards = rows(page, 'Open invoices');
      await expect(cards).toHaveCount(invoices.length);

      const debit = invoices.findIndex((i) => i.status === 'Debit Scheduled');
      const other = invoices.findIndex((i) => i.status !== 'Debit Scheduled');
      expect(debit).toBeGreaterThanOrEqual(0);

      const debitCard = cards.nth(debit);
      await debitCard.getByRole('button').click();
      await expect(debitCard.getByText('This invoice will be paid automatically by direct debit.')).toBeVisible();
      await expect(debitCard.getByRole('link', { name: 'View Invoice' })).toHaveCount(0);

      const invoice = invoices[other] as HomeInvoice;
      const card = cards.nth(other);
      await card.getByRole('button').click();
      await expect(card.locator('dt')).toHaveText(['Invoice Date', 'Due Date', 'Total', 'Balance Due']);
      await expect(card.locator('dd')).toHaveText([ddMMyyyy(invoice.InvoiceDate), ddMMyyyy(invoice.PaymentDate), dollars(invoice.Total), dollars(invoice.balance_due)]);
      await card.getByRole('link', { name: 'View Invoice' }).click();
      await expect(page).toHaveURL(`/hub/financials/${invoice.InvoiceNo}`);
    });
  });

  test('D7: ACE calls the student a Player and the court a Court', async ({ page, world }) => {
    await openHome(page, world, 'ACE');
    await expect(page.getByRole('table', { name: 'Upcoming classes' }).getByRole('columnheader')).toHaveText(['Date & Time', 'Player', 'Lesson Format', 'Venue', 'Court', 'Enrollments']);
  });
});
