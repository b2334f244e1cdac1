import type { Page } from '@playwright/test';
import { expect, signInViaApi, test } from '../support/fixtures.ts';

const URL_WORD = 'https://www.example.com/customer-hub/term-four/timetable-and-lane-allocations-for-every-squad.pdf';
const EMAIL_WORD = 'swim.school.front.desk.and.bookings@splash-aquatic-centre-bondi.example.com';

/**
 * The page is as wide as the phone, and each element holding the long word stays within the
 * screen and shows all of it within its own width: wrapped, or cut on purpose with an ellipsis
 * (a one-line row of a list whose whole text opens on its own page).
 */
async function expectWrapped(page: Page, text: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const holders = page.getByText(text, { exact: false });
  await expect(holders.first()).toBeVisible();
  for (const holder of await holders.all()) {
    const { overflow, right, cut } = await holder.evaluate((el) => {
      // Cut on purpose: the element or the row around it ends in an ellipsis, within the screen.
      let cut = false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') {
          cut = e.getBoundingClientRect().right <= window.innerWidth;
          break;
        }
      }
      return { overflow: el.scrollWidth - el.clientWidth, right: el.getBoundingClientRect().right, cut };
    });
    if (cut) continue;
    expect(overflow, text).toBeLessThanOrEqual(0);
    expect(right, text).toBeLessThanOrEqual(375);
  }
}

test('a URL or an e-mail address in a notification or message wraps instead of widening the page @phone', async ({ page, ownWorld }) => {
  const world = await ownWorld(['SPLASH'], (_name, bundle) => {
    const b = bundle as typeof bundle & { notifications: Record<string, unknown>[]; messages: Record<string, unknown>[] };
    b.notifications.push({ title: `Timetable: ${URL_WORD}`, content: `Questions to ${EMAIL_WORD}`, category: 'news', created_at: 'today-1T09:00', to: ['james'] });
    b.messages.push({ title: `Write to ${EMAIL_WORD}`, body: `See ${URL_WORD}`, published_at: 'today-1T09:00', to: 'james' });
  });
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0 });

  await page.goto('/hub/notifications');
  await expect(page.getByRole('heading', { name: `Timetable: ${URL_WORD}` })).toBeVisible();
  await expectWrapped(page, `Timetable: ${URL_WORD}`);
  await expectWrapped(page, `Questions to ${EMAIL_WORD}`);

  await page.goto('/hub/messages');
  await expectWrapped(page, `Write to ${EMAIL_WORD}`);
  await page.getByRole('link', { name: new RegExp(`Write to ${EMAIL_WORD.replaceAll('.', '\\.')}`) }).click();
  await expect(page).toHaveURL(/\/hub\/messages\?id=\d+$/);
  await expectWrapped(page, `Write to ${EMAIL_WORD}`);
  await expectWrapped(page, `See ${URL_WORD}`);
});

test('a long e-mail address in my details, and a long search in financials, stay within the phone’s width @phone', async ({ page, ownWorld }) => {
  const world = await ownWorld(['SPLASH'], (_name, bundle) => {
    const b = bundle as typeof bundle & { customers: { clients: { key: string; email2?: string }[] }[] };
    for (const customer of b.customers) for (const client of customer.clients) if (client.key === 'james') client.email2 = EMAIL_WORD;
  });
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0 });

  await page.goto('/hub/settings/my-details');
  await expect(page.getByText(EMAIL_WORD, { exact: true })).toBeVisible();
  await expectWrapped(page, EMAIL_WORD);

  // The field takes 100 characters; the term shows again in the recent searches and in the empty list's message.
  const term = 'a'.repeat(100);
  await page.goto('/hub/financials');
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No invoices match “${term}”.`)).toBeVisible();
  await expectWrapped(page, term);
});
