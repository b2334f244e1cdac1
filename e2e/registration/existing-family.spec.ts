import { apiCall, expect, submitLogin, test } from '../support/fixtures.ts';
import { fillSwimmer, LEO, screenshot } from '../support/registration.ts';

/** A class with places for Lily's age (4): Starfish takes ages 3 to 7. */
const STARFISH = 'Starfish – Sunday';

/** SPLASH's demo profile 1: a class step, card or direct debit. */
const CLASSES_PROFILE = 1;

/**
 * N12, N15, N18, F16: a family that already has an account opens a registration link with
 * classes, signs in on the way, chooses a class for one of its own swimmers and pays by card
 * through the checkout.
 */
for (const tag of ['', ' @phone']) {
  test(`N12, N15, N18, F16: an existing family signs in on a registration link and enrols a swimmer${tag}`, async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    await page.goto(`/ocr?id=${splash.customerId}&p=${CLASSES_PROFILE}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await submitLogin(dialog, world.email('parent'));
    await expect(dialog).toBeHidden();

    // N12: straight to the class step for this family.
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Classes' })).toBeVisible();
    await expect(page).toHaveURL(/\/ocr\?/);
    // The count is the one the journey keeps: no agreement to sign, three steps from the first.
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await page
      .getByTestId('class-result')
      .filter({ hasText: STARFISH })
      .getByRole('button', { name: /^Add class/ })
      .click();
    await screenshot(page, 'existing-1-classes');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // N18: the family's own swimmers, none added, edited or removed here; N15: Next waits for one class overall.
    await expect(page.getByRole('heading', { level: 1, name: 'Swimmers' })).toBeVisible();
    // The company's name, not the registration page's heading (Splash Swim School – Online Enrolment).
    await expect(page.getByText(/please contact Splash Swim School or add a student via the Customer Hub/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Edit|Remove) / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Add (a|another) swimmer/ })).toHaveCount(0);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeDisabled();
    await page
      .getByRole('group', { name: 'Classes for Lily Mitchell' })
      .getByRole('checkbox', { name: new RegExp(STARFISH) })
      .check();
    await expect(next).toBeEnabled();
    await screenshot(page, 'existing-2-swimmers');
    await next.click();

    // The profile's agreements are signed already (the demo family accepted them): the checkout follows.
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    const options = page.getByRole('group', { name: 'Payment option' });
    await options.getByRole('radio', { name: 'Credit/Debit Card' }).check();
    const amount = (await page.getByTestId('amount-to-pay').textContent())!;
    await screenshot(page, 'existing-4-checkout');
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Name on card').fill('Sarah Mitchell');
    await card.getByLabel('Card number').fill('4242424242424242');
    await card.getByLabel('Expiry (MM/YYYY)').fill('122030');
    await card.getByLabel('Security code').fill('123');
    const sent = page.waitForRequest(apiCall('POST', '/api/classes/ocr-class'));
    await card.getByRole('button', { name: `Pay ${amount}` }).click();
    // F16: the class registration goes to ocr-class, with the family's own student and an Idempotency-Key.
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({ profile: CLASSES_PROFILE, classes: [expect.objectContaining({ StudentID: expect.any(Number), waitlist: false })] });
    expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration complete' })).toBeVisible();
    await expect(page.getByText(`${amount} was paid by card.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Classes for Lily Mitchell' })).toContainText(STARFISH);
    await screenshot(page, 'existing-5-complete');
  });
}

test('a family that chooses a class, signs in part-way and reloads gets the class back, and no new family’s draft', async ({ page, ownWorld }) => {
  const world = await ownWorld(['SPLASH']);
  const splash = world.company('SPLASH');
  await page.goto(`/ocr?id=${splash.customerId}&p=${CLASSES_PROFILE}`);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Classes' })).toBeVisible();
  await page
    .getByTestId('class-result')
    .filter({ hasText: STARFISH })
    .getByRole('button', { name: /^Add class/ })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Swimmer' })).toBeVisible();
  // Leo is 6: Starfish takes him.
  await fillSwimmer(page, LEO);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('group', { name: 'Classes for Leo Shah' })
    .getByRole('checkbox', { name: new RegExp(STARFISH) })
    .check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // The family's address already has an account: it signs in here, part-way.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Details' })).toBeVisible();
  await page.getByRole('form', { name: 'Your email address' }).getByRole('textbox', { name: 'Email', exact: true }).fill(world.email('parent'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('This email address already has an account. Please sign in.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await submitLogin(dialog, world.email('parent'));
  await expect(dialog).toBeHidden();
  const starfish = page.getByRole('group', { name: 'Classes for Lily Mitchell' }).getByRole('checkbox', { name: new RegExp(STARFISH) });
  await expect(starfish).toBeVisible();

  // Reloaded before booking: the class chosen is offered again, and nothing of the new family's draft is kept.
  await page.reload();
  await expect(starfish).toBeVisible();
  const kept = await page.evaluate(() => Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.getItem(window.sessionStorage.key(i)!)).join('\n'));
  expect(kept).toContain(STARFISH);
  expect(kept).not.toContain('Leo');
  expect(kept).not.toContain(world.email('parent'));
  await screenshot(page, 'existing-reloaded');
});
