import { expect, signInViaApi, test } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';
import { dropClassesAndInvoices } from '../support/world.ts';

/**
 * Classes paid in instalments (decision 105): the payment page offers the company's terms with
 * every date and amount before paying; the deposit is charged, the rest shows in Upcoming Payments.
 */
test.describe('paying for a class in instalments', () => {
  test('the schedule is shown before paying, the deposit is charged, and the rest is in Upcoming Payments @phone', async ({ page, ownWorld }) => {
    // The import, the sign-in, 7 screens (classes, the dialog, checkout, payment, the schedule, success, upcoming) and 2 screenshots.
    budgetSteps(12);
    const world = await ownWorld(['SPLASH'], (_, bundle: { company: { config: Record<string, unknown> } }) => {
      dropClassesAndInvoices(bundle as never, { classes: true });
      bundle.company.config.fin_setup = {
        ...(bundle.company.config.fin_setup as object),
        Instalments: { Count: 3, Interval: 'month', MinimumDepositPercent: 0, MinimumTotalCents: 0, Retries: 2, RetryDays: 3 },
      };
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/classes/add-enrollments/1');
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await dolphin.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue' }).click();
    await page.goto('/hub/checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    const choice = page.getByRole('group', { name: 'How would you like to pay?' });
    await expect(choice).toBeVisible();
    const whole = (await page.getByTestId('payment-amount').textContent())!;
    await choice.getByRole('radio', { name: /^Pay in 3 instalments/ }).check();
    const schedule = page.getByRole('table', { name: 'Your instalments' });
    await expect(schedule.getByRole('row')).toHaveCount(3);
    await expect(schedule.getByRole('row').first()).toContainText('Today');
    const deposit = (await page.getByTestId('payment-amount').textContent())!;
    expect(deposit).not.toBe(whole);
    await expect(page.getByText('To pay today')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('instalments-schedule.png'), fullPage: true });

    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: `Pay ${deposit}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    await page.goto('/hub/financials/upcoming-payments');
    const row = page.getByRole('row').filter({ hasText: 'more monthly instalments, invoices' });
    await expect(row).toBeVisible();
    // It says which child and class it is for.
    await expect(row).toContainText('Noah Mitchell: Dolphin – Monday');
    await expect(row).toContainText('Monthly');
    await page.screenshot({ path: test.info().outputPath('instalments-upcoming.png'), fullPage: true });
  });
});
