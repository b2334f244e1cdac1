import type { Availability } from '@portal/shared/bookings-schemas';
import { expect, getJson, isMobile, registerViaApi, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';

/** Issue 22 §2, decision 095: a court added to the cart is held while the family pays, and nobody else can take it. */
test.describe('places held from the cart', () => {
  for (const tag of ['', '@phone']) {
    test(`a court added to the cart is held with a countdown, is not free for another family, and is bought${tag ? ` ${tag}` : ''}`, async ({ page, browser, ownWorld }) => {
      const world = await ownWorld(['ACE']);
      await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
      await page.goto('/hub/bookings/add');
      const days = page.getByRole('group', { name: 'Day' }).getByRole('button');
      await days.nth(2).click();
      await expect(days.nth(2)).toHaveAttribute('aria-pressed', 'true');
      const court = page.getByRole('button', { name: /^Court \d at \d\d:\d\d [AP]M$/ }).first();
      await expect(court).toBeVisible();
      await court.click();
      const held = page.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const answer = (await (await held).json()) as { courts: { date: string; time: string; court: string; heldUntil: string }[] };
      expect(answer.courts).toHaveLength(1);
      const slot = answer.courts[0]!;

      await test.step('the cart says until when the court is held and counts down', async () => {
        await page.goto('/hub/checkout');
        const notice = page.getByRole('region', { name: /^Held for you until \d\d:\d\d [AP]M$/ });
        await expect(notice).toBeVisible();
        const timer = notice.getByRole('timer');
        await expect(timer).toHaveText(/^(10:00|09:[0-5]\d)$/);
        const first = await timer.textContent();
        await expect(timer).not.toHaveText(first!);
        await page.screenshot({ path: test.info().outputPath(`cart-held-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
      });

      await test.step('another family sees the court taken while it is held', async () => {
        const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        const rival = await other.newPage();
        const email = uniqueEmail('rival');
        await registerViaApi(rival, { code: world.company('ACE').code, email });
        await signInViaApi(rival, { code: world.company('ACE').code, email });
        const free = await getJson<Availability>(rival, `/api/bookings/availability?venue_id=1&booking_type_id=1&date=${slot.date}`);
        expect(free.slots.find((s) => s.time === slot.time)?.freeCourts ?? []).not.toContain(slot.court);
        await other.close();
      });

      await test.step('the payment page keeps the countdown, and paying buys the held court', async () => {
        const amount = await page.getByTestId('amount-to-pay').textContent();
        await page.getByRole('button', { name: 'Proceed to Payment' }).click();
        await expect(page.getByRole('region', { name: /^Held for you until/ }).getByRole('timer')).toBeVisible();
        await fillCard(page, TEST_CARDS.ok);
        await page.getByRole('button', { name: `Pay ${amount}` }).click();
        await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
        const after = await getJson<{ classes: unknown[]; courts: unknown[] }>(page, '/api/payment/cart-holds');
        expect(after.courts).toEqual([]);
      });
    });
  }
});
