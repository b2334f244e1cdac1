import type { Page } from '@playwright/test';
import { apiCall, chooseCompanyViaApi, DEMO_PASSWORD, expect, registerViaApi, signInViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { emailChangeCode } from '../support/mail.ts';

/** A customer of the test's own at the worker's Splash, signed in on the page, on My Details. */
async function ownCustomer(page: Page, world: World): Promise<string> {
  const email = uniqueEmail('details');
  const code = world.company('SPLASH').code;
  await registerViaApi(page, { code, email, firstName: 'Dana', lastName: 'Ruiz' });
  await signInViaApi(page, { code, email, fresh: true });
  await page.goto('/hub/settings/my-details');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  return email;
}

function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

test.describe('My Details', () => {
  test('K6, K7: the record in the company words; the form shows only the configured fields, mandatory ones marked', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings/my-details');
    const [formFields] = await Promise.all([page.waitForRequest(apiCall('GET', '/api/customer/get-form-fields')), page.reload()]);
    // K7: the hub's form, no profile id.
    expect(new URL(formFields.url()).search).toBe('');
    const details = page.getByRole('definition');
    await expect(page.getByRole('term')).toContainText(['First name', 'Last name', 'Gender', 'Registration ID', 'Address', 'Billing address', 'Home phone', 'Mobile', 'Email']);
    await expect(details.filter({ hasText: 'Sarah' }).first()).toBeVisible();
    await expect(page.getByText('Same as address', { exact: true })).toBeVisible();
    await expect(page.getByText('C000101', { exact: true })).toBeVisible();
    await expect(page.getByText('Adult lessons, Holiday intensives', { exact: true })).toBeVisible();
    // Splash hides fax and the secondary mobile.
    await expect(page.getByRole('term').filter({ hasText: /^Fax$/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(field(page, 'First name')).toHaveValue('Sarah');
    await expect(page.getByText('Fax', { exact: true })).toHaveCount(0);
    await expect(field(page, 'Mobile')).toHaveAttribute('aria-required', 'true');
    await expect(field(page, 'Home phone')).not.toHaveAttribute('aria-required', 'true');
    // S38: the registration id is read-only.
    await expect(field(page, 'Registration ID')).toHaveAttribute('readonly', '');
  });

  test('K8, K10, K11, K24, S20: save by keyboard; the answer shows; a new id fills RegID; billing follows the box; the status goes after 6 s', async ({ page, world }) => {
    await page.clock.install();
    await ownCustomer(page, world);
    await expect(page.getByText('TBD', { exact: true })).toBeVisible();
    const [regId] = await Promise.all([page.waitForResponse(apiCall('GET', '/api/customer/generate-reg-id')), page.getByRole('button', { name: 'Edit details' }).click()]);
    const { reg_id } = (await regId.json()) as { reg_id: string };
    await expect(field(page, 'Registration ID')).toHaveValue(reg_id);

    // S20, S27: checked on blur with the spec's message.
    const mobile = field(page, 'Mobile');
    await mobile.fill('04 1234');
    await mobile.press('Tab');
    await expect(page.getByText('Please enter valid numbers only', { exact: true })).toBeVisible();
    await mobile.fill('0412345678');

    // K11: the box hides the billing lines; unticked they come back with their rules.
    const box = page.getByRole('checkbox', { name: 'Use Address for Billing Address' });
    const billing = page.getByRole('group', { name: 'Billing address' });
    await expect(billing.getByRole('textbox', { name: 'Address line 1' })).toBeVisible();
    await box.check();
    await expect(billing.getByRole('textbox')).toHaveCount(0);
    await box.uncheck();
    await expect(billing.getByRole('textbox', { name: 'Address line 1' })).toBeVisible();
    await box.check();

    await page.getByRole('group', { name: 'Address', exact: true }).getByRole('textbox', { name: 'Address line 1' }).fill('5 Pool Rd');
    // The company's suburbs are offered while typing, so the suburb is a combobox (decision 028).
    await page.getByRole('combobox', { name: 'Suburb', exact: true }).first().fill('Bondi');
    await field(page, 'Postcode').first().fill('2026');
    await page.getByRole('combobox', { name: 'State' }).first().selectOption('NSW');
    await field(page, 'Notes').fill(' Prefers SMS ');
    await page.getByRole('combobox', { name: 'Newsletter' }).selectOption({ label: 'Never' });

    // The installed clock keeps real time: it stops here, so the status's 6 s are counted from
    // when it shows however slowly the machine runs the checks in between.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Saved with the keyboard alone: Enter in a field submits the form.
    const [request, response] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/api/customer/update-details')),
      page.waitForResponse(apiCall('POST', '/api/customer/update-details')),
      field(page, 'First name').press('Enter'),
    ]);
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ FirstName: 'Dana', Address1: '5 Pool Rd', Notes: 'Prefers SMS', RegID: reg_id, BillingAddrSame: true, PhoneMobile: '0412345678' });
    expect(body).not.toHaveProperty('Fax');
    const answer = (await response.json()) as { updatedClient: Record<string, unknown> };
    expect(answer.updatedClient).toMatchObject({ RegID: reg_id, BillingAddress1: '5 Pool Rd', custom_field_102: '3' });

    const status = page.getByRole('status').filter({ hasText: 'Profile updated' });
    await expect(status).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText(reg_id, { exact: true })).toBeVisible();
    await expect(page.getByText('Same as address', { exact: true })).toBeVisible();
    await page.clock.runFor(5_500);
    await expect(status).toBeVisible();
    await page.clock.runFor(600);
    await expect(status).toHaveCount(0);
    await page.clock.resume();

    // K8: the change persists.
    await page.reload();
    await expect(page.getByText('5 Pool Rd', { exact: true })).toBeVisible();
    await expect(page.getByText('Never', { exact: true })).toBeVisible();
    await expect(page.getByText('Prefers SMS', { exact: true })).toBeVisible();
  });

  test('K9, S17: a new e-mail address asks for the code sent to it, sent as a number; then the sign-in uses it', async ({ page, world }) => {
    const email = await ownCustomer(page, world);
    const moved = uniqueEmail('moved');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await field(page, 'Mobile').fill('0412345678');
    await field(page, 'Email').fill(moved);
    const [saved] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/update-details')), page.getByRole('button', { name: 'Save', exact: true }).click()]);
    const { emailToken } = (await saved.json()) as { emailToken: string };
    const dialog = page.getByRole('dialog', { name: 'Confirm your new email' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`We have sent a 6-digit code to ${moved}.`);
    const input = dialog.getByRole('textbox', { name: 'Code' });
    await expect(input).toBeFocused();

    await dialog.getByRole('button', { name: 'Confirm email' }).click();
    await expect(dialog.getByText('Code is required', { exact: true })).toBeVisible();

    const code = await emailChangeCode(moved);
    const wrong = code === '999999' ? '100000' : String(Number(code) + 1);
    await input.fill(wrong);
    await input.press('Enter');
    await expect(dialog.getByText('The code is incorrect or has expired').first()).toBeVisible();

    await input.fill(code);
    const [confirm] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/confirm-email-change')), input.press('Enter')]);
    expect(confirm.postDataJSON()).toEqual({ email_token: emailToken, email_code: Number(code) });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Your email address has been changed' })).toBeVisible();
    await expect(page.getByText(moved, { exact: true })).toBeVisible();

    // The sign-in moved with the address.
    const ctx = page.context();
    const other = await ctx.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const fresh = await other.newPage();
      await chooseCompanyViaApi(fresh, world.company('SPLASH').code);
      expect((await fresh.request.post('/api/customer/get-clients', { data: { email: moved, password: DEMO_PASSWORD } })).ok()).toBe(true);
      expect((await fresh.request.post('/api/customer/get-clients', { data: { email, password: DEMO_PASSWORD } })).ok()).toBe(false);
    } finally {
      await other.close();
    }
  });

  test('@phone K3, K6, K9: the record and its form on a phone; an e-mail change confirmed with its code on the phone', async ({ page, world }) => {
    await ownCustomer(page, world);
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(page.getByRole('button', { name: 'My Details', exact: true })).toBeVisible();
    await field(page, 'Mobile').fill('0412345678');
    await field(page, 'Last name').fill('Ruiz-Ortega');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
    await expect(page.getByText('Ruiz-Ortega', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible();

    // S20 on the phone: a wrong number, the box still focused as Save far below it is tapped (Safari
    // keeps it so): the box and its message are brought back into sight, not left above the screen.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await field(page, 'Mobile').fill('0412 345 678');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    await expect(field(page, 'Mobile')).not.toBeInViewport();
    await save.tap();
    await expect(page.getByText('Please enter valid numbers only')).toBeVisible();
    await expect(field(page, 'Mobile')).toBeFocused();
    await expect(field(page, 'Mobile')).toBeInViewport();
    await expect(page.getByText('Please enter valid numbers only')).toBeInViewport();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // K9 on the phone: the code dialog fits the screen, its field and button in view.
    const moved = uniqueEmail('moved-phone');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await field(page, 'Email').fill(moved);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your new email' });
    await expect(dialog).toContainText(`We have sent a 6-digit code to ${moved}.`);
    const input = dialog.getByRole('textbox', { name: 'Code' });
    await expect(input).toBeFocused();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(dialog.getByRole('button', { name: 'Confirm email' })).toBeInViewport();
    await input.fill(await emailChangeCode(moved));
    await dialog.getByRole('button', { name: 'Confirm email' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Your email address has been changed' })).toBeVisible();
    await expect(page.getByText(moved, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
