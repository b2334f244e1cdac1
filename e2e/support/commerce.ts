import { expect, type Page } from '@playwright/test';

/** The simulated gateway's test cards (decision 024). */
export const TEST_CARDS = { ok: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

/** Fills the payment page's card form (the expiry's slash is typed by the page). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Sarah Mitchell');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('122030');
  await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
  await page.getByLabel('Security code').fill('123');
}
