import { expect, test, signInViaApi, type World } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * Issue 25 (5): no page of the portal scrolls sideways on a phone, and no box inside one hides
 * what it holds behind a sideways scroll or a clip (a table's columns, a tab strip). Each page is
 * read once it has loaded: the document is no wider than the screen, and every element that
 * clips or scrolls sideways shows all the text and controls it holds (text cut with an ellipsis,
 * decoration and a strip of choices meant to be swiped aside).
 */
async function overflows(page: Page): Promise<string[]> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-pulse, [role="status"]:has(svg.animate-spin)')).toHaveCount(0);
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${label}"`;
    };
    /** Text or a control that lies outside the box, left or right: what the box hides. */
    const hidden = (box: Element) => {
      const edge = box.getBoundingClientRect();
      return [...box.querySelectorAll('*')].some((el) => {
        const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        if (!ownText && !el.matches('button, a, input, select, textarea, img')) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > edge.right + 1 || r.left < edge.left - 1);
      });
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'svg', 'IMG', 'CANVAS'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || style.textOverflow === 'ellipsis') continue;
      // Text for screen readers only (sr-only: clipped to nothing) is not on the screen.
      if (style.position === 'absolute' && (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== ''))) continue;
      if (!['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) || el.clientWidth <= 1 || el.scrollWidth <= el.clientWidth + 1) continue;
      // A strip of choices that scrolls sideways (the booking days) shows each one on a swipe or a Tab.
      const strip = style.overflowX !== 'hidden' && style.overflowX !== 'clip' && el.children.length > 0 && [...el.children].every((c) => c.tagName === 'BUTTON');
      if (!strip && hidden(el)) found.push(`${name(el)}: ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return found;
  });
}

/** Every page's findings, so one run names all of them. */
async function expectAllFit(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const here = await overflows(page);
    if (here.length > 0) found[path] = here;
  }
  expect(found).toEqual({});
}

test.describe('a phone never scrolls sideways @phone', () => {
  test('signed out: the landing, registration, guest booking and reset pages', async ({ page, world }) => {
    const code = world.company('SPLASH').code;
    await expectAllFit(page, ['/hub', `/ocr?company=${code}`, `/ob?company=${code}`, '/reset-password?token=expired']);
  });

  test('every page of a signed-in parent', async ({ page, world }) => {
    test.setTimeout(120_000);
    await signIn(page, world);
    await expectAllFit(page, [
      '/hub/company',
      '/hub/students',
      '/hub/students/new',
      '/hub/classes',
      '/hub/classes/view-enrollments',
      '/hub/classes/makeups',
      '/hub/classes/notify-absences',
      '/hub/financials-main-page',
      '/hub/financials/invoices-and-receipts',
      '/hub/financials/INV-10239',
      '/hub/financials/INV-10233',
      '/hub/financials/balance-history',
      '/hub/financials/upcoming-payments',
      '/hub/bookings/view',
      '/hub/bookings/add',
      '/hub/notifications',
      '/hub/notification-configuration',
      '/hub/messages',
      '/hub/settings-main-page',
      '/hub/settings/my-details',
      '/hub/settings/security',
      '/hub/settings/billing',
      '/hub/settings/agreements',
      '/hub/contact-us',
      '/hub/barcodes',
      '/hub/checkout',
    ]);
    await page.goto('/hub/students');
    await page.locator('main a[href^="/hub/students/"]:not([href$="/new"])').first().click();
    await expect(page).toHaveURL(/\/hub\/students\/\d+/);
    expect(await overflows(page), 'a student').toEqual([]);
  });
});

test.describe('the narrowest phones (320 px) @phone', () => {
  test('the top bar gives the logo what room is left, so no page scrolls sideways', async ({ page, world }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, world);
    await expectAllFit(page, ['/hub/company', '/hub/students', '/hub/financials/invoices-and-receipts', '/hub/barcodes']);
    // The menu, the bells and the cart stay whole.
    for (const name of ['Open menu', /^Notifications/, /^Messages/, /^Cart/]) {
      const box = (await page.getByRole('banner').getByRole('button', { name }).or(page.getByRole('banner').getByRole('link', { name })).first().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
  });
});

/** Billing's card form on a 320 px phone. */
async function openCardForm(page: Page, world: World) {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, world);
  await page.goto('/hub/settings/billing');
  await page
    .getByRole('button', { name: /^(Update|Add) card$/ })
    .first()
    .click();
}

test.describe('the card form on the narrowest phones (320 px) @phone', () => {
  test('the expiry and security code boxes stay level when the expiry label takes two lines', async ({ page, world }) => {
    await openCardForm(page, world);
    const expiry = page.getByLabel('Expiry (MM/YYYY)');
    const label = (await page.locator('label', { hasText: 'Expiry (MM/YYYY)' }).boundingBox())!;
    // The label wraps at this width (the case that once left the boxes at two heights).
    expect(label.height).toBeGreaterThan(30);
    const [a, b] = [(await expiry.boundingBox())!, (await page.getByLabel('Security code').boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(1);
  });

  test('a whole card number shows beside its brand, none of it scrolled out of sight', async ({ page, world }) => {
    await openCardForm(page, world);
    const number = page.getByLabel('Card number');
    // Visa, and the longest brand name said in full.
    for (const [typed, brand] of [
      ['4242424242424242', 'Visa'],
      ['5555555555554444', 'Mastercard'],
    ] as const) {
      await number.fill('');
      await number.pressSequentially(typed);
      await expect(page.getByText(brand, { exact: true })).toBeVisible();
      await number.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 0));
      expect(await number.evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth), `${brand}: the number's last digits hidden`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('home on a phone in a company’s own font @phone', () => {
  test('Ace’s wide font keeps each of the home tabs on one line at 375 px, and tabs and small buttons are a finger’s 40 px', async ({ page, world }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company');
    const tabs = page.getByRole('tablist', { name: 'Your classes and invoices' }).getByRole('tab');
    await expect(tabs).toHaveCount(2);
    const [classes, invoices] = [(await tabs.nth(0).boundingBox())!, (await tabs.nth(1).boundingBox())!];
    // One line each: the two as tall as each other (a wrapped "Upcoming Classes" was twice the other's height).
    expect(classes.height).toBe(invoices.height);
    expect(classes.height).toBeLessThan(44);
    // And each a finger's target (they were 36 px), as the notifications' filters (32 px) and a small button (36 px).
    expect(classes.height).toBeGreaterThanOrEqual(40);
    await page.goto('/hub/notifications');
    for (const tab of await page.getByRole('tab').all()) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await page.goto('/hub/financials/ACE-5031');
    expect((await page.getByRole('link', { name: 'Download PDF' }).boundingBox())!.height).toBeGreaterThanOrEqual(40);
  });
});

async function signIn(page: Page, world: World) {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
}

test.describe('a phone with its text set twice as large @phone', () => {
  test('the browser’s default font at 32 px: the top bar keeps its controls on the screen and no page scrolls sideways', async ({ page, world }) => {
    // As a browser's "very large" text setting does: rem and em (the breakpoints too) grow with it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await expectAllFit(page, ['/hub']);
    await signIn(page, world);
    await expectAllFit(page, ['/hub/company', '/hub/students', '/hub/notifications', '/hub/messages', '/hub/financials/invoices-and-receipts', '/hub/bookings/view']);
    for (const name of ['Open menu', /^Notifications/, /^Messages/, /^Cart/]) {
      const box = (await page.getByRole('banner').getByRole('button', { name }).or(page.getByRole('banner').getByRole('link', { name })).first().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  });
});
