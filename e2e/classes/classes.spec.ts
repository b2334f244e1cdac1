import type { Page } from '@playwright/test';
import type { MakeupsAnswer } from '@portal/shared/class-schemas';
import { expect, getJson, isApiCall, isMobile, signInViaApi, test } from '../support/fixtures.ts';

async function searchAndAddToCart(page: Page) {
  await page.goto('/hub/classes');
  // N8: the family-account profile has no class step, so it is no way to enrol.
  await expect(page.getByRole('link', { name: /School holiday intensive/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /family account/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Learn to Swim/ }).click();
  await expect(page).toHaveURL('/hub/classes/add-enrollments/1');
  await expect(page.getByRole('heading', { name: 'Learn to Swim – term enrolment', level: 1 })).toBeVisible();
  const results = page.getByTestId('class-result');
  await expect(results.first()).toBeVisible();

  // Sort by staff: the search is asked again with the sort (F10). On a phone the filters fold away.
  const filters = page.getByRole('button', { name: 'Filters and sort' });
  if (await filters.isVisible()) await filters.click();
  const sorted = page.waitForRequest((r) => isApiCall(r, '/api/classes', undefined, 'POST') && (r.postDataJSON() as { sort: string }).sort === 'Staff');
  await page.getByLabel('Sort by').selectOption('Staff');
  await sorted;

  // A full class says so and offers the waitlist.
  const turtle = results.filter({ hasText: 'Turtle – Saturday' });
  await expect(turtle.getByText('Class full')).toBeVisible();
  await expect(turtle.getByRole('button', { name: 'Join waitlist' })).toBeVisible();

  const dolphin = results.filter({ hasText: 'Dolphin – Monday' });
  // C21, F14, C10: the class time in hours and minutes; who teaches and the lane in Splash's words.
  await expect(dolphin.getByText('Mon 05:00 PM · 30 minutes · Group lesson (30 min)')).toBeVisible();
  await expect(dolphin.getByText('Instructor:')).toBeVisible();
  await expect(dolphin.getByText('Priya Sharma')).toBeVisible();
  await expect(dolphin.getByText('Splash Aquatic Centre – Bondi · Lane 6')).toBeVisible();
  await dolphin.scrollIntoViewIfNeeded();
  await dolphin.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-class-card.png`) });
  await dolphin.getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to cart' });
  // Decision 146: Back closes the dialog; the page stays.
  await expect(dialog).toBeVisible();
  await page.evaluate(() => history.back());
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/hub/classes/add-enrollments/1');
  await dolphin.getByRole('button', { name: 'Add to cart' }).click();
  await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
  const check = page.waitForResponse((r) => isApiCall(r.request(), '/api/classes/validate-class-item', undefined, 'POST'));
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  expect((await check).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page
      .getByRole('link', { name: 'Cart, 1 item' })
      .or(page.getByRole('button', { name: 'Cart, 1 item' }))
      .first(),
  ).toBeVisible();
}

/** From the notify-absences page (opened here unless the test has already gone there). */
async function notifyAbsenceAndBookMakeup(page: Page) {
  if (new URL(page.url()).pathname !== '/hub/classes/notify-absences') await page.goto('/hub/classes/notify-absences');
  await expect(page.getByRole('heading', { name: 'Notify Absences' })).toBeVisible();
  const card = page.getByTestId('enrolment').filter({ hasText: 'Seahorse – Saturday' });
  if (isMobile(page)) {
    // A session's own Notify absence (lists open on this page) is a thumb's target: 40 px tall, its neighbours another date.
    const ownSession = page
      .getByRole('list', { name: /^Sessions of/ })
      .getByRole('button', { name: /^Notify absence/ })
      .first();
    await expect(ownSession).toBeVisible();
    expect((await ownSession.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  }
  await card.getByRole('button', { name: 'Notify absence' }).first().click();
  const pick = page.getByRole('dialog', { name: 'Choose a session' });
  // By keyboard: Next's press opens the reason's dialog with the focus in it, not on the page behind.
  await pick.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  const reasons = page.getByRole('dialog', { name: 'Reason for absence' });
  await expect(reasons).toBeVisible();
  await expect.poll(() => reasons.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await reasons.getByLabel('Reason').selectOption({ label: 'Holiday' });
  const notify = page.waitForRequest((r) => isApiCall(r, '/api/classes/notify-absence', undefined, 'POST'));
  await reasons.getByRole('button', { name: 'Notify absence' }).click();
  expect((await notify).postDataJSON()).toMatchObject({ reason_id: 2 });
  const success = page.getByRole('dialog', { name: 'Absence notified' });
  await expect(success.getByText('A make-up credit was added.')).toBeVisible();
  // The credit is good for a session on its expiry date too (the server refuses it only after).
  await expect(success).toContainText(/Book it for a session on or before \d{2}\/\d{2}\/\d{4}\./);
  await success.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText('Absent – Holiday')).toBeVisible();

  const makeups = await getJson<MakeupsAnswer>(page, '/api/classes/get-makeups');
  const fresh = makeups.makeups.find((m) => m.Status === 'available' && m.StudentName === 'Ella Mitchell' && m.MissedClass === 'Seahorse – Saturday')!;
  await page.goto('/hub/classes/makeups');
  await page.getByTestId('makeup').filter({ hasText: 'Will miss Seahorse – Saturday' }).getByRole('link', { name: 'Book make-up' }).click();
  await expect(page).toHaveURL(`/hub/classes/makeups/book?makeup_id=${fresh.MakeupID}`);
  // Decision 076: Ella is a Seahorse, so her make-up is in a Seahorse class, and not one she is already in.
  await expect(page.getByText('Sessions shown are Seahorse sessions with a free place.')).toBeVisible();
  const sessions = page.getByTestId('makeup-session');
  await expect(sessions.first()).toBeVisible();
  await expect(sessions.filter({ hasNotText: 'Seahorse – Thursday' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-makeup-book.png`) });
  const session = sessions.first();
  // Back closes the question, not the page (decision 146).
  await session.getByRole('button', { name: /^Book / }).click();
  await expect(page.getByRole('dialog', { name: 'Book this make-up?' })).toBeVisible();
  await page.evaluate(() => history.back());
  await expect(page.getByRole('dialog', { name: 'Book this make-up?' })).toBeHidden();
  await expect(page).toHaveURL(`/hub/classes/makeups/book?makeup_id=${fresh.MakeupID}`);
  await session.getByRole('button', { name: /^Book / }).click();
  const book = page.waitForResponse((r) => isApiCall(r.request(), '/api/classes/book-makeup', undefined, 'POST'));
  await page.getByRole('dialog', { name: 'Book this make-up?' }).getByRole('button', { name: 'Book make-up' }).click();
  expect((await book).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: 'Make-up booked' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/hub/classes/makeups');
  // The demo's earlier make-up and this one.
  await expect(page.getByTestId('makeup').filter({ hasText: 'Booked into Seahorse – Thursday' })).toHaveCount(2);
}

test.describe('classes', () => {
  test('F9–F12, F11: search, sort, a full class, add a class to the cart; a student already in the class cannot be added twice', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await test.step('F9–F12: search, sort, a full class, add a class to the cart', async () => {
      await searchAndAddToCart(page);
    });
    await test.step('F11: a student already in the class cannot be added twice', async () => {
      await expect(page).toHaveURL('/hub/classes/add-enrollments/1');
      const enrolled = page.waitForRequest((r) => isApiCall(r, '/api/ocr/get-students-enrolled-in-class', undefined, 'POST'));
      await page.getByTestId('class-result').filter({ hasText: 'Seahorse – Tuesday' }).getByRole('button', { name: 'Add to cart' }).click();
      expect((await enrolled).postDataJSON()).toMatchObject({ class_id: expect.any(Number), client_id: expect.any(Number) });
      const dialog = page.getByRole('dialog', { name: 'Add to cart' });
      // Ella is in the class: she is not offered it, and the child chosen is one who can take it.
      await expect(dialog.getByRole('option', { name: 'Ella Mitchell (already enrolled)' })).toBeDisabled();
      await expect(dialog.getByRole('combobox')).not.toHaveValue(String(await dialog.getByRole('option', { name: 'Ella Mitchell (already enrolled)' }).getAttribute('value')));
    });
  });

  test('F9–F12, F5, F8: search and add a class to the cart, notify an absence and book the make-up on a phone @phone', async ({ page, ownWorld }) => {
    test.setTimeout(90_000);
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await test.step('F9–F12 @phone: search and add a class to the cart on a phone', async () => {
      await searchAndAddToCart(page);
    });
    await test.step('F5, F8 @phone: notify an absence and book the make-up on a phone', async () => {
      await notifyAbsenceAndBookMakeup(page);
    });
  });

  test('calendar feed, F5, F7, F8: the calendar link answers the ICS and can be turned off; notify an absence, then book the make-up it earned', async ({ page, ownWorld }) => {
    test.setTimeout(90_000);
    const world = await ownWorld();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await test.step('calendar feed: the link is made on /hub/classes, answers the ICS and can be turned off', async () => {
      await page.goto('/hub/classes');
      await page.getByRole('button', { name: 'Get calendar link' }).click();
      const field = page.getByRole('textbox', { name: 'Calendar link' });
      await expect(field).toHaveValue(/\/api\/classes\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const url = await field.inputValue();
      const ics = await page.request.get(url);
      expect(ics.status()).toBe(200);
      expect(ics.headers()['content-type']).toContain('text/calendar');
      expect(await ics.text()).toContain('Ella: Seahorse');
      await page.getByRole('button', { name: 'Turn off link' }).click();
      await expect(page.getByRole('button', { name: 'Get calendar link' })).toBeVisible();
      expect((await page.request.get(url)).status()).toBe(404);
    });
    await test.step('F5, F7, F8: notify an absence, then book the make-up it earned', async () => {
      await page.getByRole('link', { name: /Notify absences/ }).click();
      await expect(page).toHaveURL('/hub/classes/notify-absences');
      await notifyAbsenceAndBookMakeup(page);
    });
  });

  test('C21, F14: a company that shows no class times shows the day alone on the class cards', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      (bundle.company.config as Record<string, unknown>).classes_setup = { TimeDisplay: 'NoTimeDisplayed' };
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/classes/add-enrollments/1');
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await expect(dolphin.getByText('Mon · Group lesson (30 min)', { exact: true })).toBeVisible();
    await expect(dolphin.getByText(/05:00 PM|minutes ·/)).toHaveCount(0);
  });

  test('F6, F7: switched-off areas are not offered and their routes go back to classes', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      Object.assign(bundle.company.config.switches as object, { CanNotifyAbsence: false, CanTakeMakeups: false });
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/classes');
    await expect(page.getByRole('link', { name: /View enrollments/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Notify absences/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Make-ups/ })).toHaveCount(0);
    await page.goto('/hub/classes/makeups');
    await expect(page).toHaveURL('/hub/classes');
  });
});
