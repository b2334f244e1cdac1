import type { Page } from '@playwright/test';
import { apiCall, COMPANY_BOOTSTRAP_CALLS, DEMO_PASSWORD, expect, expectAccessible, isMobile, recordApiCalls, submitLogin, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { onlineRegistrationCode, proveRegistrationAddress } from '../support/mail.ts';
import { drawSignature } from '../agreements/pad.ts';

/** SPLASH's demo profile 3: no class step, no students, a marketing question. */
const PROFILE = 3;
const NEW_PASSWORD = 'Fresh-start-42';

/** Each page is checked with axe as it is photographed. */
async function screenshot(page: Page, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`), fullPage: true });
}

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

const MIA = { first: 'Mia', day: '7', month: 'May', year: '2018', gender: 'Female' };
const LEO = { first: 'Leo', day: '1', month: 'March', year: '2020', gender: 'Male' };

/** Fills the swimmer form with one of the Shah children. */
async function fillSwimmer(page: Page, swimmer: typeof MIA) {
  const form = page.getByRole('form', { name: 'Swimmer details' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill(swimmer.first);
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Shah');
  await form.getByLabel('Date of birth: Day').selectOption(swimmer.day);
  await form.getByLabel('Date of birth: Month').selectOption({ label: swimmer.month });
  await form.getByLabel('Date of birth: Year').selectOption(swimmer.year);
  await form.getByLabel('Gender').selectOption(swimmer.gender);
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
  await expect(page.getByText('Would you like to receive news and offers from Splash Swim School – Online Enrolment by e-mail?')).toBeVisible();
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

/** SPLASH's demo profile 1: a class step, swimmers, checkout and payment. */
const CLASSES_PROFILE = 1;
/** The simulated gateway's test cards (README, test-cards.ts). */
const CARDS = { success: '4242424242424242', challenge: '4000000000003220' } as const;
const DOLPHIN = 'Dolphin – Monday';
const SEAHORSE = 'Seahorse – Tuesday';

/** Ticks one of the chosen classes for a swimmer on the students list (N14). */
async function putInClass(page: Page, swimmer: string, className: string) {
  await page
    .getByRole('group', { name: `Classes for ${swimmer}` })
    .getByRole('checkbox', { name: new RegExp(className) })
    .check();
}

/**
 * N5, N8, N14, N27, N30, N31: a new family chooses two classes, adds Mia and Leo with a class
 * each, proves its address, signs the agreements by drawing, pays by card and sees what it was
 * enrolled in; then it sets its password and finds both children enrolled in the Customer Hub.
 */
async function registerIntoClasses(page: Page, world: World, card: keyof typeof CARDS) {
  // The company's import, 18 screens (title and its screenshot, classes, two swimmers and their list, details, code,
  // summary, agreements, checkout, direct debit, card, complete, password, home, two enrolment
  // lists) and 6 checks; a challenge step is one screen and one check more.
  budgetSteps(card === 'challenge' ? 27 : 25);
  const splash = world.company('SPLASH');
  const email = uniqueEmail('ocr-classes');
  await page.goto(`/ocr?id=${splash.customerId}&p=${CLASSES_PROFILE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Learn to Swim – term enrolment' })).toBeVisible();
  await expect(page.getByText('The classes you would like to join')).toBeVisible();
  // N6: the profile's picture heads the side panel.
  const picture = page.getByRole('complementary', { name: 'About this registration' }).locator('img');
  await expect(picture).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, '0-title-with-picture');
  await page.getByRole('button', { name: 'Get Started' }).click();

  // addClasses: the hub's class search; Next waits for a class.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Classes' })).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  const results = page.getByTestId('class-result');
  for (const name of [DOLPHIN, SEAHORSE])
    await results
      .filter({ hasText: name })
      .getByRole('button', { name: /^Add class/ })
      .click();
  const chosen = page.getByRole('list', { name: 'Your classes' });
  await expect(chosen.getByRole('listitem')).toHaveText([new RegExp(DOLPHIN), new RegExp(SEAHORSE)]);
  await expect(results.filter({ hasText: DOLPHIN }).getByText('Added')).toBeVisible();
  await screenshot(page, 'classes-1-choose');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // addStudent / studentsList: each swimmer goes into a class; Next waits until both have one.
  await expect(page.getByRole('heading', { level: 1, name: 'Add Swimmer' })).toBeVisible();
  await fillSwimmer(page, MIA);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await putInClass(page, 'Mia Shah', DOLPHIN);
  await page.getByRole('button', { name: 'Add another swimmer' }).click();
  await fillSwimmer(page, LEO);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Swimmers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await putInClass(page, 'Leo Shah', SEAHORSE);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
  await screenshot(page, 'classes-2-swimmers');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // addCustomer, viewCustomer.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Details' })).toBeVisible();
  await proveRegistrationAddress(page, email);
  const form = page.getByRole('form', { name: 'Customer details' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Priya');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Shah');
  await form.getByRole('textbox', { name: 'Mobile', exact: true }).fill('0412000111');
  await form.getByRole('group', { name: 'Address', exact: true }).getByRole('textbox', { name: 'Address line 1', exact: true }).fill('4 Ocean Street');
  await form.getByRole('group', { name: 'Billing address' }).getByLabel('Use Address for Billing Address').check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // agreements: signed by drawing; Next goes on to the checkout (N30).
  await expect(page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
  await page.getByLabel('I agree to the Terms and conditions').check();
  await page.getByLabel('I agree to the Medical and photo consent').check();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // checkout: the quote, the payment option (N27), then the card.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  const amount = (await page.getByTestId('amount-to-pay').textContent())!;
  const options = page.getByRole('group', { name: 'Payment option' });
  await expect(options.getByText('Please select an option')).toBeVisible();
  await screenshot(page, 'classes-3-checkout');
  // N28, as decision 049 reads it: Direct Debit drops the card surcharge, so the classes are priced again without it.
  // Splash charges no card surcharge, so both totals are the same here: what is checked is the price asked again
  // for Direct Debit (direct_debit_payment) and shown, and the bank account (an Australian company's: BSB) asked for instead of a card.
  const debitQuote = page.waitForRequest((r) => apiCall('POST', '/api/ocr/quote')(r) && (r.postDataJSON() as { direct_debit_payment: boolean }).direct_debit_payment);
  await options.getByRole('radio', { name: 'Direct Debit' }).check();
  await debitQuote;
  await expect(page.getByTestId('amount-to-pay')).toHaveText(amount);
  await expect(page.getByRole('button', { name: `Pay ${amount} by direct debit` })).toBeEnabled();
  const bank = page.getByRole('form', { name: 'Bank details' });
  await expect(bank.getByLabel('BSB')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
  await screenshot(page, 'classes-3b-direct-debit');
  await options.getByRole('radio', { name: 'Credit/Debit Card' }).check();
  await expect(bank).toHaveCount(0);
  const cardForm = page.getByRole('form', { name: 'Card details' });
  await cardForm.getByLabel('Name on card').fill('Priya Shah');
  await cardForm.getByLabel('Card number').fill(CARDS[card]);
  await cardForm.getByLabel('Expiry (MM/YYYY)').fill('122030');
  await cardForm.getByLabel('Security code').fill('123');
  const payLabel = `Pay ${(await page.getByTestId('amount-to-pay').textContent())!}`;
  const submissions: { key: string; body: string }[] = [];
  page.on('request', (r) => {
    if (apiCall('POST', '/api/ocr/register')(r)) submissions.push({ key: r.headers()['idempotency-key']!, body: r.postData()! });
  });
  await page.getByRole('button', { name: payLabel }).click();

  if (card === 'challenge') {
    // The challenge step at the registration's gateway route, then the same submission again.
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'classes-4-challenge');
    await dialog.getByRole('button', { name: 'Approve' }).click();
  }

  // classRegistration (N31): who went into which class, the invoice and the receipt.
  await expect(page.getByRole('heading', { level: 1, name: 'Registration complete' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Classes for Mia Shah' })).toContainText(DOLPHIN);
  await expect(page.getByRole('list', { name: 'Classes for Leo Shah' })).toContainText(SEAHORSE);
  await expect(page.getByText('Receipt', { exact: true })).toBeVisible();
  expect(submissions).toHaveLength(card === 'challenge' ? 2 : 1);
  if (card === 'challenge') expect(submissions[1]).toEqual(submissions[0]);
  const body = JSON.parse(submissions[0]!.body) as { classes: unknown[]; cardToken: string; direct_debit_payment: boolean };
  expect(body.classes).toHaveLength(2);
  expect(body.cardToken).toMatch(/^tok_/);
  expect(body.direct_debit_payment).toBe(false);
  expect(amount).toMatch(/^\$\d/);
  await screenshot(page, 'classes-5-complete');

  // The family sets its password and finds both children enrolled in the Customer Hub.
  await page.getByRole('link', { name: 'Set your password' }).click();
  const password = page.getByRole('region', { name: 'Set Password' });
  await password.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/hub\/company$/);
  // The terms start at each class's next session: a later day's (Future), or today's where the
  // company's day has reached that session's weekday (Splash's time zone is ahead of UTC: Current).
  await page.goto('/hub/classes/view-enrollments?filter=future');
  for (const [swimmer, className] of [
    ['Mia Shah', DOLPHIN],
    ['Leo Shah', SEAHORSE],
  ] as const) {
    await page.getByLabel('Swimmer', { exact: true }).selectOption({ label: swimmer });
    await page.getByRole('tab', { name: 'Future' }).click();
    const enrolment = page.getByTestId('enrolment').filter({ hasText: className });
    await expect(enrolment.or(page.getByText('No future enrolments.'))).toBeVisible();
    if (!(await enrolment.isVisible())) await page.getByRole('tab', { name: 'Current' }).click();
    await expect(enrolment).toBeVisible();
  }
  await screenshot(page, 'classes-6-enrolments');
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
      await registerIntoClasses(page, world, 'success');
    });
  }

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
