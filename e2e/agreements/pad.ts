import { expect, type Page } from '@playwright/test';

/** Draws a signature on the pad with the mouse: press, a wavy stroke across, release. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  expect(box, 'the signature pad is on the page').not.toBeNull();
  const { x, y, width, height } = box!;
  await page.mouse.move(x + width * 0.1, y + height * 0.55);
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    const t = i / 24;
    await page.mouse.move(x + width * (0.1 + 0.7 * t), y + height * (0.55 - 0.25 * Math.sin(t * Math.PI * 3)), { steps: 2 });
  }
  await page.mouse.up();
}
