import type { Page } from '@playwright/test';
import { expect, expectAccessible, getJson, signInViaApi, test, type World } from '../support/fixtures.ts';

const CARDS = { ok: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

interface Outstanding {
  invoices: { InvoiceNo: string; status: string; balance_due: number }[];
}

/** Signs parent@ in at the test's own SPLASH and puts one of their Unpaid invoices in the invoice cart. */
async function invoiceInCart(page: Page, world: World): Promise<string> {
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
      window.localStorage.setItem('portal-cart', JSON.stringify({ state: { clientId, classItems: [], bookingItems: [], invoices: [no], ocrProfileId: null, discountCodes: [], creditIds: [] }, version: 0 }));
    },
    [user.ClientID, invoiceNo] as const,
  );
  return invoiceNo;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Sarah Mitchell');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('122030');
  await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
  await page.getByLabel('Security code').fill('123');
}

test.describe('invoice checkout and payment', () => {
  test('H13, H14, H15: Pay Now on an unpaid invoice, paid with a test card @phone', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const invoiceNo = await invoiceInCart(page, world);
    await page.goto('/hub/invoice-checkout');
    await expect(page.getByRole('heading', { name: 'Invoice Checkout' })).toBeVisible();
    await expect(page.getByText(`Invoice ${invoiceNo}`).first()).toBeVisible();
    const amount = await page.getByTestId('amount-to-pay').textContent();
    await page.screenshot({ path: test.info().outputPath('invoice-checkout.png'), fullPage: true });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(amount!);
    // Card details go to the gateway's own route, never to /api.
    const apiBodies: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiBodies.push(r.postData() ?? '');
    });
    await fillCard(page, CARDS.ok);
    await page.screenshot({ path: test.info().outputPath('payment.png'), fullPage: true });
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(`for invoice ${invoiceNo}`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payment-success.png'), fullPage: true });
    expect(apiBodies.join('\n')).not.toContain(CARDS.ok);
    const after = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
    expect(after.invoices.find((i) => i.InvoiceNo === invoiceNo)).toBeUndefined();
    // H15: the invoice cart is empty afterwards.
    await page.goto('/hub/invoice-checkout');
    await expect(page.getByText('No invoices to pay')).toBeVisible();
  });

  test('a declined card shows the gateway message and pays nothing @phone', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const invoiceNo = await invoiceInCart(page, world);
    await page.goto('/hub/payment?for=invoices');
    await fillCard(page, CARDS.declined);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const after = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
    expect(after.invoices.find((i) => i.InvoiceNo === invoiceNo)?.status).toBe('Unpaid');
  });

  test('a card that asks for a challenge step: approved, then paid', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    await invoiceInCart(page, world);
    await page.goto('/hub/payment?for=invoices');
    await fillCard(page, CARDS.challenge);
    await page.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Your places are held for|Your bank asks you/).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('challenge.png') });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  });

  test('H10, H11: a discount code and a customer credit reduce what is charged', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const invoiceNo = await invoiceInCart(page, world);
    await page.goto('/hub/invoice-checkout');
    const before = await page.getByTestId('amount-to-pay').textContent();
    await expectAccessible(page);
    await page.getByLabel('Code', { exact: true }).fill('nothing-like-it');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This discount code is not valid' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove code NOTHING-LIKE-IT' }).click();
    await page.getByLabel('Code', { exact: true }).fill('splash10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('tr[data-row-type="Discount Code"]')).toContainText('Discount Code SPLASH10');
    await page.getByLabel('Make-up lesson credit ($15.00)').check();
    await expect(page.getByText('Customer credits')).toHaveCount(2);
    await expect(page.getByTestId('amount-to-pay')).not.toHaveText(before!);
    const after = await page.getByTestId('amount-to-pay').textContent();
    await page.screenshot({ path: test.info().outputPath('invoice-checkout-discount.png'), fullPage: true });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('payment-amount')).toHaveText(after!);
    await expectAccessible(page);
    await fillCard(page, CARDS.ok);
    await page.getByRole('button', { name: `Pay ${after}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectAccessible(page);
    const credits = await getJson<{ credits: unknown[] }>(page, '/api/payment/get-customer-credits');
    expect(credits.credits).toEqual([]);
    const list = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
    expect(list.invoices.find((i) => i.InvoiceNo === invoiceNo)).toBeUndefined();
  });

  test('H4: the empty cart shows its empty state and no totals @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/checkout');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('amount-to-pay')).toHaveCount(0);
    await expectAccessible(page);
  });
});
