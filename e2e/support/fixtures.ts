import { expect, test as base, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { CustomerUser } from '@portal/shared/api-types';

export const DEMO_PASSWORD = 'Portal#2026';
export const SESSION_STORAGE_KEY = 'portal-session';

/** Whether this project runs at phone width (the mobile project is 375 px wide). */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 640;
}

/**
 * Signs in through the API (the cookies land in the page's browser context), then stores the
 * user the way the portal does, so a test starts on a signed-in page without clicking through.
 */
export async function signInViaApi(page: Page, opts: { code: string; email: string; password?: string; clientIndex?: number }): Promise<CustomerUser> {
  const password = opts.password ?? DEMO_PASSWORD;
  const company = await page.request.post('/api/company/login-by-code', { data: { company_code: opts.code } });
  expect(company.ok(), await company.text()).toBe(true);
  const clients = await page.request.post('/api/customer/get-clients', { data: { email: opts.email, password } });
  expect(clients.ok(), await clients.text()).toBe(true);
  const list = (await clients.json()) as { clients: { ClientID: number }[] };
  const clientId = list.clients[opts.clientIndex ?? 0]?.ClientID;
  const login = await page.request.post('/api/customer/login', { data: { email: opts.email, password, client_id: clientId } });
  expect(login.ok(), await login.text()).toBe(true);
  const { user } = (await login.json()) as { user: CustomerUser };
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [SESSION_STORAGE_KEY, JSON.stringify({ state: { user }, version: 0 })] as const,
  );
  return user;
}

/** Chooses a company for a guest through the API. */
export async function chooseCompanyViaApi(page: Page, code: string): Promise<void> {
  const res = await page.request.post('/api/company/login-by-code', { data: { company_code: code } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base;
export { expect };
