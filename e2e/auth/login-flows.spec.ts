import type { Page } from '@playwright/test';
import { apiCall, chooseCompanyViaApi, DEMO_PASSWORD, expect, expectSignedInAs, openLoginModal, signInScreen, submitLogin, test } from '../support/fixtures.ts';

/**
 * The intro is its own lazy chunk, asked for as soon as the page decides to show it: on a drawn
 * page that never fetched the chunk, the intro is not there and cannot come later.
 */
async function expectNoIntro(page: Page) {
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => /\/intro-carousel-[^/]+\.js$/.test(name)),
  );
  expect(fetched).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
}

test.describe('customer login', () => {
  test('A11, A12/A13: the login form’s own checks, then two accounts ask "Select Account"', async ({ page, world }) => {
    await page.goto('/hub');

    await test.step('A11: the login form explains a missing or malformed e-mail and a missing password', async () => {
      const email = page.getByLabel('Email', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      await email.focus();
      await email.blur();
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
      await email.fill('a@b');
      await email.blur();
      await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
      await password.focus();
      await password.blur();
      await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
      await email.fill('a@b.io');
      await expect(page.getByText('Invalid email address', { exact: true })).toHaveCount(0);
    });

    await test.step('A12/A13: two accounts ask "Select Account"; the login carries the chosen client_id', async () => {
      const [clientsAnswer] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/get-clients')), submitLogin(page, world.email('family'))]);
      const { clients } = (await clientsAnswer.json()) as { clients: { ClientID: number; FirstName: string; LastName: string }[] };
      expect(clients).toHaveLength(2);
      const dialog = page.getByRole('dialog', { name: 'Select Account' });
      await expect(dialog.getByRole('button', { name: /James Carter/ })).toBeVisible();
      const olivia = clients.find((c) => c.FirstName === 'Olivia')!;
      const [login] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/login')), dialog.getByRole('button', { name: /Olivia Carter/ }).click()]);
      expect(login.postDataJSON()).toMatchObject({ email: world.email('family'), password: DEMO_PASSWORD, client_id: olivia.ClientID });
      await expect(page).toHaveURL(/\/hub\/company$/);
      await expectSignedInAs(page, 'Olivia');
      // Home opens at its top: the greeting is not under the sticky header.
      await expect(page.getByRole('heading', { level: 1, name: 'Hi Olivia' })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  test('A18/A19, A17: a wrong password on the sign-in screen, then a login that goes to the `to` target', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);

    await test.step('A18/A19: "Invalid credentials" stays on screen (still there after 10 s)', async () => {
      await page.clock.install();
      await page.goto('/hub/company');
      await expect(signInScreen(page)).toBeVisible();
      await submitLogin(page, world.email('parent'), 'Wrong#Password1');
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText('Invalid credentials');
      await page.clock.fastForward(10_000);
      await expect(alert).toHaveText('Invalid credentials');
      await expect(page).toHaveURL(/\/hub\/company$/);
    });

    // Last: it signs in.
    await test.step('A17: without actions the login goes to the `to` target', async () => {
      await page.goto('/hub?to=%2Fhub%2Fstudents');
      const dialog = await openLoginModal(page);
      await submitLogin(dialog, world.email('parent'));
      await expect(page).toHaveURL(/\/hub\/students$/);
      await expect(page.getByRole('heading', { name: 'Swimmers' })).toBeVisible();
    });
  });

  test('A16: a customer with pending sign-in actions is sent to /hub/sign-in-actions', async ({ page, world }) => {
    // The home page's calls are refused while actions are queued: the hub does not make them meanwhile.
    const homeCalls: string[] = [];
    const refused: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/home/')) homeCalls.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto('/hub');
    const [answer] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/customer/login')), submitLogin(page, world.email('new'))]);
    expect(((await answer.json()) as { actions: unknown[] }).actions.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
    await expect(page.getByRole('heading', { name: 'Before you continue', level: 1 })).toBeVisible();
    // Opened afresh, the page waits for the queue before it draws (and asks for) anything else.
    await page.goto('/hub/company');
    await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);
    await expect(page.getByRole('heading', { name: 'Before you continue', level: 1 })).toBeVisible();
    expect(homeCalls).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('A15: ?server_redirect is forwarded in the login body', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.goto('/hub?server_redirect=%2Fhub%2Fclasses');
    const dialog = await openLoginModal(page);
    const [login] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/login')), submitLogin(dialog, world.email('parent'))]);
    expect(login.postDataJSON()).toMatchObject({ email: world.email('parent'), server_redirect: '/hub/classes' });
  });

  test('A31: ?client_id pre-selects the account (no "Select Account") and suppresses the intro', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    const list = await page.request.post('/api/customer/get-clients', { data: { email: world.email('family'), password: DEMO_PASSWORD } });
    const olivia = ((await list.json()) as { clients: { ClientID: number; FirstName: string }[] }).clients.find((c) => c.FirstName === 'Olivia')!;
    await page.goto(`/hub?client_id=${olivia.ClientID}&intro=1`);
    await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
    await expectNoIntro(page);
    const dialog = await openLoginModal(page);
    const [login] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/customer/login')), submitLogin(dialog, world.email('family'))]);
    expect(login.postDataJSON()).toMatchObject({ client_id: olivia.ClientID });
    await expect(page.getByRole('dialog', { name: 'Select Account' })).toHaveCount(0);
    await expectSignedInAs(page, 'Olivia');
  });
});
