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
 * Decision 126: a time's courts open in a panel under the time's row. Decision 138: the times are
 * one Tab stop; Tab goes from the chosen time into its courts, and the arrows go through the times
 * as they read, row by row and left to right.
 */
test.describe('the free times in reading order (decisions 126, 138)', () => {
  for (const width of [375, 800, 1280]) {
    test(`Tab reaches the courts, the arrows follow the rows, at ${width} px`, async ({ page, world }) => {
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

      // Tab from the chosen time: into its courts, in order, then on past the times, which are one Tab
      // stop (decision 138): a family no longer tabs through every time of the day to reach Add to cart.
      const courtCount = await courts.count();
      const tabbed = [];
      for (let i = 0; i <= courtCount; i++) {
        await page.keyboard.press('Tab');
        tabbed.push(await focused(page));
      }
      expect(tabbed.slice(0, courtCount).map((f) => COURT.test(f.name))).toEqual(Array(courtCount).fill(true));
      expect(tabbed[courtCount]!.name).not.toMatch(FREE_TIME);
      expect(tabbed[courtCount]!.name).not.toMatch(COURT);
      // The arrows go along the times as they read, row by row and left to right, past the courts' panel.
      await time.focus();
      const grid = [await focused(page)];
      for (let i = 1; i < Math.min(times, 14); i++) {
        await page.keyboard.press('ArrowRight');
        grid.push(await focused(page));
      }
      await page.screenshot({ path: test.info().outputPath(`free-times-${width}.png`) });
      expect(grid.every((f) => FREE_TIME.test(f.name))).toBe(true);
      // Each control the keyboard reaches next stands after the one before: lower down, or on the same line further right.
      for (let i = 1; i < grid.length; i++) {
        const [before, after] = [grid[i - 1]!, grid[i]!];
        const sameLine = Math.abs(after.top - before.top) < 8;
        expect(sameLine ? after.left > before.left : after.top > before.top, `${before.name} (${before.top}, ${before.left}) then ${after.name} (${after.top}, ${after.left})`).toBe(true);
      }
    });
  }
});
