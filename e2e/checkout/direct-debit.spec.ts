import { expect, signInViaApi, test } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { connectGoCardless } from '../support/gocardless.ts';
import { dropClassesAndInvoices } from '../support/world.ts';

const onGoCardless = (_: unknown, bundle: { company: { config: Record<string, unknown> } }) => {
  bundle.company.config.fin_setup = { ...(bundle.company.config.fin_setup as object), DirectDebitIntegrationType: 'gocardless', Currency: 'GBP' };
};

/**
 * A company on GoCardless (decision 104): Billing sends the family to GoCardless's hosted pages
 * (the suite's fake of them) and back; the portal shows the mandate as GoCardless has it.
 */
test.describe('Direct Debit through GoCardless', () => {
  test('set up on GoCardless’s pages and back in Billing: the bank and last digits, pending; cancelling there changes nothing @phone', async ({ page, ownWorld }) => {
    // The import, the keys, the sign-in, 6 screens (Billing, GoCardless twice, back, Billing, cancelled) and 3 screenshots.
    budgetSteps(12);
    const world = await ownWorld(['SPLASH'], onGoCardless);
    const code = world.company('SPLASH').code;
    await connectGoCardless(code);
    await signInViaApi(page, { code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/settings/billing');
    await expect(page.getByText('You will set up your Direct Debit on GoCardless’s secure pages, then come back here.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add bank details' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('billing-gocardless.png'), fullPage: true });

    // Leaving from GoCardless's page comes back with nothing changed.
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(page.getByRole('heading', { name: 'Set up a Direct Debit' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByText('Direct Debit set-up was cancelled. Nothing has changed.')).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/settings\/billing$/);

    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(page.getByRole('heading', { name: 'Set up a Direct Debit' })).toBeVisible();
    await page.getByLabel('Account holder name').fill('Sarah Mitchell');
    await page.getByLabel('Sort code').fill('20-00-00');
    await page.getByLabel('Account number').fill('55779911');
    await page.screenshot({ path: test.info().outputPath('gocardless-hosted-page.png'), fullPage: true });
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(page.getByText('Your Direct Debit has been set up.')).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/settings\/billing$/);
    await expect(page.getByText('BARCLAYS BANK PLC, account ending 11')).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByText('Your bank is setting it up; this takes a few working days.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Direct Debit' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-direct-debit.png'), fullPage: true });
  });

  test('from the payment page: set up on GoCardless’s pages, back to the same payment, paid by direct debit', async ({ page, ownWorld }) => {
    // The import, the keys, the sign-in, 8 screens (classes, the dialog, checkout, payment, GoCardless, back, paid) and 1 screenshot.
    budgetSteps(12);
    const world = await ownWorld(['SPLASH'], (_, bundle: { company: { config: Record<string, unknown> } }) => {
      dropClassesAndInvoices(bundle as never, { classes: true });
      onGoCardless(_, bundle);
    });
    const code = world.company('SPLASH').code;
    await connectGoCardless(code);
    await signInViaApi(page, { code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/classes/add-enrollments/1');
    await page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' }).getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue' }).click();
    await page.goto('/hub/checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const amount = (await page.getByTestId('payment-amount').textContent())!;
    await page.getByRole('group', { name: 'Payment option' }).getByRole('radio', { name: 'Direct Debit' }).check();
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(page.getByRole('heading', { name: 'Set up a Direct Debit' })).toBeVisible();
    await page.getByLabel('Account holder name').fill('Sarah Mitchell');
    await page.getByLabel('Sort code').fill('20-00-00');
    await page.getByLabel('Account number').fill('55779911');
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(page.getByText('Your Direct Debit has been set up.')).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/payment$/);
    await expect(page.getByTestId('payment-amount')).toHaveText(amount);
    await page.screenshot({ path: test.info().outputPath('payment-direct-debit-back.png'), fullPage: true });
    await page.getByRole('button', { name: `Pay ${amount} by direct debit` }).click();
    await expect(page.getByRole('heading', { name: 'Direct Debit Scheduled' })).toBeVisible();
  });
});
