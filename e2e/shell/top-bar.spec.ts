import type { Page } from '@playwright/test';
import { chooseCompanyViaApi, expect, isMobile, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

/** The main tabs: the desktop "Main" nav, or the first list of the phone sidebar. */
async function mainTabs(page: Page) {
  if (!isMobile(page)) return page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const sidebar = await openUserMenu(page);
  return sidebar.getByRole('navigation', { name: 'Menu' }).getByRole('list').first().getByRole('link');
}

test.describe('top bar', () => {
  test('B1: a company with a logo shows the image; one without shows AlternateCompanyName', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    const splash = page.getByRole('banner').getByRole('link', { name: 'Splash — Home' });
    await expect(splash.locator('img')).toBeVisible();
    await expect(splash).toHaveText('');

    await chooseCompanyViaApi(page, world.company('ACE').code);
    await page.goto('/hub');
    const ace = page.getByRole('banner').getByRole('link', { name: 'Ace Tennis — Home' });
    await expect(ace).toHaveText('Ace Tennis');
    await expect(ace.locator('img')).toHaveCount(0);
  });

  test('B2–B4: tabs follow StudentTerm and the Financials / Bookings switches', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Swimmers', 'Classes', 'Financials', 'Bookings']);
  });

  test('B2–B4: on a phone the sidebar lists the same tabs and Barcodes @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Swimmers', 'Classes', 'Financials', 'Bookings', 'Barcodes']);
  });

  test('B2–B4: THAMES has no Bookings tab and says "Dancers"', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('THAMES').code, email: world.email('dancer') });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Dancers', 'Classes', 'Financials']);
  });

  test('B2–B4: switches off and no StudentTerm → no Financials / Bookings, "Students"', async ({ page, ownWorld }) => {
    const world = await ownWorld(['ACE'], (_, bundle) => {
      delete bundle.company.config.StudentTerm;
      Object.assign(bundle.company.config.switches as object, { ShowFinancialsTab: false, ShowBookingsTab: false });
    });
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Students', 'Classes']);
  });

  test('B5/B6: SPLASH shows the notifications and the messages bell', async ({ page, world }) => {
    const banner = page.getByRole('banner');
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(banner.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Messages/ })).toBeVisible();
  });

  test('B6: ACE (EnableMessages off) has the notifications bell only', async ({ page, world }) => {
    const banner = page.getByRole('banner');
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(banner.getByRole('link', { name: 'Ace Tennis — Home' })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Messages/ })).toHaveCount(0);
  });

  test('B9: the cart button counts class and booking items and opens /hub/checkout', async ({ page, world }) => {
    const user = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
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
