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

  test('B2–B4: THAMES has no Bookings tab and says "Dancers"', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('THAMES').code, email: world.email('dancer') });
    await page.goto('/hub/company');
    await expect(await mainTabs(page)).toHaveText(['Home', 'Dancers', 'Classes', 'Financials']);
    // No classes taken online and no courts: nothing could go in a cart, so none is offered, nor its page.
    await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await page.goto('/hub/checkout');
    await expect(page).toHaveURL('/hub/company');
    // Nor do its pages speak of bookings.
    await page.goto('/hub/contact-us');
    await expect(page.getByText('Questions about lessons or your account? Write to Thames Dance Studio.')).toBeVisible();
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

  test('B6: ACE (EnableMessages off) has the notifications bell only', async ({ page, world }) => {
    const banner = page.getByRole('banner');
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company');
    await expect(banner.getByRole('link', { name: 'Ace Tennis — Home' })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Messages/ })).toHaveCount(0);
  });
});

/**
 * Where the cart icon stood in each frame from the first one that drew it until the bells, the
 * account menu and the company's font were all in: a list of its left edges, in order.
 */
async function cartPositionsWhileTheBarFills(page: Page, bells: number): Promise<number[]> {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { cartPositions: number[] }).cartPositions = seen;
    const frame = () => {
      const cart = document.querySelector('header a[aria-label^="Cart"]');
      if (cart) {
        const x = Math.round(cart.getBoundingClientRect().x);
        if (seen.at(-1) !== x) seen.push(x);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto('/hub/company');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole(isMobile(page) ? 'link' : 'button', { name: /^(Notifications|Messages)/ })).toHaveCount(bells);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { cartPositions: number[] }).cartPositions);
}

test.describe('the cart icon holds its place while the top bar fills', () => {
  // ACE draws in its own font (Montserrat) with one bell; SPLASH in Inter with two.
  for (const { company, bells } of [
    { company: 'ACE', bells: 1 },
    { company: 'SPLASH', bells: 2 },
  ] as const) {
    for (const tag of ['', ' @phone']) {
      test(`${company}: the cart does not move from the first frame that draws it${tag}`, async ({ page, world }) => {
        await signInViaApi(page, { code: world.company(company).code, email: world.email('parent') });
        expect(await cartPositionsWhileTheBarFills(page, bells)).toHaveLength(1);
      });
    }
  }
});

test.describe('top bar, menus and routes of a signed-in SPLASH parent', () => {
  test('B2–B4, B5/B6, B10, B14, B9: the tabs, both bells, the account menu, phone-only pages and the cart', async ({ page, world }) => {
    // One page for every check on SPLASH's parent: the steps only read.
    test.slow();
    const user = await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    // B9's cart, in place before the first load (the cart store reads local storage once, at start).
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

    await test.step('B2–B4: tabs follow StudentTerm and the Financials / Bookings switches', async () => {
      await expect(await mainTabs(page)).toHaveText(['Home', 'Swimmers', 'Classes', 'Financials', 'Bookings']);
    });

    await test.step('B5/B6: SPLASH shows the notifications and the messages bell', async () => {
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      await expect(banner.getByRole('button', { name: /^Messages/ })).toBeVisible();
    });

    await test.step('B10: the desktop "Account Settings" menu lists the settings links and "Sign Out"', async () => {
      const menu = await openUserMenu(page);
      await expect(menu.getByText('Account Settings', { exact: true })).toBeVisible();
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items.filter((t) => ['My Details', 'Login & Security', 'Billing', 'Agreements', 'Sign Out'].includes(t))).toEqual(['My Details', 'Login & Security', 'Billing', 'Agreements', 'Sign Out']);
      await menu.getByRole('menuitem', { name: 'Login & Security' }).click();
      await expect(page).toHaveURL(/\/hub\/settings\/security$/);
    });

    await test.step('B14: phone-only pages send a desktop screen to /hub/company', async () => {
      for (const path of ['/hub/financials-main-page', '/hub/settings-main-page', '/hub/contact-us/mobile-form']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/hub\/company$/);
      }
    });

    await test.step('B9: the cart button counts class and booking items and opens /hub/checkout', async () => {
      const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' });
      await expect(cart).toHaveText('3');
      await cart.click();
      await expect(page).toHaveURL(/\/hub\/checkout$/);
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    });
  });

  test('B2–B4, B12, B14/B38: on a phone the sidebar’s tabs and Barcodes, its greeting and links, and the Financials menu page @phone', async ({ page, world }) => {
    test.slow();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company');

    await test.step('B2–B4: on a phone the sidebar lists the same tabs and Barcodes', async () => {
      await expect(await mainTabs(page)).toHaveText(['Home', 'Swimmers', 'Classes', 'Financials', 'Bookings', 'Barcodes']);
      const sidebar = page.getByRole('dialog');
      await sidebar.getByRole('button', { name: 'Close menu' }).click();
      await expect(sidebar).toBeHidden();
    });

    await test.step('B12: the phone sidebar greets a signed-in customer and offers Logout', async () => {
      const sidebar = await openUserMenu(page);
      await expect(sidebar.getByText('Hi Sarah', { exact: true })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Account Settings' })).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Change Company' })).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
      await sidebar.getByRole('link', { name: 'Account Settings' }).click();
      await expect(page).toHaveURL(/\/hub\/settings-main-page$/);
      await expect(page.getByRole('navigation', { name: 'Account Settings' }).getByRole('link')).toHaveText(['My Details', 'Login & Security', 'Billing', 'Agreements', 'Barcodes']);
    });

    await test.step('B14/B38: on a phone the Financials menu page lists its sub-pages', async () => {
      await page.goto('/hub/financials-main-page');
      const menu = page.getByRole('navigation', { name: 'Financials' });
      await expect(menu.getByRole('link')).toHaveText(['Invoices & Receipts', 'Balance History', 'Upcoming Payments']);
      await menu.getByRole('link', { name: 'Balance History' }).click();
      await expect(page).toHaveURL(/\/hub\/financials\/balance-history$/);
    });
  });
});
