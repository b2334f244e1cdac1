import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the focus with the Tab key alone until `target` has it, as a keyboard user would; fails
 * when it is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${max} presses`).toBeFocused();
}
