import type { Page } from '@playwright/test';
import { apiCall, COMPANY_BOOTSTRAP_CALLS, DEMO_PASSWORD, expect, isMobile, recordApiCalls, submitLogin, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { onlineRegistrationCode } from '../support/mail.ts';
import { drawSignature } from '../agreements/pad.ts';
import { DOLPHIN, fillSwimmer, LEO, MIA, NEW_PASSWORD, reachClassesCheckout, registerIntoClasses, screenshot } from '../support/registration.ts';
import { fillClass } from '../support/waitlist.ts';

/** SPLASH's demo profile 3: no class step, no students, a marketing question. */
const PROFILE = 3;

/** Everything this tab keeps in sessionStorage, values as stored. */
function storedSession(page: Page): Promise<string> {
  return page.evaluate(() => Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.getItem(window.sessionStorage.key(i)!)).join('\n'));
}

/** Where Back sits: in the card's footer on a wide screen, under the card on a phone (N32). */
async function expectBackPlacement(page: Page) {
  const back = page.getByRole('button', { name: 'Back', exact: true }).locator('visible=true');
  await expect(back).toHaveCount(1);
  const card = await page
    .getByRole('region', { name: /.+/ })
    .filter({ has: page.locator('#registration-step-title') })
    .boundingBox();
  const button = await back.boundingBox();
  if (isMobile(page)) expect(button!.y).toBeGreaterThan(card!.y + card!.height);
  else expect(button!.y + button!.height).toBeLessThanOrEqual(card!.y + card!.height);
}

/** N9, N11, N16: one swimmer added, a second added and removed again, then on to the customer form. */
async function addSwimmers(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Add Swimmer' })).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await fillSwimmer(page, MIA);
  await screenshot(page, '1b-add-swimmer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Swimmers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add another swimmer' }).click();
  await fillSwimmer(page, LEO);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Shah' })).toHaveText([/Mia Shah/, /Leo Shah/]);
  await page.getByRole('button', { name: 'Remove Leo Shah' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to remove this student?' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Shah' })).toHaveText([/Mia Shah/]);
  await screenshot(page, '1c-swimmers');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function registerNewFamily(page: Page, world: World, withStudents = false) {
  // 12 screens (title, details, code, form, reload, summary and its reload, agreements twice, password,
  // home, sign-in) and 8 checks; the swimmers add 6 screens, 2 checks and their company's import.
  budgetSteps(withStudents ? 29 : 20);
  const splash = world.company('SPLASH');
  const email = uniqueEmail('ocr-family');
  const calls = recordApiCalls(page, COMPANY_BOOTSTRAP_CALLS);

  // N1, N2, A30: a guest's first visit enters the company of the link, in order.
  await page.goto(`/ocr?id=${splash.customerId}&p=${PROFILE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Splash – family account' })).toBeVisible();
  await expect(page).toHaveTitle('OCR');
  const logout = calls.indexOf('POST /api/company/logout');
  const login = calls.indexOf('POST /api/company/login-by-customer-id');
  expect(logout).toBeGreaterThanOrEqual(0);
  expect(login).toBeGreaterThan(logout);
  expect(calls.indexOf('GET /api/company/get-config', login)).toBeGreaterThan(login);

  // N6, C22: the left panel: the OCR company name, the company information, the text as bullets.
  const panel = page.getByRole('complementary', { name: 'About this registration' });
  await expect(panel.getByText('Splash Swim School – Online Enrolment', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^Learn-to-swim lessons for ages 6 months/)).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Create your family account' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText(['Book lessons and lane hire online', 'Pay invoices and see receipts', 'Hear about new classes first']);
  await screenshot(page, '1-title');

  await page.getByRole('button', { name: 'Get Started' }).click();
  // N17: with SkipStudents no student pages: straight to the customer form.
  if (withStudents) await addSwimmers(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Details' })).toBeVisible();
  await expectBackPlacement(page);

  // N22: the address is proved by a mailed code.
  await page.getByRole('form', { name: 'Your email address' }).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeForm = page.getByRole('form', { name: 'Email verification code' });
  // The server's message is announced in a live region above the code box.
  await expect(page.getByRole('status').filter({ hasText: `We have sent a 6-digit code to ${email}.` })).toBeVisible();
  await expect(codeForm.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(codeForm.getByText('Code is required', { exact: true })).toBeVisible();
  await screenshot(page, '2-code');
  const code = await onlineRegistrationCode(email);
  await codeForm.getByRole('textbox', { name: 'Code' }).fill(code);
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email address verified')).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // N34: validation on leaving a field.
  const form = page.getByRole('form', { name: 'Customer details' });
  // N21: the Reg ID the profile shows is filled by GenerateRegId, and the family is registered with it.
  await expect(form.getByRole('textbox', { name: 'Registration ID' })).toHaveValue(/^C\d{6}$/);
  const regId = await form.getByRole('textbox', { name: 'Registration ID' }).inputValue();
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('  Priya ');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).focus();
  await form.getByRole('textbox', { name: 'First name', exact: true }).focus();
  await form.getByRole('textbox', { name: 'Last name', exact: true }).blur();
  await expect(form.getByText('Last name is required', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Shah');
  await form.getByRole('textbox', { name: 'Mobile', exact: true }).fill('0412 000 111'.replaceAll(' ', ''));
  await form.getByRole('group', { name: 'Address', exact: true }).getByRole('textbox', { name: 'Address line 1', exact: true }).fill('4 Ocean Street');
  // N20: the billing address can be the address; its lines then go.
  const billing = form.getByRole('group', { name: 'Billing address' });
  await expect(billing.getByRole('textbox', { name: 'Address line 1', exact: true })).toBeVisible();
  await billing.getByLabel('Use Address for Billing Address').check();
  await expect(billing.getByRole('textbox', { name: 'Address line 1', exact: true })).toHaveCount(0);
  await screenshot(page, '3-customer');
  // A reload keeps what was typed and the proved address (never the code).
  await page.reload();
  await expect(page.getByText('Email address verified')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Shah');
  const stored = await storedSession(page);
  expect(stored).toContain('Shah');
  expect(stored).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // N24: the summary, and a reload resumes on it.
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
  await expect(page.getByText('Priya', { exact: true })).toBeVisible();
  await expect(page.getByText('0412000111', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
  await screenshot(page, '4-summary');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // N25, N26: every agreement and the marketing question must be answered.
  await expect(page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Please select an option', { exact: true })).toBeVisible();
  await expect(page.getByText('Would you like to receive news and offers from Splash Swim School by e-mail?')).toBeVisible();
  await page.getByLabel('I agree to the Medical and photo consent').check();
  await expect(page.getByText('Signature for Medical and photo consent is required', { exact: true })).toBeVisible();
  await screenshot(page, '5-agreements-errors');
  await page.getByLabel('I agree to the Terms and conditions').check();
  await drawSignature(page);
  await expect(page.getByText('Signature for Medical and photo consent is required', { exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByText('Please select an option', { exact: true })).toHaveCount(0);
  // The ticks and the answer are kept for a reload; the drawn signature and any captcha solution never are.
  const storedAgreements = await storedSession(page);
  expect(storedAgreements).toContain('"marketing":true');
  expect(storedAgreements).not.toContain('data:image/png');
  expect(storedAgreements).not.toMatch(/captcha|salt|signature/i);
  await screenshot(page, '6-agreements');

  // One submission with its Idempotency-Key; the family is signed in and sets its password (L8).
  const [request, answer] = await Promise.all([
    page.waitForRequest(apiCall('POST', '/api/ocr/register')),
    page.waitForResponse(apiCall('POST', '/api/ocr/register')),
    page.getByRole('button', { name: 'Submit', exact: true }).click(),
  ]);
  expect(answer.status(), await answer.text()).toBe(200);
  expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  const body = request.postDataJSON() as {
    profile: number;
    students: unknown[];
    marketing_opt_in: boolean;
    customer: Record<string, unknown>;
    agreements: { agreed: boolean; signature: string | null }[];
  };
  expect(body.profile).toBe(PROFILE);
  if (withStudents) expect(body.students).toEqual([expect.objectContaining({ FirstName: 'Mia', LastName: 'Shah', DOB: '2018-05-07', Gender: 'F' })]);
  else expect(body.students).toEqual([]);
  expect(body.marketing_opt_in).toBe(true);
  expect(body.customer.FirstName).toBe('Priya');
  expect(body.customer.RegID).toBe(regId);
  expect(body.agreements.every((a) => a.agreed)).toBe(true);
  expect(body.agreements.some((a) => a.signature?.startsWith('data:image/png;base64,'))).toBe(true);

  // The registration says it is complete, as one with classes does, and leads on to the password.
  await expect(page.getByRole('heading', { level: 1, name: 'Registration complete' })).toBeVisible();
  await expect(page.getByText('Thank you. Your account is ready.')).toBeVisible();
  await page.getByRole('link', { name: 'Set your password' }).click();
  await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
  const password = page.getByRole('region', { name: 'Set Password' });
  await expect(password).toBeVisible();
  await screenshot(page, '7-set-password');
  await password.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/hub\/company$/);
  await expect(page).toHaveTitle('Hub');
  await screenshot(page, '8-home');

  // The new family signs in with its address and the password it chose.
  const ctx = page.request;
  await ctx.post('/api/customer/logout');
  const clients = await ctx.post('/api/customer/get-clients', { data: { email, password: NEW_PASSWORD } });
  expect(clients.ok(), await clients.text()).toBe(true);
  expect(DEMO_PASSWORD).not.toBe(NEW_PASSWORD);
}

test.describe('online registration', () => {
  test('N1–N7, N17, N19–N26, N32, N34, L8: a new family registers on a profile without classes and reaches home', async ({ page, world }) => {
    await registerNewFamily(page, world);
  });

  test('the same registration on a phone, Back under the card @phone', async ({ page, world }) => {
    await registerNewFamily(page, world);
  });

  test('N5, N9, N11, N16: without SkipStudents the family adds its swimmers first, and they are registered with it', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      const profile = (bundle.company.config.profiles as { OCRProfileID: number; SkipStudents?: boolean }[]).find((p) => p.OCRProfileID === PROFILE)!;
      profile.SkipStudents = false;
    });
    await registerNewFamily(page, world, true);
  });

  test('N36: an unknown profile shows the error screen', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    await page.goto(`/ocr?id=${splash.customerId}&p=99`);
    await expect(page.getByRole('heading', { level: 1, name: 'Online registration is not available' })).toBeVisible();
    await expect(page.getByText('This registration link is not valid. Please check the link, or contact Splash Swim School.')).toBeVisible();
    await expect(page).toHaveTitle('OCR');
    await screenshot(page, '0-unknown-profile');
  });

  for (const tag of ['', ' @phone']) {
    test(`N5, N8, N14, N27, N30, N31: a new family registers two children into classes and pays by card${tag}`, async ({ page, ownWorld }) => {
      const world = await ownWorld(['SPLASH']);
      await registerIntoClasses(page, world, 'ok');
    });
  }

  test('a class that fills while the family fills in its details: the checkout says so, and the family chooses again from the class step, where it shows full', async ({ page, ownWorld }) => {
    // The journey to the checkout (14 screens and checks), the refusal, the class step again, its waitlist.
    budgetSteps(20);
    const world = await ownWorld(['SPLASH']);
    // Another family takes Dolphin's last place before this one reaches the checkout, where its places would be held.
    await reachClassesCheckout(page, world, () => fillClass(world.company('SPLASH').code, DOLPHIN));
    await expect(page.getByText(`${DOLPHIN} is full. Choose another class, or join its waitlist.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Held for you/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await screenshot(page, 'classes-full-at-checkout');
    await page.getByRole('button', { name: 'Choose other classes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Classes' })).toBeVisible();
    await expect(page.getByTestId('class-result').filter({ hasText: DOLPHIN }).getByText('Class full')).toBeVisible();
    const mine = page.getByRole('list', { name: 'Your classes' });
    await expect(mine.getByRole('listitem')).toHaveCount(2);
    // Your classes says which one filled, and offers its waitlist instead.
    const dolphin = mine.getByRole('listitem').filter({ hasText: DOLPHIN });
    await expect(dolphin.getByText('Full now')).toBeVisible();
    await screenshot(page, 'classes-choose-again');
    await dolphin.getByRole('button', { name: /^Join waitlist instead/ }).click();
    await expect(dolphin.getByText('Waitlist', { exact: true })).toBeVisible();
    await expect(dolphin.getByText('Full now')).toHaveCount(0);
  });

  test('a reload on the checkout signs the agreements again; Back from them goes to the page before, not to them again', async ({ page, ownWorld }) => {
    // The journey to the checkout (14 screens and checks), the reload, its note and Back.
    budgetSteps(19);
    const world = await ownWorld(['SPLASH']);
    await reachClassesCheckout(page, world);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
    // The ticks came back, the signature did not: the step says why, where the family signs.
    await expect(page.getByText(/^Please sign .+ again: a signature is not kept when the page reloads or you leave this step\.$/)).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
  });

  test('a card with a challenge step: approved, the same submission goes again and the family is registered', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    await registerIntoClasses(page, world, 'challenge');
  });

  test('N22, N35: an address that already has an account is offered the sign-in, and no code is mailed', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const email = world.email('parent');
    await page.goto(`/ocr?id=${splash.customerId}&p=${PROFILE}`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    let codes = 0;
    page.on('request', (r) => {
      if (apiCall('POST', '/api/ocr/send-code')(r)) codes += 1;
    });
    const sent = page.waitForResponse(apiCall('POST', '/api/ocr/confirm-email'));
    await page.getByRole('form', { name: 'Your email address' }).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await (await sent).json()).toEqual({ success: true, existing_client: true });
    await expect(page.getByText('This email address already has an account. Please sign in.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Email verification code' })).toHaveCount(0);
    expect(codes).toBe(0);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog).toBeVisible();
    const actions = page.waitForRequest(apiCall('POST', '/api/customer/ocr-sign-in-actions'));
    await submitLogin(dialog, email);
    await expect(dialog).toBeHidden();
    // N35: the sign-in asks for what the registration's profile still needs of this client.
    expect((await actions).postDataJSON()).toEqual({ client_id: expect.any(Number), profile_id: PROFILE, from_ocr: true });
    // Signed in, the registration has nothing to add: the Customer Hub is one click away.
    await expect(page.getByRole('heading', { level: 1, name: 'You already have an account' })).toBeVisible();
    await expect(page.getByText('You are signed in as Sarah.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the Customer Hub' }).click();
    await expect(page).toHaveURL(/\/hub\/company$/);
  });
});
