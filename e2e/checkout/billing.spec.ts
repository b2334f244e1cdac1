import { expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';

test.describe('billing details', () => {
  test('K14–K18: add a card with the automatic expiry slash, see it, remove it after confirming @phone', async ({ page, ownWorld }) => {
    // The import, the sign-in, 7 screens (empty, the card form, its errors, saved, the dialog twice, removed), 2 screenshots and 1 check.
    budgetSteps(12);
    const world = await ownWorld(['SPLASH']);
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    const details = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/customer/get-payment-details');
    await page.goto('/hub/settings/billing');
    await details;
    await expect(page.getByText('No payment details saved.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByLabel('Name on card').fill('Sarah Mitchell');
    await page.getByLabel('Card number').fill('12ab');
    await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('12');
    await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/');
    await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('2030');
    await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
    // The year as the card prints it: "12/30" reads "12/2030" once the field is left.
    await page.getByLabel('Expiry (MM/YYYY)').fill('');
    await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('1230');
    await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/30');
    await page.getByLabel('Expiry (MM/YYYY)').press('Tab');
    await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
    await expect(page.getByText('Expiry must be MM/YYYY')).toHaveCount(0);
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Please enter valid numbers only')).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.screenshot({ path: test.info().outputPath('billing-card-form.png'), fullPage: true });
    const saved = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/customer/add-credit-card-details');
    await page.getByRole('button', { name: 'Save card' }).click();
    expect(Object.keys((await saved).postDataJSON() as object)).toEqual(['token']);
    await expect(page.getByText('Visa ending 4242')).toBeVisible();
    await expect(page.getByText('Expires 12/2030')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-saved.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove payment details?' });
    // The dialog names the card it would remove ("Your Visa ending 4242 will be removed…").
    await expect(dialog).toContainText('Your Visa ending 4242 will be removed from your account.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Visa ending 4242', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).click();
    const removed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/customer/remove-payment-details' && r.method() === 'DELETE');
    await page.getByRole('dialog', { name: 'Remove payment details?' }).getByRole('button', { name: 'Delete' }).click();
    await removed;
    await expect(page.getByText('No payment details saved.')).toBeVisible();
  });

  test('K17: bank details in the company’s format (Australia: BSB), stored masked', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/settings/billing');
    await page.getByRole('button', { name: 'Add bank details' }).click();
    await page.getByLabel('Account name').fill('Sarah Mitchell');
    await page.getByLabel('BSB').fill('0620');
    await page.getByLabel('Account number').fill('12345678');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByText('BSB must be 6 digits')).toBeVisible();
    await page.getByLabel('BSB').fill('062-000');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByText('•••••678')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-bank.png'), fullPage: true });
    // One payment method is kept: the page says that a card replaces the bank details, before and in the card form.
    await expect(page.getByText('Saving a card replaces your bank details.')).toBeVisible();
    await page.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByText('Saving a card replaces your bank details.')).toBeVisible();
    await page.getByLabel('Name on card').fill('Sarah Mitchell');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('122030');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Visa ending 4242')).toBeVisible();
    await expect(page.getByText('•••••678')).toHaveCount(0);
    await expect(page.getByText('Saving bank details replaces your saved card.')).toBeVisible();
  });
});
