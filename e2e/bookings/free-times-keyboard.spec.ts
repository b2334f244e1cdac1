import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { FREE_TIME } from '../support/bookings.ts';

/** A court's button in the open time's panel: "Court 2 at 07:00 AM". */
const COURT = / at \d\d:\d\d [AP]M$/;

/** Where the focused control stands on the screen, and what it is called. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', top: Math.round(box.top + window.scrollY), left: Math.round(box.left) };
  });
}

/**
 * Decision 126: a time's courts open in a panel under the time's row. The keyboard goes through the
 * times and courts as they read, row by row and left to right: from the chosen time along the rest
 * of its row, into the courts under it, and only then to the row below the panel.
 */
test.describe('the free times in reading order (decision 126)', () => {
  for (const width of [375, 800, 1280]) {
    test(`Tab follows the rows at ${width} px`, async ({ page, world }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/ob?id=${world.company('ACE').customerId}`);
      const days = page.getByRole('group', { name: 'Day' }).getByRole('button');
      await days.nth(2).click();
      await expect(days.nth(2)).toHaveAttribute('aria-pressed', 'true');
      // The first time of the day: the rest of its row stands after it, the courts' panel under the row.
      const time = page.getByRole('button', { name: FREE_TIME }).first();
      await time.click();
      await expect(time).toHaveAttribute('aria-expanded', 'true');
      const courts = page.getByRole('button', { name: COURT });
      await expect(courts.first()).toBeVisible();
      const times = await page.getByRole('button', { name: FREE_TIME }).count();

      // Tab through every time and court from the chosen time on.
      const order = [await focused(page)];
      const steps = Math.min(times, 14) + (await courts.count());
      for (let i = 0; i < steps; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused(page));
      }
      await page.screenshot({ path: test.info().outputPath(`free-times-${width}.png`) });
      const grid = order.filter((f) => FREE_TIME.test(f.name) || COURT.test(f.name));
      // The keyboard went through the courts and on to a time after them.
      const lastCourt = grid.map((f) => COURT.test(f.name)).lastIndexOf(true);
      expect(lastCourt).toBeGreaterThan(0);
      expect(grid[lastCourt + 1]?.name).toMatch(FREE_TIME);
      // Each control the keyboard reaches next stands after the one before: lower down, or on the same line further right.
      for (let i = 1; i < grid.length; i++) {
        const [before, after] = [grid[i - 1]!, grid[i]!];
        const sameLine = Math.abs(after.top - before.top) < 8;
        expect(sameLine ? after.left > before.left : after.top > before.top, `${before.name} (${before.top}, ${before.left}) then ${after.name} (${after.top}, ${after.left})`).toBe(true);
      }
    });
  }
});
