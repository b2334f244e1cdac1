import type { Page } from '@playwright/test';
import { apiCall, expect, signInViaApi, test, type World } from '../support/fixtures.ts';
import { drawSignature } from './pad.ts';

const NEW_PASSWORD = 'Heron#Lane59';

/** The cart as the portal keeps it in local storage (apps/web/src/lib/cart-store.ts). */
const CART = {
  clientId: null,
  classItems: [{ ClassID: 1, StudentID: 1, dates: [], label: 'Seahorse – Tuesday' }],
  bookingItems: [{ venue_id: 1, booking_type_id: 1, date: '2030-01-07', time: '09:00', court: '1', venue: 'Court', bookingType: 'Hour', endTime: '10:00', priceCents: 2000 }],
  invoices: [],
  ocrProfileId: null,
  discountCodes: [],
  creditIds: [],
};

/**
 * L1–L12, U13: new@ has one action of every kind, answered in order: the medical consent's new
 * version to sign, their details, their swimmer, a new password. Each done shows the next; the
 * last goes home. Other pages and the nav stay out of reach meanwhile.
 */
async function walkThroughAllFour(page: Page, world: World) {
  const code = world.company('SPLASH').code;
  await signInViaApi(page, { code, email: world.email('new'), fresh: true });
  // A class and a court already in the cart (kept in the browser, D1 §3), put there once.
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('cart-seeded')) return;
    sessionStorage.setItem('cart-seeded', '1');
    localStorage.setItem('portal-cart', JSON.stringify({ state: cart, version: 0 }));
  }, CART);
  // L11: asked for the intro too, but the queue comes first and the intro stays away.
  await page.goto('/hub/students?intro=1');
  await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
  await expect(page.getByRole('heading', { name: 'Before you continue', level: 1 })).toBeVisible();
  await expect(page.getByText('Step 1 of 4 before you can use the Customer Hub.', { exact: true })).toBeVisible();
  // Nothing to wander off to while the queue is open.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  // The cart too (it holds a class and a court): its link led back to the queue.
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);

  // 1. Accept Agreement: the new version of the medical consent, signed on the pad.
  const agreement = page.getByRole('region', { name: 'Medical and photo consent' });
  await expect(agreement).toBeVisible();
  // L2: only the first queued action shows.
  for (const later of ['Update Your Details', 'Update Swimmer', 'Set Password']) await expect(page.getByRole('region', { name: later })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(agreement.getByText('This agreement has changed since you last accepted it.')).toBeVisible();
  await drawSignature(page);
  await page.getByLabel('I agree to the Medical and photo consent').check();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('Agreement signed successfully', { exact: true })).toBeVisible();
  // The count goes on from where the customer is, not "the first" of what is left.
  await expect(page.getByText('Step 2 of 4 before you can use the Customer Hub.', { exact: true })).toBeVisible();
  // And it stays there when the page is loaded again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Update Your Details' })).toBeVisible();
  await expect(page.getByText('Step 2 of 4 before you can use the Customer Hub.', { exact: true })).toBeVisible();

  // 2. UpdateProfile: "Update Your Details"; the empty mandatory mobile is refused, then saved.
  const details = page.getByRole('region', { name: 'Update Your Details' });
  await expect(details).toBeVisible();
  const mobile = details.getByRole('textbox', { name: 'Mobile', exact: true });
  await mobile.fill('');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Mobile phone is required')).toBeVisible();
  await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
  await mobile.fill('0412345678');
  const [saved] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/update-details')), details.getByRole('button', { name: 'Save' }).click()]);
  expect(saved.ok()).toBe(true);
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();

  // 3. UpdateStudent: "Update Swimmer" (the company's student term).
  const student = page.getByRole('region', { name: 'Update Swimmer' });
  await expect(student).toBeVisible();
  await expect(student.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Mai');
  // L8: the ChangePassword step asks check-if-changing-password first; true shows the form.
  const checked = page.waitForResponse((r) => r.url().includes('/api/customer/check-if-changing-password/'));
  await student.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Swimmer updated', { exact: true })).toBeVisible();

  // 4. ChangePassword: Set Password, with the password rules.
  expect(await (await checked).json()).toEqual({ success: true, isChangingPassword: true });
  const password = page.getByRole('region', { name: 'Set Password' });
  await expect(password).toBeVisible();
  await expect(page.getByText('Step 4 of 4 before you can use the Customer Hub.', { exact: true })).toBeVisible();
  await password.getByLabel('Password', { exact: true }).fill('short');
  await password.getByLabel('Confirm Password', { exact: true }).fill('short');
  await password.getByRole('button', { name: 'Set password' }).click();
  await expect(password.getByText('Password must be at least 8 characters long', { exact: true })).toBeVisible();
  await password.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Set password' }).click();

  // L9: the success message, the class part of the cart emptied (the court stays), and the next
  // step: here the last action was done, so L3: the queue is empty: home, with the nav back.
  await expect(page.getByText('New password set successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/hub\/company$/);
  const cart = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal-cart') ?? '{}') as { state?: typeof CART }).state);
  expect(cart?.classItems).toEqual([]);
  expect(cart?.bookingItems).toEqual(CART.bookingItems);
  const actions = (await (await page.request.get('/api/customer/get-sign-in-actions')).json()) as { actions: unknown[] };
  expect(actions.actions).toEqual([]);
  expect((await page.request.get('/api/home/get-upcoming-classes?page=1&limit=6')).ok()).toBe(true);
  // E2: the students page, now open, in the company's words ("{StudentTerm}s").
  await page.goto('/hub/students');
  await expect(page.getByRole('heading', { name: 'Swimmers' })).toBeVisible();
}

test.describe('sign-in actions', () => {
  test('L1–L12 (L2 first only, L8 the check, L9 message and class cart, L11 no intro), E2: new@ is walked through all four actions in order', async ({ page, ownWorld }) => {
    await walkThroughAllFour(page, await ownWorld());
  });

  test('L1–L12 on a phone @phone', async ({ page, ownWorld }) => {
    await walkThroughAllFour(page, await ownWorld());
  });
});
