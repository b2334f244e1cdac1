import type { Availability, BookingOptions } from '@portal/shared/bookings-schemas';
import { expect, expectAccessible, getJson, signInViaApi, test } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { demoBundles } from '../../apps/server/src/seed/demo-bundles.ts';
import { fillCard, invoiceInCart, TEST_CARDS, type Outstanding } from '../support/commerce.ts';

test.describe('invoice checkout and payment', () => {
  test('H13, H14, H15, H4: Pay Now on an unpaid invoice, paid with a test card; both carts empty afterwards @phone', async ({ page, ownWorld }) => {
    // The import, the sign-in, 6 screens (invoice checkout, payment, card, success, both empty carts), 3 screenshots and 1 check.
    budgetSteps(12);
    const world = await ownWorld(['SPLASH']);
    const invoiceNo = await invoiceInCart(page, world);
    await page.goto('/hub/invoice-checkout');
    await expect(page.getByRole('heading', { name: 'Invoice Checkout' })).toBeVisible();
    await expect(page.getByText(`Invoice ${invoiceNo}`).first()).toBeVisible();
    const amount = await page.getByTestId('amount-to-pay').textContent();
    // Each line's Remove is a target a thumb can hit: at least 24 px tall (WCAG 2.5.8).
    for (const remove of await page.getByRole('button', { name: /^Remove/ }).all()) expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: test.info().outputPath('invoice-checkout.png'), fullPage: true });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(amount!);
    expect((await page.getByRole('link', { name: '← Back to invoice checkout' }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
    // Card details go to the gateway's own route, never to /api.
    const apiBodies: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiBodies.push(r.postData() ?? '');
    });
    await fillCard(page, TEST_CARDS.ok);
    await page.screenshot({ path: test.info().outputPath('payment.png'), fullPage: true });
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(`for invoice ${invoiceNo}`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payment-success.png'), fullPage: true });
    expect(apiBodies.join('\n')).not.toContain(TEST_CARDS.ok);
    const after = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
    expect(after.invoices.find((i) => i.InvoiceNo === invoiceNo)).toBeUndefined();
    // H15: the invoice cart is empty afterwards.
    await page.goto('/hub/invoice-checkout');
    await expect(page.getByText('No invoices to pay')).toBeVisible();
    await test.step('H4: the empty cart shows its empty state and no totals', async () => {
      await page.goto('/hub/checkout');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await expect(page.getByTestId('amount-to-pay')).toHaveCount(0);
      await expectAccessible(page);
    });
  });

  test('the demo’s parent@ pays with the saved card the demo gives them, and sees it under billing details', async ({ page, ownWorld }) => {
    // The import, the sign-in, 4 screens (invoice checkout, payment, success, billing) and 1 screenshot.
    budgetSteps(8);
    // The demo's own saved card, as SPLASH's bundle has it (the world leaves it out for the other specs).
    const demo = (demoBundles() as { company: { code: string }; payments: { saved_cards: unknown[] } }[]).find((b) => b.company.code === 'SPLASH')!;
    expect(demo.payments.saved_cards).toHaveLength(1);
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      bundle.payments = { ...bundle.payments, saved_cards: structuredClone(demo.payments.saved_cards) };
    });
    const invoiceNo = await invoiceInCart(page, world);
    await page.goto('/hub/invoice-checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const amount = (await page.getByTestId('payment-amount').textContent())!;
    await expect(page.getByRole('radio', { name: /^Saved card: Visa ending 4242 \(expires 12\/\d{4}\)$/ })).toBeChecked();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('payment-saved-card.png'), fullPage: true });
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/payment/checkout');
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    expect((await sent).postDataJSON()).toMatchObject({ useSavedCard: true });
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(`for invoice ${invoiceNo}`)).toBeVisible();
    await page.goto('/hub/settings/billing');
    await expect(page.getByText('Visa ending 4242')).toBeVisible();
    await expect(page.getByText(/^Expires 12\/\d{4}$/)).toBeVisible();
  });

  test('H10, H11: a discount code and a customer credit reduce what is charged', async ({ page, ownWorld }) => {
    // The import, the sign-in, 6 screens (checkout, a refused code, a code, a credit, payment, success), 1 screenshot and 3 checks.
    budgetSteps(12);
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
    await page.getByLabel('Account credit – overpayment refund ($15.00)').check();
    await expect(page.getByText('Customer credits')).toHaveCount(2);
    await expect(page.getByTestId('amount-to-pay')).not.toHaveText(before!);
    const after = await page.getByTestId('amount-to-pay').textContent();
    await page.screenshot({ path: test.info().outputPath('invoice-checkout-discount.png'), fullPage: true });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByTestId('payment-amount')).toHaveText(after!);
    await expectAccessible(page);
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: `Pay ${after}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectAccessible(page);
    const credits = await getJson<{ credits: unknown[] }>(page, '/api/payment/get-customer-credits');
    expect(credits.credits).toEqual([]);
    const list = await getJson<Outstanding>(page, '/api/home/get-outstanding-invoices?page=1&limit=50');
    expect(list.invoices.find((i) => i.InvoiceNo === invoiceNo)).toBeUndefined();
  });

  test('K19, H14: direct debit is offered at payment when the payment type allows it and bank details are on file; chosen, nothing is charged and the invoice is Debit Scheduled', async ({
    page,
    ownWorld,
  }) => {
    // The import, the sign-in, bank details saved, 5 screens (card only, both options, direct debit, success, the invoice), 1 screenshot and 1 check.
    budgetSteps(10);
    const world = await ownWorld(['SPLASH']);
    const user = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    // A lane at Splash (EitherCCOrDD) in the cart.
    const options = await getJson<BookingOptions>(page, '/api/bookings/options');
    const day = new Date(`${options.today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 2);
    const date = day.toISOString().slice(0, 10);
    const availability = await getJson<Availability>(page, `/api/bookings/availability?venue_id=1&booking_type_id=1&date=${date}`);
    const slot = availability.slots.find((s) => s.freeCourts.length > 0)!;
    await page.addInitScript(
      ([clientId, booking]) => {
        if (window.sessionStorage.getItem('cart-seeded')) return;
        window.sessionStorage.setItem('cart-seeded', '1');
        window.localStorage.setItem(
          'portal-cart',
          JSON.stringify({ state: { clientId, classItems: [], bookingItems: [booking], invoices: [], ocrProfileId: null, discountCodes: [], creditIds: [] }, version: 0 }),
        );
      },
      [user.ClientID, { venue_id: 1, booking_type_id: 1, date, time: slot.time, court: slot.freeCourts[0]! }] as const,
    );
    // Without bank details on file: the card only.
    await page.goto('/hub/payment');
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Direct Debit' })).toHaveCount(0);

    const saved = await page.request.post('/api/customer/update-bank-details', { data: { AccountName: 'Sarah Mitchell', BankCode: '062-000', AccountNumber: '12345678' } });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.reload();
    const choice = page.getByRole('group', { name: 'Payment option' });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(choice.getByRole('radio', { name: 'Credit/Debit Card' })).toHaveAttribute('value', 'credit_card');
    await expect(choice.getByText('Please select an option')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectAccessible(page);
    await choice.getByRole('radio', { name: 'Direct Debit' }).check();
    await expect(choice.getByText('Please select an option')).toHaveCount(0);
    const amount = (await page.getByTestId('payment-amount').textContent())!;
    await expect(page.getByText(`Nothing is charged now: ${amount} will be collected from Sarah Mitchell, account •••••678.`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payment-direct-debit.png'), fullPage: true });
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment/checkout');
    await page.getByRole('button', { name: `Pay ${amount} by direct debit` }).click();
    const answer = await sent;
    expect(answer.request().postDataJSON()).toMatchObject({ paymentMethod: 'direct_debit' });
    const { invoiceNos, processor } = (await answer.json()) as { invoiceNos: string[]; processor: string };
    expect(processor).toBe('direct_debit');
    // Nothing was collected yet: the page says what was set up, not that a payment succeeded.
    await expect(page.getByRole('heading', { name: 'Direct Debit Scheduled' })).toBeVisible();
    await expect(page.getByText(`Thank you. ${amount} will be collected from your bank account by direct debit.`)).toBeVisible();
    await expect(page.getByText(`Tax Invoice ${invoiceNos[0]}: Debit Scheduled`)).toBeVisible();
    const list = await getJson<{ invoices: { invoiceNumber: string; status: string; balanceDue: number }[] }>(page, `/api/financials/invoices?page=1&limit=10&search=${invoiceNos[0]}`);
    expect(list.invoices.find((i) => i.invoiceNumber === invoiceNos[0])).toMatchObject({ status: 'Debit Scheduled' });
  });
});
