import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { expect, isApiCall, isMobile, signInViaApi, test, type OwnWorld } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { dropClassesAndInvoices } from '../support/world.ts';
import { chooseFirstFreeTime } from '../support/bookings.ts';

/** The cart link of the top bar, on both widths, once it counts `n` items. */
const cartWith = (page: Page, n: number) =>
  page
    .getByRole('link', { name: `Cart, ${n} item${n === 1 ? '' : 's'}` })
    .or(page.getByRole('button', { name: `Cart, ${n} item${n === 1 ? '' : 's'}` }))
    .first();

/**
 * Issue 8 §8, the whole purchase of one family at Splash (classes and lane hire, decision 041):
 * a swimmer enrolled in a class and a lane booked in one cart, a discount code and a credit, a
 * declined card and then a test card; the receipt in financials with its PDF, the class on the
 * home page and in the calendar feed; then Pay Now on an unpaid invoice through a challenge step.
 */
async function journey(page: Page, ownWorld: OwnWorld) {
  // The import, the sign-in and 20 screens: 3 enrolling, 2 booking, 4 at the checkout, the declined and
  // the paid card, 3 in financials with the PDF, home, the feed, and 4 paying an invoice through a challenge.
  budgetSteps(22);
  // Parent@ starts with no enrolments, so the home page shows the class bought here.
  const world = await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { classes: true }));
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });

  let classItem: unknown;
  await test.step('F9, F11: enrol a swimmer in a class', async () => {
    await page.goto('/hub/classes/add-enrollments/1');
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await dolphin.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
    const check = page.waitForRequest((r) => isApiCall(r, '/api/classes/validate-class-item', undefined, 'POST'));
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    classItem = (await check).postDataJSON();
    await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(cartWith(page, 1)).toBeVisible();
    // Back where the family was, on the class's own button, not the top of the page.
    await expect(dolphin.getByRole('button', { name: 'Add to cart' })).toBeFocused();
  });

  let lane = '';
  await test.step('G3, H1: add a lane booking to the same cart', async () => {
    await page.goto('/hub/bookings/add');
    const court = await chooseFirstFreeTime(page);
    lane = ((await court.getAttribute('aria-label')) ?? '').split(' at ')[0]!;
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
    await expect(cartWith(page, 2)).toBeVisible();
  });

  let amount = '';
  await test.step('H8, H10, H11: the checkout lists both, takes a discount code and a credit', async () => {
    await page.goto('/hub/checkout');
    await expect(page.locator('tr[data-row-type="Class"]')).toContainText('Dolphin');
    await expect(page.locator('tr[data-row-type="Custom"]')).toContainText(lane);
    const before = await page.getByTestId('amount-to-pay').textContent();
    await page.getByLabel('Code', { exact: true }).fill('splash10');
    await page.getByRole('button', { name: 'Apply' }).click();
    // 10 % off each of the two lines.
    await expect(page.locator('tr[data-row-type="Discount Code"]')).toHaveCount(2);
    await expect(page.locator('tr[data-row-type="Discount Code"]').first()).toContainText('Discount Code SPLASH10');
    await page.getByLabel('Account credit – overpayment refund ($15.00)').check();
    await expect(page.getByText('Customer credits')).toHaveCount(2);
    await expect(page.getByTestId('amount-to-pay')).not.toHaveText(before!);
    amount = (await page.getByTestId('amount-to-pay').textContent())!;
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('payment-amount')).toHaveText(amount);
  });

  await test.step('a declined card shows the gateway message and pays nothing', async () => {
    await fillCard(page, TEST_CARDS.declined);
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(declined).toBeVisible();
    // On a phone, Pay is at the page's foot and the box at its top: the box is brought into view, clear of the sticky bar.
    await expect(declined).toBeInViewport({ ratio: 1 });
    const bar = (await page.getByRole('banner').boundingBox())!;
    await expect.poll(async () => (await declined.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await expect(page.getByTestId('payment-amount')).toHaveText(amount);
  });

  let paid: PaymentAnswer | undefined;
  await test.step('H14, H15: both paid with a test card', async () => {
    await fillCard(page, TEST_CARDS.ok);
    const answer = page.waitForResponse((r) => isApiCall(r.request(), '/api/payment/checkout', undefined, 'POST') && r.ok());
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    paid = (await (await answer).json()) as PaymentAnswer;
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(paid.receiptNo!)).toBeVisible();
    // Noah has the place now: the class is not added for him again.
    expect((await page.request.post('/api/classes/validate-class-item', { data: classItem })).status()).toBe(409);
  });

  await test.step('I14, I15: the receipt in financials, with its PDF', async () => {
    const invoiceNo = paid!.invoiceNos[0]!;
    await page.getByRole('link', { name: 'View invoices and receipts' }).click();
    await page.getByRole('link', { name: new RegExp(`^View invoice ${invoiceNo}$`, 'i') }).click();
    await expect(page.getByRole('heading', { name: `Tax Invoice ${invoiceNo}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText('Discount Code');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Receipt ${paid!.receiptNo}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${paid!.receiptNo}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-8).toString()).toContain('%%EOF');
    expect(await pdfText(pdf)).toContain(`Receipt ${paid!.receiptNo}`);
  });

  await test.step('D6: the class on the home page', async () => {
    await page.goto('/hub/company');
    const rows = isMobile(page) ? page.getByRole('list', { name: 'Upcoming classes' }).getByRole('listitem') : page.getByRole('table', { name: 'Upcoming classes' }).locator('tbody tr');
    await expect(rows.first()).toContainText('Noah Mitchell');
  });

  await test.step('calendar feed: the class in the ICS', async () => {
    const link = await page.request.post('/api/classes/calendar-feed');
    expect(link.ok()).toBe(true);
    const ics = await page.request.get(((await link.json()) as { url: string }).url);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain('SUMMARY:Noah: Dolphin – Monday');
  });

  await test.step('H13, I6, I9: Pay Now on an unpaid invoice, through a challenge step', async () => {
    await page.goto('/hub/financials/invoices-and-receipts?q=INV-10237');
    await page.getByRole('link', { name: 'Pay Now invoice INV-10237' }).first().click();
    await expect(page).toHaveURL(/\/hub\/invoice-checkout$/);
    await expect(page.getByText('Invoice INV-10237').first()).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.challenge);
    await page.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog.getByText(/^Your bank asks you to confirm this payment of /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('for invoice INV-10237')).toBeVisible();
  });
}

test.describe('the purchase journey of issue 8 §8', () => {
  test('F9, F11, G3, H1, H8, H10, H11, H13–H15, I6, I9, I14, I15, D6: class and lane in one cart, code and credit, declined then paid, receipt PDF, home and calendar, Pay Now with a challenge', async ({
    page,
    ownWorld,
  }) => {
    await journey(page, ownWorld);
  });

  test('the same journey on a phone @phone', async ({ page, ownWorld }) => {
    await journey(page, ownWorld);
  });
});
