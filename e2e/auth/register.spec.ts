import { apiCall, chooseCompanyViaApi, DEMO_PASSWORD, expect, expectSignedInAs, openLoginModal, test, uniqueEmail } from '../support/fixtures.ts';
import { registrationCode } from '../support/mail.ts';

test.describe('registration', () => {
  test('A33–A37: register, wrong code, right code → signed in', async ({ page, world }) => {
    const email = uniqueEmail('register');
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const login = await openLoginModal(page);
    await login.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an account' });
    await expect(dialog).toBeVisible();

    // A37 / S8: the register modal refuses the forbidden characters.
    await dialog.getByLabel('First name').fill('Ann,Lee');
    await dialog.getByLabel('First name').blur();
    await expect(dialog.getByText('Name must not contain \\, <, >, or =', { exact: true })).toBeVisible();

    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Lee');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(DEMO_PASSWORD);
    const [first, firstAnswer] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/api/customer/register')),
      page.waitForResponse(apiCall('POST', '/api/customer/register')),
      dialog.getByRole('button', { name: 'Create account' }).click(),
    ]);
    expect(first.postDataJSON()).toEqual({ first_name: 'Ann', last_name: 'Lee', email, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD });
    const { emailToken } = (await firstAnswer.json()) as { emailToken: string };
    expect(emailToken).toBeTruthy();

    // A34: the code modal; the code is required.
    const codeDialog = page.getByRole('dialog', { name: 'Check your e-mail' });
    await expect(codeDialog).toBeVisible();
    await codeDialog.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(codeDialog.getByText('Code is required', { exact: true })).toBeVisible();

    const code = await registrationCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // A36: a wrong code shows the server's message.
    await codeDialog.getByLabel('Code').fill(wrong);
    const [second, secondAnswer] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/api/customer/register')),
      page.waitForResponse(apiCall('POST', '/api/customer/register')),
      codeDialog.getByRole('button', { name: 'Verify and continue' }).click(),
    ]);
    const body = second.postDataJSON() as { email_code: unknown; email_token: unknown };
    expect(body).toMatchObject({ email, email_code: Number(wrong), email_token: emailToken });
    expect(typeof body.email_code).toBe('number');
    expect(secondAnswer.ok()).toBe(false);
    await expect(codeDialog.getByRole('alert')).toHaveText(((await secondAnswer.json()) as { message: string }).message);

    // A35: the right code signs the new customer in; the company's agreements come first (A16).
    await codeDialog.getByLabel('Code').fill(code);
    await codeDialog.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(codeDialog).toBeHidden();
    await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
    await expectSignedInAs(page, 'Ann');
  });

  test('A32: a company without new sign-ups offers no registration, and the API refuses it', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('THAMES').code);
    await page.goto('/hub');
    const login = await openLoginModal(page);
    await expect(login.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create an account' })).toHaveCount(0);
    const refused = await page.request.post('/api/customer/register', {
      data: { first_name: 'No', last_name: 'Way', email: uniqueEmail('thames'), password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
    expect(refused.status()).toBe(403);
  });
});
