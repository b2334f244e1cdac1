import type { Page } from '@playwright/test';
import { chooseCompanyViaApi, editJson, expect, isMobile, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

/** The main tabs: the desktop "Main" nav, or the first list of the phone sidebar. */
async function mainTabs(page: Page) {
  if (!isMobile(page)) return page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const sidebar = await openUserMenu(page);
  return sidebar.getByRole('navigation', { name: 'Menu' }).getByRole('list').first().getByRole('link');
}

test.describe('top bar', () => {
  test('B1: a company with a logo shows the image; one without shows AlternateCompanyName', async ({ page }) => {
    await chooseCompanyViaApi(page, 'SPLASH');
    await page.goto('/hub');
    const splash = page.getByRole('banner').getByRole('link', { name: 'Splash — Home' });
    await expect(splash.locator('img')).toBeVisible();
    await expect(splash).toHaveText('');

    await chooseCompanyViaApi(page, 'ACE');
    await page.goto('/hub');
    const ace = page.getByRole('banner').getByRole('link', { name: 'Ace Tennis — Home' });
    await expect(ace).toHaveText('Ace Tennis');
    await expect(ace.locator('img')).toHaveCount(0);
  });

  test('B2–B4: tabs follow StudentTerm and the Financials / Bookings switches', async ({ page }) => {
    const barcodes = isMobile(page) ? ['Barcodes'] : [];
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Swimmers', 'Classes', 'Financials', 'Bookings', ...barcodes]);
  });

  test('B2–B4: THAMES has no Bookings tab and says "Dancers"', async ({ page }) => {
    await signInViaApi(page, { code: 'THAMES', email: 'dancer@example.com' });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Dancers', 'Classes', 'Financials']);
  });

  test('B2–B4: switches off and no StudentTerm → no Financials / Bookings, "Students"', async ({ page }) => {
    await editJson<Record<string, unknown>>(page, '**/api/company/get-config', ({ StudentTerm: _term, ...config }) => ({
      ...config,
      ShowFinancialsTab: false,
      ShowBookingsTab: false,
    }));
    await signInViaApi(page, { code: 'ACE', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Students', 'Classes']);
  });

  test('B5/B6: SPLASH shows the notifications and the messages bell', async ({ page }) => {
    const banner = page.getByRole('banner');
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await expect(banner.locator('[aria-label^="Notifications"]')).toBeVisible();
    await expect(banner.locator('[aria-label^="Messages"]')).toBeVisible();
  });

  test('B6: ACE (EnableMessages off) has the notifications bell only', async ({ page }) => {
    const banner = page.getByRole('banner');
    await signInViaApi(page, { code: 'ACE', email: 'parent@example.com' });
    await page.goto('/hub/company');
    await expect(banner.getByRole('link', { name: 'Ace Tennis — Home' })).toBeVisible();
    await expect(banner.locator('[aria-label^="Notifications"]')).toBeVisible();
    await expect(banner.locator('[aria-label^="Messages"]')).toHaveCount(0);
  });

  test('B8: the bell badge caps at "99+" from 100 unread and shows 99 as "99"', async ({ page }) => {
    let unread = 100;
    await editJson<Record<string, unknown>>(page, /\/api\/notification\?/, (body) => ({ ...body, total_count_new: unread }));
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.goto('/hub/company');
    const bell = page.getByRole('banner').locator('[aria-label^="Notifications"]');
    await expect(bell).toHaveText('99+');
    unread = 99;
    await page.reload();
    await expect(bell).toHaveText('99');
  });

  test('B9: the cart button counts class and booking items and opens /hub/checkout', async ({ page }) => {
    const user = await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.addInitScript((clientId) => {
      const state = {
        clientId,
        classItems: [
          { ClassID: 1, StudentID: null, dates: [] },
          { ClassID: 2, StudentID: null, dates: [] },
        ],
        bookingItems: [{ date: '2030-01-01', time: '10:00', court: 'Lane 1' }],
        invoices: [],
        ocrProfileId: null,
      };
      if (!window.localStorage.getItem('portal-cart')) window.localStorage.setItem('portal-cart', JSON.stringify({ state, version: 0 }));
    }, user.ClientID);
    await page.goto('/hub/company');
    const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' });
    await expect(cart).toHaveText('3');
    await cart.click();
    await expect(page).toHaveURL(/\/hub\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  });
});
