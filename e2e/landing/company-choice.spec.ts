import type { Request } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, enterCompanyCode, expect, rootCssVar, submitLogin, test } from '../support/fixtures.ts';

test.describe('company landing (no company chosen yet)', () => {
  test('A1–A3, A9, A4, A5/A18/A20, A5: both ways in, their errors, then a valid code and its branding', async ({ page, world }) => {
    // One page for every step before a company is chosen: none of them signs in.
    test.slow();
    // A18 moves the page's clock by hand; installed before the first load, it runs as usual until then.
    await page.clock.install();

    await test.step('A1–A3: "/" goes to /hub, which offers both ways in with the caption', async () => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/hub$/);
      await expect(page.getByRole('tab', { name: 'Email Login' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Company Code' })).toBeVisible();
      await expect(page.getByText('Login via email or search for a company', { exact: true })).toBeVisible();
      // From the tabs, Tab goes to the form's first box, not to the panel around it (a stop with nothing to see).
      await page.getByRole('tab', { name: 'Email Login' }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    });

    await test.step('A9: no company for those details shows the server message in the error box', async () => {
      const [answer] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/company/get-by-email')), submitLogin(page, 'nobody-here@example.com')]);
      expect(answer.ok()).toBe(false);
      const { message } = (await answer.json()) as { message: string };
      expect(message).toBeTruthy();
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page).toHaveURL(/\/hub$/);
    });

    await test.step('A4: an empty company code says "Company Code is required" and sends nothing', async () => {
      const calls: string[] = [];
      const count = (r: Request) => r.url().includes('/api/company/login-by-code') && calls.push(r.url());
      page.on('request', count);
      await page.getByRole('tab', { name: 'Company Code' }).click();
      await page.getByRole('button', { name: 'Find company' }).click();
      await expect(page.getByText('Company Code is required', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Company Code' })).toHaveAttribute('aria-invalid', 'true');
      expect(calls).toEqual([]);
      page.off('request', count);
    });

    await test.step('A5/A18/A20: an unknown code shows the server message, which hides itself after 5 s', async () => {
      // From here only the test moves the clock: on a busy machine real seconds would pass too.
      await page.clock.pauseAt(Date.now() + 60_000);
      const [answer] = await Promise.all([page.waitForResponse(apiCall('POST', '/api/company/login-by-code')), enterCompanyCode(page, 'NOPE')]);
      expect(answer.status()).toBe(404);
      const { message } = (await answer.json()) as { message: string };
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(message);
      await page.clock.fastForward(4_000);
      await expect(alert).toHaveText(message);
      await page.clock.fastForward(1_500);
      await expect(alert).toBeHidden();
      await page.clock.resume();
    });

    await test.step('A5: a valid code posts {company_code}, then loads get-config and the company branding', async () => {
      const order: string[] = [];
      page.on('request', (r) => r.url().includes('/api/') && order.push(`${r.method()} ${new URL(r.url()).pathname}`));
      const [codeRequest, configResponse] = await Promise.all([
        page.waitForRequest(apiCall('POST', '/api/company/login-by-code')),
        page.waitForResponse((r) => apiCall('GET', '/api/company/get-config')(r) && r.ok()),
        enterCompanyCode(page, world.company('SPLASH').code),
      ]);
      expect(codeRequest.postDataJSON()).toEqual({ company_code: world.company('SPLASH').code });
      expect(order.lastIndexOf('GET /api/company/get-config')).toBeGreaterThan(order.indexOf('POST /api/company/login-by-code'));
      const config = (await configResponse.json()) as { colors: Record<string, string> };

      // The guest now sees Splash's landing: its logo in the top bar and its colours.
      const brand = page.getByRole('banner').getByRole('link', { name: 'Splash — Home' });
      await expect(brand.locator('img')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
      expect((await rootCssVar(page, '--brand-600')).toLowerCase()).toBe(config.colors['600']!.toLowerCase());
    });
  });

  test('A6/A7/A10: e-mail login for two companies asks "Select Company" and opens the chosen one', async ({ page, world }) => {
    await page.goto('/hub');
    const [byEmail, answer] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/api/company/get-by-email')),
      page.waitForResponse(apiCall('POST', '/api/company/get-by-email')),
      submitLogin(page, world.email('parent')),
    ]);
    expect(byEmail.postDataJSON()).toEqual({ email: world.email('parent'), password: DEMO_PASSWORD });
    const { companies } = (await answer.json()) as { companies: { CustomerID: number; TradingName: string; Application: string }[] };
    expect(companies.map((c) => c.TradingName).sort()).toEqual(['Ace Tennis Academy', 'Splash Swim School']);
    for (const c of companies) expect(Object.keys(c).sort()).toEqual(['Application', 'CustomerID', 'TradingName']);

    const dialog = page.getByRole('dialog', { name: 'Select Company' });
    await expect(dialog.getByRole('button', { name: /Splash Swim School/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Ace Tennis Academy/ })).toBeVisible();
    const ace = companies.find((c) => c.TradingName === 'Ace Tennis Academy')!;
    const [companyLogin] = await Promise.all([page.waitForRequest(apiCall('POST', '/api/company/login')), dialog.getByRole('button', { name: /Ace Tennis Academy/ }).click()]);
    expect(companyLogin.postDataJSON()).toEqual({ company: { CustomerID: ace.CustomerID, Product: ace.Application } });
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ace Tennis — Home' })).toHaveText('Ace Tennis');
  });

  test('A8: e-mail login for one company picks it without asking', async ({ page, world }) => {
    const companyLogins: Request[] = [];
    page.on('request', (r) => apiCall('POST', '/api/company/login')(r) && companyLogins.push(r));
    await page.goto('/hub');
    await submitLogin(page, world.email('dancer'));
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Thames Dance — Home' })).toBeVisible();
    expect(companyLogins.map((r) => r.postDataJSON())).toEqual([{ company: { CustomerID: world.company('THAMES').customerId, Product: 'CustomerHub' } }]);
    await expect(page.getByRole('dialog', { name: 'Select Company' })).toHaveCount(0);
  });
});
