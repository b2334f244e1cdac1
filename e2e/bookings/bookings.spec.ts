import type { Page } from '@playwright/test';
import { expect, isMobile, signInViaApi, test, type World } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { chooseFirstFreeTime, FREE_TIME } from '../support/bookings.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}-${isMobile(page) ? 375 : 1280}.png`, fullPage: true });

async function openBookings(page: Page, world: World, path = '/hub/bookings') {
  await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
  await page.goto(path);
}

/** Picks the first free time on the day after tomorrow, with its first free court, and adds it to the cart. */
async function addOne(page: Page) {
  const court = await chooseFirstFreeTime(page);
  const label = (await court.getAttribute('aria-label')) ?? '';
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
  // The focus stays with what was added (Add to cart is disabled now), not the top of the page.
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeFocused();
  // On a phone it sat 3,600 px above the screen: it is brought into view, with its Go to checkout.
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Go to checkout' })).toBeInViewport();
  return label;
}

test.describe('court bookings', () => {
  test('G7/G2, cancel before the cut-off, G4, G3/G5: the list of the customer’s bookings, a cancellation, the court word, a court added to the cart', async ({ page, ownWorld }) => {
    // The import, the sign-in, 10 screens (the list, two tabs, the dialog, cancelled, its tab, the add
    // page, its free times, the cart, the checkout) and 3 screenshots.
    budgetSteps(15);
    // The court word is the company's CourtLabel (G4); court names stay as the venue has them.
    const world = await ownWorld(['ACE'], (_, bundle) => {
      (bundle.company.config.localization as Record<string, unknown>).CourtLabel = 'Lane';
    });
    await openBookings(page, world);
    await test.step('G7/G2: /hub/bookings lands on the list of the customer’s bookings', async () => {
      await expect(page).toHaveURL(/\/hub\/bookings\/view$/);
      const upcoming = page.getByRole('list', { name: 'Upcoming bookings' }).getByRole('listitem');
      await expect(upcoming).toHaveCount(3);
      await expect(upcoming.first()).toContainText('Court hire (1 hour) · Court 2 · Riverside Courts');
      await shot(page, 'bookings-view');
      await page.getByRole('tab', { name: 'Cancelled' }).click();
      await expect(page.getByRole('list', { name: 'Cancelled bookings' }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('tab', { name: 'Upcoming' }).click();
    });

    await test.step('cancel a booking before the cut-off: it moves to Cancelled and the court is free again', async () => {
      const first = page.getByRole('list', { name: 'Upcoming bookings' }).getByRole('listitem').first();
      await expect(first).toContainText('03:00 PM - 04:00 PM');
      await first.getByRole('button', { name: /^Cancel/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(dialog).toContainText('Court hire (1 hour), Court 2 at Riverside Courts');
      await shot(page, 'bookings-cancel');
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled.' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Upcoming bookings' }).getByRole('listitem')).toHaveCount(2);
      await page.getByRole('tab', { name: 'Cancelled' }).click();
      await expect(page.getByRole('list', { name: 'Cancelled bookings' }).getByRole('listitem')).toHaveCount(2);
    });

    await test.step('G4: the court word comes from CourtLabel', async () => {
      await page.goto('/hub/bookings/add');
      await expect(page.getByRole('heading', { level: 1, name: 'Add a Booking' })).toBeVisible();
      await expect(page.getByText('Choose a time and a lane.')).toBeVisible();
    });

    await test.step('G3/G5: add a court booking: a day, a free time on the 30-minute grid, a court; it goes to the cart', async () => {
      await expect(page.getByLabel('Booking type')).toContainText('Court hire (1 hour) – from $40.00');
      await page.getByRole('group', { name: 'Day' }).getByRole('button').nth(2).click();
      await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: 'Free times' })).toHaveCount(1);
      // The day's free times arrive with their own answer: wait for them before reading the list.
      const times = page.getByRole('button', { name: FREE_TIME });
      await expect(times.nth(4)).toBeVisible();
      const starts = (await times.allInnerTexts()).map((t) => t.slice(0, 5));
      expect(starts.length).toBeGreaterThan(4);
      for (const s of starts) expect(['00', '30']).toContain(s.slice(3));
      await shot(page, 'bookings-add');
      await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
      const label = await addOne(page);
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      await expect(page.getByRole('button', { name: `${label} (in your cart)` })).toBeDisabled();
      // The hour booked overlaps the next half hour's start on that court: it cannot be added as well.
      const [, court, hh, mm, half] = /^(.+) at (\d\d):(\d\d) ([AP]M)$/.exec(label)!;
      const minutes = ((Number(hh) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(mm) + 30;
      const h12 = Math.floor(minutes / 60) % 12 || 12;
      const next = `${court} at ${String(h12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${minutes >= 720 ? 'PM' : 'AM'}`;
      await page.getByRole('button', { name: new RegExp(`^${next.split(' at ')[1]}, `) }).click();
      await expect(page.getByRole('button', { name: `${next} (in your cart)` })).toBeDisabled();
      const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('portal-cart') ?? '{}') as { state: { bookingItems: { court: string; priceCents: number }[] } });
      expect(stored.state.bookingItems).toHaveLength(1);
      expect(stored.state.bookingItems[0]).toMatchObject({ court: label.split(' at ')[0], priceCents: 4000 });
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await expect(page).toHaveURL(/\/hub\/checkout$/);
    });
  });

  test('the days to book sit in rows of even length, never one alone on a row, and in one row to swipe on a phone', async ({ page, world }) => {
    await openBookings(page, world, '/hub/bookings/add');
    const days = page.getByRole('group', { name: 'Day' }).getByRole('button');
    await expect(days.first()).toBeVisible();
    const count = await days.count();
    expect(count).toBeGreaterThan(7);
    const rowLengths = () =>
      days.evaluateAll((buttons) => {
        const rows = new Map<number, number>();
        for (const b of buttons) rows.set(Math.round(b.getBoundingClientRect().top), (rows.get(Math.round(b.getBoundingClientRect().top)) ?? 0) + 1);
        return [...rows.values()];
      });
    // 1280 px had 13 days in a row and the 14th alone under them.
    for (const width of [1280, 1024, 700]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(async () => {
        const rows = await rowLengths();
        expect(rows.length, `${width} px: ${rows.join(' + ')}`).toBeGreaterThan(0);
        if (rows.length > 1) expect(Math.max(...rows) - Math.min(...rows), `${width} px: ${rows.join(' + ')}`).toBeLessThanOrEqual(1);
      }).toPass({ timeout: 3_000 });
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(rowLengths).toEqual([count]);
  });

  test('on a phone the keyboard never leaves a time or a court under the chosen court’s bar @phone', async ({ page, ownWorld }) => {
    const world = await ownWorld(['ACE']);
    await openBookings(page, world, '/hub/bookings/add');
    await chooseFirstFreeTime(page);
    const bar = page.getByRole('button', { name: 'Add to cart' }).locator('xpath=ancestor::div[contains(@class, "sticky")]');
    let reached = 0;
    // The times by the arrows from the first (one Tab stop, decision 138), then on by Tab.
    await page.getByRole('button', { name: FREE_TIME }).first().focus();
    for (let i = 0; i < 24; i += 1) {
      await page.keyboard.press(i < 16 ? 'ArrowRight' : 'Tab');
      const seen = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? { label: el.getAttribute('aria-label') ?? '', bottom: el.getBoundingClientRect().bottom } : null;
      });
      if (!seen || !/ [AP]M/.test(seen.label)) continue;
      reached += 1;
      const top = (await bar.boundingBox())!.y;
      // Before each button kept a margin the bar's height, 13 of 30 focused lanes at Splash sat under it.
      expect(seen.bottom, `${seen.label} under the bar`).toBeLessThanOrEqual(top);
    }
    expect(reached).toBeGreaterThan(10);
  });

  test('add a court booking and cancel one on a phone @phone', async ({ page, ownWorld }) => {
    const world = await ownWorld(['ACE']);
    await openBookings(page, world, '/hub/bookings/add');
    // The day's times are a long list on a phone: three times to a row, and a time's four courts in one row under it.
    const court = await chooseFirstFreeTime(page);
    const times = page.getByRole('button', { name: FREE_TIME });
    const timeTops = await times.evaluateAll((buttons) => buttons.slice(0, 6).map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(timeTops).size).toBe(2);
    const courts = page.getByRole('listitem').filter({ has: court }).getByRole('button');
    await expect(courts).toHaveCount(4);
    const tops = await courts.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Ace's day of 17 times and four courts: 3,677 px before the courts sat four to a row, 2,349 px after.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1_600);
    await addOne(page);
    // After the clicks: a full-page screenshot resizes the emulated phone's viewport for a moment.
    await shot(page, 'bookings-add');
    await page.goto('/hub/bookings/view');
    await shot(page, 'bookings-view');
    // The last booking, scrolled to on a short screen: the answer is said where the family is, not above the screen.
    await page.setViewportSize({ width: 375, height: 480 });
    const last = page.getByRole('list', { name: 'Upcoming bookings' }).getByRole('listitem').last();
    await last.scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).not.toBeInViewport();
    await last.getByRole('button', { name: /^Cancel/ }).click();
    await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled.' })).toBeInViewport();
  });
});
