import type { Page } from '@playwright/test';
import { expect, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

const CARDS = [
  { holder: 'Sarah Mitchell', code: 'SPL-FAM-1001', kind: 'QR code', label: 'Family account · QR code' },
  { holder: 'Ella Mitchell', code: 'SPL1001-48213', kind: 'Code 128', label: 'Entry card · Code 128' },
  { holder: 'Noah Mitchell', code: 'SPL1001-48214', kind: 'Code 128', label: 'Entry card · Code 128' },
];

/** Every card: its holder, what it is, an image of scanning size, and the value in text. */
async function expectCards(page: Page, minStripWidth: number) {
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading')).toHaveText(CARDS.map((c) => c.holder));
  for (const [i, card] of CARDS.entries()) {
    const article = cards.nth(i);
    await expect(article.getByText(card.label, { exact: true })).toBeVisible();
    await expect(article.getByText(card.code, { exact: true })).toBeVisible();
    const image = article.getByRole('img', { name: `${card.kind} for ${card.holder}: ${card.code}` });
    await expect(image.locator('svg')).toHaveCount(1);
    const box = (await image.boundingBox())!;
    if (card.kind === 'QR code') {
      expect(box.width).toBeGreaterThanOrEqual(200);
      expect(Math.abs(box.width - box.height)).toBeLessThan(2);
    } else {
      expect(box.width).toBeGreaterThanOrEqual(minStripWidth);
      expect(box.height).toBeGreaterThanOrEqual(80);
    }
  }
}

test.describe('barcodes', () => {
  test('Q1–Q3: the account menu leads to every card of the family, each drawn at scanning size; Larger fills the dialog', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Barcodes' }).click();
    await expect(page).toHaveURL(/\/hub\/barcodes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Barcodes' })).toBeVisible();
    await expectCards(page, 240);

    await page.getByRole('button', { name: 'Show larger: Ella Mitchell' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ella Mitchell' });
    await expect(dialog.getByText('SPL1001-48213', { exact: true })).toBeVisible();
    expect((await dialog.getByRole('img', { name: 'Code 128 for Ella Mitchell: SPL1001-48213' }).boundingBox())!.width).toBeGreaterThanOrEqual(500);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Q1, Q2: a customer without barcodes has no Barcodes entry, and /hub/barcodes sends them home', async ({ page, world }) => {
    const user = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 1 });
    expect(user.total_barcodes).toBe(0);
    await page.goto('/hub/company');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'My Details' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Barcodes' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/hub/barcodes');
    await expect(page).toHaveURL(/\/hub\/company$/);
  });

  test('Q2, Q3: on a phone the sidebar leads to the cards, one under the other, as wide as the screen allows @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const sidebar = await openUserMenu(page);
    await sidebar.getByRole('link', { name: 'Barcodes' }).click();
    await expect(page).toHaveURL(/\/hub\/barcodes$/);
    await expectCards(page, 260);
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await page.getByRole('article').nth(i).boundingBox())!));
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
