import type { Page } from '@playwright/test';
import type { Availability } from '@portal/shared/bookings-schemas';
import { apiCall, COMPANY_BOOTSTRAP_CALLS, expect, expectAccessible, getJson, isMobile, recordApiCalls, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';
import { guestCancelLinkPath, mailWithSubject } from '../support/mail.ts';
import { chooseFirstFreeTime, wholePageInView } from '../support/bookings.ts';

/** Each page is checked with axe as it is photographed. */
async function screenshot(page: Page, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`), fullPage: true });
}

/**
 * N37: a guest with no account opens Ace's booking link, chooses a court, gives a name, e-mail
 * and phone, solves the captcha and pays with the test card; the confirmation e-mail's link
 * shows the booking and cancels it, and the court is free again.
 */
async function bookAndCancel(page: Page, world: World) {
  // The company's import, 15 screens (the page, day, court, checkout, errors, captcha, a declined card,
  // the card, booked, the e-mail, the link's page, its dialog, cancelled, the free court), a reload and 6 checks.
  budgetSteps(23);
  const ace = world.company('ACE');
  const email = uniqueEmail('ob-guest');
  const calls = recordApiCalls(page, [...COMPANY_BOOTSTRAP_CALLS, ['GET', '/api/ob/options']]);

  // A30 as on /ocr: the link's company is entered before the page asks for anything.
  await page.goto(`/ob?id=${ace.customerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Court' })).toBeVisible();
  await expect(page).toHaveTitle('OB');
  const login = calls.indexOf('POST /api/company/login-by-customer-id');
  expect(calls.indexOf('POST /api/company/logout')).toBeGreaterThanOrEqual(0);
  expect(login).toBeGreaterThan(calls.indexOf('POST /api/company/logout'));
  expect(calls.indexOf('GET /api/ob/options')).toBeGreaterThan(login);

  // The hub's pickers: a day, then a free court at a free time.
  const court = await chooseFirstFreeTime(page);
  // The time as the company shows it (hh:mm a), e.g. "06:00 PM".
  const [courtName, shownTime] = ((await court.getAttribute('aria-label')) ?? '').split(' at ') as [string, string];
  await expect(page.getByText(`Court: ${courtName}`)).toBeVisible();
  const restore = await wholePageInView(page);
  await screenshot(page, '1-pick');
  await restore();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The checkout: the court priced with tax and the card surcharge, as the hub's checkout prices it.
  const price = page.getByRole('complementary', { name: 'Your booking and its price' });
  await expect(price.locator('tr[data-row-type="Custom"]')).toContainText(courtName);
  await expect(price.getByText(/Credit Card Surcharge \(/)).toBeVisible();
  const amount = (await page.getByTestId('amount-to-pay').textContent())!;
  expect(amount).toMatch(/^\$\d+\.\d\d$/);
  // A phone that reloads the tab (back from the banking app) opens the checkout again at the same court.
  await page.reload();
  await expect(price.locator('tr[data-row-type="Custom"]')).toContainText(courtName);
  await expect(page.getByTestId('amount-to-pay')).toHaveText(amount);
  await screenshot(page, '2-checkout');

  // Pay with nothing filled in: every missing detail is named under its field.
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please complete the verification', { exact: true })).toBeVisible();
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 201 555 0188');
  await page.getByRole('checkbox', { name: 'I’m not a robot' }).click();
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked();

  // A declined card: the bank's answer is shown, and the solved captcha stays for the next card (decision 082).
  await fillCard(page, TEST_CARDS.declined);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
  await screenshot(page, '3-declined');

  // Item 13: the number is grouped as typed, its brand named inside the field.
  await fillCard(page, TEST_CARDS.ok);
  await page.getByLabel('Card number').fill('');
  await page.getByLabel('Card number').pressSequentially(TEST_CARDS.ok);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Visa');
  await screenshot(page, '3-details');
  const [request, answer] = await Promise.all([
    page.waitForRequest(apiCall('POST', '/api/ob/book')),
    page.waitForResponse(apiCall('POST', '/api/ob/book')),
    page.getByRole('button', { name: `Pay ${amount}` }).click(),
  ]);
  expect(answer.status(), await answer.text()).toBe(200);
  expect(request.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  const sent = request.postDataJSON() as { booking: { date: string; time: string; court: string } };
  expect(sent).toMatchObject({ booking: { court: courtName }, guest: { FirstName: 'Jordan', LastName: 'Lee', Email: email }, cardToken: expect.stringMatching(/^tok_/) });

  // The confirmation on the page.
  await expect(page.getByRole('heading', { name: 'You’re booked' })).toBeVisible();
  const booked = page.getByRole('region', { name: 'Your booking' });
  await expect(booked).toContainText(courtName);
  await expect(booked).toContainText(shownTime);
  await expect(booked).toContainText('Confirmed');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(amount, { exact: true })).toBeVisible();
  await screenshot(page, '4-confirmed');

  // The confirmation e-mail, and its cancel link.
  const mail = await mailWithSubject(email, 'Your booking with Ace Tennis Academy');
  expect(mail.text).toContain(`${courtName}, on`);
  const link = await guestCancelLinkPath(email);
  expect(link).toMatch(new RegExp(`^/ob/cancel\\?id=${ace.customerId}&token=`));
  await page.goto(link);
  await expect(page).toHaveTitle('OB');
  const shown = page.getByRole('region', { name: 'Your booking' });
  await expect(shown).toContainText(courtName);
  await expect(shown).toContainText('Jordan Lee');
  await expect(page.getByText(/^You can cancel online until /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(courtName);
  await screenshot(page, '5-cancel');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled.' })).toBeVisible();
  await expect(shown).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await screenshot(page, '6-cancelled');
  await mailWithSubject(email, 'Booking cancelled: Ace Tennis Academy');

  // The court is offered again.
  const free = await getJson<Availability>(page, `/api/ob/availability?venue_id=1&booking_type_id=1&date=${sent.booking.date}`);
  expect(free.slots.find((s) => s.time === sent.booking.time)?.freeCourts).toContain(courtName);
}

test.describe('public booking page', () => {
  test('N37, B13, B17, A30: a guest books a court on /ob, reads the confirmation e-mail and cancels with its link', async ({ page, ownWorld }) => {
    await bookAndCancel(page, await ownWorld(['ACE']));
  });

  test('a guest books a court on /ob on a phone @phone', async ({ page, ownWorld }) => {
    await bookAndCancel(page, await ownWorld(['ACE']));
  });
});
