import { expect, type Page } from '@playwright/test';
import { getJson, signInViaApi, type World } from './fixtures.ts';

/** The simulated gateway's test cards (decision 024). */
export const TEST_CARDS = { ok: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

/** Fills the payment page's card form (the expiry's slash is typed by the page). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Sarah Mitchell');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('122030');
  await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
  await page.getByLabel('Security code').fill('123');
}

/** On an add enrolments page: the class put in the cart for the student through the dialog, and its confirmation closed. */
export async function addClassToCart(page: Page, className: string, student: string): Promise<void> {
  await page.getByTestId('class-result').filter({ hasText: className }).getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to cart' });
  await dialog.getByRole('combobox').first().selectOption({ label: student });
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue' }).click();
}

export interface Outstanding {
  invoices: { InvoiceNo: string; status: string; balance_due: number }[];
}

/** Signs parent@ in at the test's own SPLASH and puts one of their Unpaid invoices in the invoice cart. */
export async function invoiceInCart(page: Page, world: World): Promise<string> {
  const user = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
  const list = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
  const invoice = list.invoices.find((i) => i.status === 'Unpaid');
  expect(invoice, 'an Unpaid invoice').toBeDefined();
  const invoiceNo = invoice!.InvoiceNo;
  await page.addInitScript(
    ([clientId, no]) => {
      // Once per tab: later navigations see the cart as the portal left it.
      if (window.sessionStorage.getItem('cart-seeded')) return;
      window.sessionStorage.setItem('cart-seeded', '1');
      window.localStorage.setItem(
        'portal-cart',
        JSON.stringify({ state: { clientId, classItems: [], bookingItems: [], invoices: [no], ocrProfileId: null, discountCodes: [], creditIds: [] }, version: 0 }),
      );
    },
    [user.ClientID, invoiceNo] as const,
  );
  return invoiceNo;
}
