import { expect, type Locator, type Page } from '@playwright/test';

/** A time's button on the booking pages: "06:00 PM, 4 courts free, $55.00". */
export const FREE_TIME = /^\d\d:\d\d [AP]M, \d+ \w+ free, /;

/**
 * On a booking page: a day (the day after tomorrow by default, as today may have no free time left
 * late in the venue's evening), then its first free time, which takes its first free court.
 * Answers that court's button ("Court 2 at 06:00 PM"), chosen.
 */
export async function chooseFirstFreeTime(page: Page, day = 2): Promise<Locator> {
  const days = page.getByRole('group', { name: 'Day' }).getByRole('button');
  await days.nth(day).click();
  await expect(days.nth(day)).toHaveAttribute('aria-pressed', 'true');
  const time = page.getByRole('button', { name: FREE_TIME }).first();
  await time.click();
  await expect(time).toHaveAttribute('aria-expanded', 'true');
  const court = page.getByRole('button', { name: / at \d\d:\d\d [AP]M$/, pressed: true });
  await expect(court).toBeVisible();
  return court;
}

/**
 * Shows the whole page at once, the screen as tall as the page, so every sticky bar rests where
 * it sits: stuck to the top or the foot of a shorter screen, a bar covers part of whichever row
 * passes beneath it, which axe reads as a target too small to tap. Pages with the chosen court's
 * bar are checked so; the answer puts the screen back.
 */
export async function wholePageInView(page: Page): Promise<() => Promise<void>> {
  const screen = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: screen.width, height: Math.max(height, screen.height) });
  /** Back to the screen as it was. */
  return () => page.setViewportSize(screen);
}
