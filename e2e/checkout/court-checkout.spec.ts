import type { Availability, BookingOptions } from '@portal/shared/bookings-schemas';
import type { Page } from '@playwright/test';
import { expect, getJson, registerViaApi, signInViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';

/** Signs parent@ in at the test's own ACE and puts a free weekday-morning court in the cart. */
async function courtInCart(page: Page, world: World) {
  const user = await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
  const options = await getJson<BookingOptions>(page, '/api/bookings/options');
  // A weekday morning, outside the evening time-scale band.
  const day = new Date(`${options.today}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while ([0, 6].includes(day.getUTCDay()));
  const date = day.toISOString().slice(0, 10);
  const availability = await getJson<Availability>(page, `/api/bookings/availability?venue_id=1&booking_type_id=1&date=${date}`);
  const slot = availability.slots.find((s) => s.time >= '09:00' && s.time < '12:00' && s.freeCourts.length > 0)!;
  const item = { venue_id: 1, booking_type_id: 1, date, time: slot.time, court: slot.freeCourts[0]! };
  await page.addInitScript(
    ([clientId, booking]) => {
      if (window.sessionStorage.getItem('cart-seeded')) return;
      window.sessionStorage.setItem('cart-seeded', '1');
      window.localStorage.setItem(
        'portal-cart',
        JSON.stringify({ state: { clientId, classItems: [], bookingItems: [booking], invoices: [], ocrProfileId: null, discountCodes: [], creditIds: [] }, version: 0 }),
      );
    },
    [user.ClientID, item] as const,
  );
  return { date, item };
}

test.describe('class and booking checkout', () => {
  test('H1–H3, H8, H12, H14: a court booking in the cart is priced with tax and the card fee, paid with a test card, and the cart empties @phone', async ({ page, ownWorld }) => {
    const { date, item } = await courtInCart(page, await ownWorld(['ACE']));
    await page.goto('/hub/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.locator('tr[data-row-type="Custom"]')).toContainText(item.court);
    await expect(page.getByText(/Credit Card Surcharge/).first()).toBeVisible();
    await expect(page.getByText('Sales tax').first()).toBeVisible();
    // A finger's target on a phone (it was 24 px tall and as wide as its word).
    const remove = (await page
      .locator('tr[data-row-type="Custom"]')
      .getByRole('button', { name: /^Remove / })
      .boundingBox())!;
    expect(remove.height).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: test.info().outputPath('checkout-court.png'), fullPage: true });
    const amount = await page.getByTestId('amount-to-pay').textContent();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    // The booking paid for leads to My bookings; its invoice number stays on one line on a phone.
    await expect(page.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/hub/bookings/view');
    // The academy’s own series (decision 135), not INV-.
    const invoiceNo = page.getByText(/^ACE-\d+$/);
    const lineHeight = await invoiceNo.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await invoiceNo.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.screenshot({ path: test.info().outputPath('payment-success-court.png'), fullPage: true });
    // H1: the cart badge counts nothing now; the court is no longer free.
    await page.goto('/hub/checkout');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const after = await getJson<Availability>(page, `/api/bookings/availability?venue_id=1&booking_type_id=1&date=${date}`);
    expect(after.slots.find((s) => s.time === item.time)?.freeCourts ?? []).not.toContain(item.court);
  });

  test('a court another family holds while this one is at the checkout: its line is named with Remove, and Pay waits until it is out @phone', async ({ page, browser, ownWorld }) => {
    const world = await ownWorld(['ACE']);
    const { item } = await courtInCart(page, world);
    // Another family holds the same court from its own cart first.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const rival = await other.newPage();
    const email = uniqueEmail('rival');
    await registerViaApi(rival, { code: world.company('ACE').code, email });
    await signInViaApi(rival, { code: world.company('ACE').code, email });
    const held = await rival.request.put('/api/payment/cart-holds', { data: { classItems: [], bookingItems: [item] } });
    expect(((await held.json()) as { courts: unknown[] }).courts).toHaveLength(1);
    await other.close();

    await page.goto('/hub/checkout');
    const alert = page.getByRole('alert').filter({ hasText: `Sorry, ${item.court}, Riverside Courts,` });
    await expect(alert).toContainText('has just been booked. Please choose another time or court.');
    const line = page.getByRole('list', { name: 'Your cart' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(item.court);
    await expect(line).toContainText('Just booked');
    // Not held for this family, but taken: only Remove, never Hold again.
    await expect(page.getByRole('region', { name: 'No longer held for you' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Hold again' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('checkout-court-taken.png'), fullPage: true });
    await line.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('Back during the card check, then Pay again: the family’s own held court is paid, not refused as just booked @phone', async ({ page, ownWorld }) => {
    await courtInCart(page, await ownWorld(['ACE']));
    await page.goto('/hub/checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.challenge);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
    // The browser's Back, with the card check open: the checkout again, the court still in the cart.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  });

  test('a held court shows its countdown on the payment page and through the challenge step; when it runs out the customer is told @phone', async ({ page, ownWorld }) => {
    await page.clock.install();
    await courtInCart(page, await ownWorld(['ACE']));
    await page.goto('/hub/payment');
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await fillCard(page, TEST_CARDS.challenge);
    await page.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisible();
    // On the page behind the challenge step and in it, the same time left (ACE holds courts for 10 minutes).
    await expect(page.getByTestId('hold-countdown')).toHaveCount(2);
    await expect(dialog.getByTestId('hold-countdown')).toContainText(/Your places are held for (10 min|9 min 5\d s)/);
    await page.screenshot({ path: test.info().outputPath('challenge-countdown.png') });
    await page.clock.fastForward('05:00');
    await expect(dialog.getByTestId('hold-countdown')).toContainText(/held for [45] min( \d{1,2} s)?/);
    await page.clock.fastForward('05:30');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Your time to pay has run out and the places and courts held for you have been released. Please start again.' })).toBeVisible();
    await expect(page.getByTestId('hold-countdown')).toHaveCount(0);
  });
});
