import type { Page } from '@playwright/test';
import { messages } from '@portal/shared/messages';
import { apiCall, chooseCompanyViaApi, enterCompanyCode, expect, expectSignedInAs, rootCssVar, signInScreen, signInViaApi, signOutViaUi, storedUser, submitLogin, test } from '../support/fixtures.ts';

/** Counts full page loads of the main frame (the first goto included). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

async function homeLoaded(page: Page) {
  await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
}

test.describe('session', () => {
  test('a guest with the company chosen is a normal state: its pages log no error to the console', async ({ page, world }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Splash — Home' })).toBeVisible();
    // The signed-in pages offer the sign-in in place, having asked whether anyone is signed in.
    const [probe] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/customer/')), page.goto('/hub/company')]);
    await expect(signInScreen(page)).toBeVisible();
    expect(probe.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  test('A22: signing out calls POST /api/customer/logout and shows the sign-in at /hub/company', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/company');
    await homeLoaded(page);
    const [logout] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/logout')), signOutViaUi(page)]);
    expect(logout.method()).toBe('POST');
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(signInScreen(page)).toBeVisible();
    expect(await storedUser(page)).toBeNull();
    const protectedCall = await page.request.get('/api/home/get-upcoming-classes?page=1&limit=6');
    expect(protectedCall.status()).toBe(401);
  });

  test('A23: "Change Company" logs the company out, drops its branding and a new choice reloads get-config', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Splash — Home' })).toBeVisible();
    const splash600 = await rootCssVar(page, '--brand-600');
    // C1: the configuration is asked for again once a company is chosen, not before (it could only answer 401).
    const configCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/company/get-config') configCalls.push(r.url());
    });
    const [logout] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/company/logout')), page.getByRole('button', { name: 'Change Company' }).click()]);
    expect(logout.method()).toBe('POST');
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole('tab', { name: 'Company Code' })).toBeVisible();
    expect(await rootCssVar(page, '--brand-600')).not.toBe(splash600);
    await page.waitForTimeout(300);
    expect(configCalls).toEqual([]);

    await Promise.all([page.waitForRequest(apiCall('GET', '/api/company/get-config')), enterCompanyCode(page, world.company('THAMES').code)]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Thames Dance — Home' })).toBeVisible();
  });

  test('A22: on a phone, signing out from the sidebar calls POST /api/customer/logout and shows the sign-in @phone', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/company');
    await homeLoaded(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/logout')), page.getByRole('button', { name: 'Logout' }).click()]);
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(signInScreen(page)).toBeVisible();
    expect(await storedUser(page)).toBeNull();
    expect((await page.request.get('/api/home/get-upcoming-classes?page=1&limit=6')).status()).toBe(401);
  });

  test('A23: on a phone, "Change Company" in the sidebar logs the company out and offers the company choice @phone', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Splash — Home' })).toBeVisible();
    const splash600 = await rootCssVar(page, '--brand-600');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await Promise.all([page.waitForRequest(apiCall('POST', '/api/company/logout')), page.getByRole('button', { name: 'Change Company' }).click()]);
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole('tab', { name: 'Company Code' })).toBeVisible();
    expect(await rootCssVar(page, '--brand-600')).not.toBe(splash600);
  });

  test('on a phone the sign-in card sits over the header band, its top edge and heading in view @phone', async ({ page }) => {
    await page.goto('/hub');
    const heading = page.getByRole('heading', { name: 'Sign in' });
    await expect(heading).toBeVisible();
    // The card is drawn above the header it overlaps: what is at its top edge is the card, not the header.
    const onTop = await heading.evaluate((h) => {
      const card = h.parentElement!;
      const box = card.getBoundingClientRect();
      const at = document.elementFromPoint(box.left + box.width / 2, box.top + 4);
      return card.contains(at);
    });
    expect(onTop).toBe(true);
  });

  test('A24: the signed-in session survives a reload', async ({ page, world }) => {
    await page.goto('/hub');
    await submitLogin(page, world.email('dancer'));
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expectSignedInAs(page, 'Grace');
    await page.reload();
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expectSignedInAs(page, 'Grace');
    expect((await storedUser(page))?.FirstName).toBe('Grace');
  });

  test('A26: a 401 after the session ended server-side clears the user and reloads to the sign-in', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.clock.install();
    const loads = countDocumentLoads(page);
    await page.goto('/hub/company');
    await homeLoaded(page);
    await page.waitForLoadState('networkidle');
    // page.request shares the browser context's cookies: this ends the page's own session.
    expect((await page.request.post('/api/customer/logout')).ok()).toBe(true);
    // The next API call the page makes on its own is the bells' 60-second poll (a picture's <img>
    // may also answer 401, but it is not a call of the page's client and reloads nothing).
    const polled = (r: { url(): string; status(): number }) => /^\/api\/(notification|messages)$/.test(new URL(r.url()).pathname) && r.status() === 401;
    await Promise.all([page.waitForResponse(polled), page.clock.fastForward(60_000)]);
    await expect.poll(loads).toBe(2);
    await expect(signInScreen(page)).toBeVisible();
    await expect(page).toHaveURL(/\/hub\/company$/);
    expect(await storedUser(page)).toBeNull();
  });

  test('B16, A28: a browser whose sessions are gone (cookies cleared, or expired) gets the landing, not a page that reloads without end', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/company');
    await homeLoaded(page);
    expect((await storedUser(page))?.FirstName).toBe('Sarah');
    // The browser still remembers who was signed in; the server knows neither the company nor the customer.
    await page.context().clearCookies();
    const loads = countDocumentLoads(page);
    await page.goto('/hub/students');
    await expect(signInScreen(page)).toBeVisible();
    await expect(page).toHaveURL(/\/hub\?to=%2Fhub%2Fstudents$/);
    expect(await storedUser(page)).toBeNull();
    // Before, the landing sent the remembered customer back to the page, and the page back to the landing, without end.
    expect(loads()).toBe(1);
  });

  test('A29: /hub?customer_id loads that company by customer id and empties the cart', async ({ page, world }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem(
        'portal-cart',
        JSON.stringify({ state: { clientId: null, classItems: [{ ClassID: 1, StudentID: null, dates: [] }], bookingItems: [], invoices: [], ocrProfileId: null }, version: 0 }),
      );
    });
    const [request] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/company/login-by-customer-id')), page.goto(`/hub?customer_id=${world.company('ACE').customerId}`)]);
    expect(request.postDataJSON()).toEqual({ customer_id: world.company('ACE').customerId });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ace Tennis — Home' })).toBeVisible();
    await expect(page).toHaveURL(/\/hub$/);
    const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem('portal-cart') ?? '{}') as { state: { classItems: unknown[] } });
    expect(cart.state.classItems).toEqual([]);
  });

  test('a registration link naming no known company leaves no other company’s name or brand behind', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    await page.goto(`/ocr?id=${splash.customerId}&p=1`);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    const [refused] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/company/login-by-customer-id')), page.goto('/ocr?id=999999999&p=1')]);
    expect(refused.ok()).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
    await expect(page.getByText('Splash Swim School')).toHaveCount(0);
    // The family is told why it sees the general sign-in, not left to guess.
    await expect(page.getByRole('status')).toHaveText(messages.unknownLink);
    // Once a business is found, the note has gone with the link it was about.
    await enterCompanyCode(page, splash.code);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Splash — Home' })).toBeVisible();
    await expect(page.getByText(messages.unknownLink)).toHaveCount(0);
  });
});
