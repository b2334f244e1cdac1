import { devices, expect, request as apiRequest, test as base, type Cookie, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-bundles.ts';
import { registrationCode } from './mail.ts';
import { signaturePngDataUrl } from './signature.ts';
import { closeDatabase, importWorld, type DemoCompany, type World } from './world.ts';

export type { World } from './world.ts';
export { DEMO_PASSWORD };
export const SESSION_STORAGE_KEY = 'portal-session';

/** Whether this test runs at phone width (the @phone specs run 375 px wide). */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 640;
}

interface SignedIn {
  cookies: Cookie[];
  user: CustomerUser;
}
/** Sign-ins made by this worker, reused by every test that only reads (storage state per worker). */
const signedIn = new Map<string, Promise<SignedIn>>();

async function signInThroughApi(baseURL: string, opts: { code: string; email: string; password: string; clientIndex?: number }): Promise<SignedIn> {
  const ctx = await apiRequest.newContext({ baseURL });
  try {
    const company = await ctx.post('/api/company/login-by-code', { data: { company_code: opts.code } });
    expect(company.ok(), await company.text()).toBe(true);
    const clients = await ctx.post('/api/customer/get-clients', { data: { email: opts.email, password: opts.password } });
    expect(clients.ok(), await clients.text()).toBe(true);
    const list = (await clients.json()) as { clients: { ClientID: number }[] };
    const clientId = list.clients[opts.clientIndex ?? 0]?.ClientID;
    const login = await ctx.post('/api/customer/login', { data: { email: opts.email, password: opts.password, client_id: clientId } });
    expect(login.ok(), await login.text()).toBe(true);
    const { user } = (await login.json()) as { user: CustomerUser };
    return { cookies: (await ctx.storageState()).cookies, user };
  } finally {
    await ctx.dispose();
  }
}

/**
 * Starts the page signed in: the session cookies and the stored user the portal keeps, so a test
 * starts on a signed-in page without clicking through. Sign-ins are made once per worker and
 * shared by the tests that only read; `fresh: true` gives a session of the test's own, for a test
 * that signs out or otherwise ends it.
 */
export async function signInViaApi(page: Page, opts: { code: string; email: string; password?: string; clientIndex?: number; fresh?: boolean }): Promise<CustomerUser> {
  const baseURL = test.info().project.use.baseURL as string;
  const args = { ...opts, password: opts.password ?? DEMO_PASSWORD };
  const key = JSON.stringify([args.code, args.email, args.password, args.clientIndex ?? 0]);
  let session: Promise<SignedIn>;
  if (opts.fresh) session = signInThroughApi(baseURL, args);
  else {
    session = signedIn.get(key) ?? signInThroughApi(baseURL, args);
    signedIn.set(key, session);
    session.catch(() => signedIn.delete(key));
  }
  const { cookies, user } = await session;
  await page.context().addCookies(cookies);
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

/** The WCAG 2.x A and AA rules (2.2's target size included): what accessibility 100 means to us, without the slower best-practice set. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The minified axe-core that @axe-core/playwright itself runs. AxeBuilder injects the 1.3 MB
 * unminified build two or three times per check and finishes each run in a new blank page (a
 * renderer process of its own); the portal has no frames, so one `axe.run` in the page is the
 * same check at a third of the cost.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Modals and menus fade in; a half-faded panel would read as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Injected once per document: client navigation keeps it for the next page's check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Only violations are reported: axe then builds no selectors for the passing nodes.
  const violations = await page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return results.violations.map(({ id, help, impact, nodes }) => ({ id, help, impact, nodes: nodes.map((n) => ({ target: n.target })) }));
  }, AXE_TAGS);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Whether a request is `method path` whose query holds exactly these parameters. */
export function isApiCall(request: Request, path: string, query?: Record<string, string>, method = 'GET'): boolean {
  if (request.method() !== method) return false;
  const url = new URL(request.url());
  if (url.pathname !== path) return false;
  if (!query) return true;
  const actual = Object.fromEntries(url.searchParams);
  return JSON.stringify(Object.entries(actual).sort()) === JSON.stringify(Object.entries(query).sort());
}

/** The calls that enter the company a link names, in their order (A30): logout, login by customer id, get-config. */
export const COMPANY_BOOTSTRAP_CALLS = [
  ['POST', '/api/company/logout'],
  ['POST', '/api/company/login-by-customer-id'],
  ['GET', '/api/company/get-config'],
] as const;

/** Records, in order, the page's calls among `watched` (`[method, path]`), each as "METHOD path". */
export function recordApiCalls(page: Page, watched: readonly (readonly [string, string])[]): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    for (const [method, path] of watched) if (isApiCall(r, path, undefined, method)) calls.push(`${method} ${path}`);
  });
  return calls;
}

/** An API answer fetched with the page's cookies, so a test can derive what the page should show. */
export async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** An element's computed colour property as 0–255 RGB, whatever colour syntax the CSS uses (oklch included). */
export async function computedRgb(locator: Locator, property: 'backgroundColor' | 'color' = 'backgroundColor'): Promise<[number, number, number]> {
  const [r, g, b] = await locator.evaluate((el, prop) => {
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = getComputedStyle(el)[prop];
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data);
  }, property);
  return [r ?? 0, g ?? 0, b ?? 0];
}

/** Hue (0–360) of an element's computed background. */
export async function backgroundHue(locator: Locator): Promise<number> {
  const [rn, gn, bn] = (await computedRgb(locator)).map((v) => v / 255) as [number, number, number];
  const max = Math.max(rn, gn, bn);
  const d = max - Math.min(rn, gn, bn);
  if (d === 0) return 0;
  const h = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return (h * 60 + 360) % 360;
}

/** WCAG relative luminance (0 black … 1 white) of an element's computed colour property. */
export async function luminance(locator: Locator, property: 'backgroundColor' | 'color' = 'backgroundColor'): Promise<number> {
  const [r, g, b] = (await computedRgb(locator, property)).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Matches a request or response by method and path (the query is ignored). */
export function apiCall(method: string, pathname: string): (r: Request | Response) => boolean {
  return (r) => isApiCall('request' in r ? r.request() : r, pathname, undefined, method);
}

/** An address no other test uses, so registrations never collide within one database. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Creates a fresh account at a company through the API (the code comes from the outbox), then signs it out again. */
export async function registerViaApi(page: Page, opts: { code: string; email: string; password?: string; firstName?: string; lastName?: string; acceptAgreements?: boolean }): Promise<void> {
  await chooseCompanyViaApi(page, opts.code);
  const password = opts.password ?? DEMO_PASSWORD;
  const form = { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'Customer', email: opts.email, password, confirm_password: password };
  const first = await page.request.post('/api/customer/register', { data: form });
  expect(first.ok(), await first.text()).toBe(true);
  const { emailToken } = (await first.json()) as { emailToken: string };
  const code = Number(await registrationCode(opts.email));
  const second = await page.request.post('/api/customer/register', { data: { ...form, email_code: code, email_token: emailToken } });
  expect(second.ok(), await second.text()).toBe(true);
  // A new customer is asked to accept the company's required agreements first; tests of other
  // pages want a customer past that step.
  if (opts.acceptAgreements !== false) {
    await acceptRequiredAgreementsViaApi(page);
    // The register form asks no mobile number, which SPLASH's customer form makes mandatory.
    const { actions } = (await (await page.request.get('/api/customer/get-sign-in-actions')).json()) as { actions: { type: string }[] };
    if (actions.some((a) => a.type === 'UpdateProfile')) {
      const { client } = (await (await page.request.get('/api/customer/get-details')).json()) as { client: Record<string, unknown> };
      const saved = await page.request.post('/api/customer/update-details', { data: { ...client, PhoneMobile: client.PhoneMobile || '0412345678' } });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
  }
  await page.request.post('/api/customer/logout');
}

/** Accepts, through the API, every required agreement the signed-in customer has still to accept. */
export async function acceptRequiredAgreementsViaApi(page: Page): Promise<void> {
  const list = await page.request.get('/api/customer/get-active-agreements');
  const { agreements } = (await list.json()) as { agreements: { AgreementID: number; RequiresSignature: boolean; pivot: { Required: boolean }; Signed: { Current: boolean } | null }[] };
  for (const a of agreements.filter((x) => x.pivot.Required && !x.Signed?.Current)) {
    const res = await page.request.post('/api/customer/agree-to-agreement', {
      data: { agreement_id: a.AgreementID, signature: a.RequiresSignature ? signaturePngDataUrl() : null },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** The "Login" button of the top bar (guest with a company chosen), on both widths. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills e-mail and password in a login form (landing, sign-in screen or modal) and submits. */
export async function submitLogin(scope: Locator | Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await scope.getByLabel('Email', { exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The Company Code tab's input (the tab itself is also labelled "Company Code"). */
export async function enterCompanyCode(page: Page, code: string): Promise<void> {
  await page.getByRole('tab', { name: 'Company Code' }).click();
  await page.getByRole('textbox', { name: 'Company Code' }).fill(code);
  await page.getByRole('button', { name: 'Find company' }).click();
}

/** The full-screen sign-in (landing without a company, or a signed-out protected page). */
export function signInScreen(page: Page): Locator {
  return page.getByRole('tablist', { name: 'How to sign in' });
}

/** Desktop: the "Account Settings" dropdown. Phone: the slide-in sidebar. Returns the open panel. */
export async function openUserMenu(page: Page): Promise<Locator> {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.getByRole('dialog');
    await expect(sidebar).toBeVisible();
    return sidebar;
  }
  await page.getByRole('button', { name: /^Account Settings for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Waits until the top bar shows `firstName` as the signed-in customer. */
export async function expectSignedInAs(page: Page, firstName: string): Promise<void> {
  if (isMobile(page)) {
    const sidebar = await openUserMenu(page);
    await expect(sidebar.getByText(`Hi ${firstName}`, { exact: true })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar).toBeHidden();
  } else {
    await expect(page.getByRole('button', { name: `Account Settings for ${firstName}` })).toBeVisible();
  }
}

/** "Sign Out" in the account menu (desktop) or "Logout" in the sidebar (phone). */
export async function signOutViaUi(page: Page): Promise<void> {
  const panel = await openUserMenu(page);
  if (isMobile(page)) await panel.getByRole('button', { name: 'Logout' }).click();
  else await panel.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/** The signed-in customer the portal keeps in local storage (null when signed out). */
export async function storedUser(page: Page): Promise<CustomerUser | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? ((JSON.parse(raw) as { state?: { user?: CustomerUser | null } }).state?.user ?? null) : null;
  }, SESSION_STORAGE_KEY);
}

/** A CSS custom property as set on <html> (the company branding). */
export function rootCssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/**
 * With page.clock installed before goto and the first answer received: the matching
 * call repeats `times` times, each one `periodMs` after the previous answer and not before.
 * `shown` waits until the page shows what the answers say (a 304 has no body: the page keeps
 * what it showed).
 */
export async function expectRepeatsEvery(page: Page, matches: (r: Request) => boolean, periodMs: number, times: number, shown: () => Promise<void>): Promise<void> {
  let calls = 0;
  const count = (r: Request) => {
    if (matches(r)) calls++;
  };
  page.on('request', count);
  try {
    for (let i = 1; i <= times; i++) {
      // Let the app take in the previous answer: the page shows it.
      await shown();
      await page.clock.runFor(periodMs - 2_000);
      expect(calls, `calls before ${periodMs} ms had passed`).toBe(i - 1);
      const answered = page.waitForResponse((res) => matches(res.request()));
      await page.clock.runFor(3_000);
      await answered;
      expect(calls).toBe(i);
    }
    await shown();
  } finally {
    page.off('request', count);
  }
}

export type OwnWorld = (names?: readonly DemoCompany[], edit?: Parameters<typeof importWorld>[2]) => Promise<World>;

/**
 * What the reused context's reset leaves and Storage.clearDataForOrigin empties: Cache Storage and
 * the like (local storage, IndexedDB, cookies and session storage the reset clears itself).
 */
const ORIGIN_STORAGE = 'local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shared_storage,storage_buckets,interest_groups';

interface TestFixtures {
  /**
   * Imports copies of demo companies for this test alone (with `edit` to change a bundle first):
   * for a test that writes (reads a notification, changes a password), so no other test sees it.
   */
  ownWorld: OwnWorld;
  /** Clears after each test what the reused browser context's reset keeps (see the config's `reuseContext`). */
  clearReusedContext: void;
}
interface WorkerFixtures {
  /** This worker's own copies of the demo companies and their sign-ins, for tests that only read. */
  world: World;
}

/**
 * The specs about the phone layout (tagged @phone) run as an iPhone: its width, touch, mobile
 * flag and user agent, at one device pixel per CSS pixel (decision 046). They run in the same
 * workers as the rest, so the suite starts no second set of workers, browsers and worlds for
 * them; every other spec keeps the config's desktop viewport.
 */
const iPhone = devices['iPhone 13'];
const onPhone = (testInfo: { tags: string[] }) => testInfo.tags.includes('@phone');

export const test = base.extend<TestFixtures, WorkerFixtures>({
  viewport: async ({ viewport }, use, testInfo) => use(onPhone(testInfo) ? { width: 375, height: 812 } : viewport),
  isMobile: async ({ isMobile }, use, testInfo) => use(onPhone(testInfo) ? iPhone.isMobile : isMobile),
  hasTouch: async ({ hasTouch }, use, testInfo) => use(onPhone(testInfo) ? iPhone.hasTouch : hasTouch),
  userAgent: async ({ userAgent }, use, testInfo) => use(onPhone(testInfo) ? iPhone.userAgent : userAgent),
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      await use(await importWorld(workerInfo.workerIndex));
      await closeDatabase();
    },
    // Its own budget: on a loaded machine importing four companies must not eat the first test's.
    { scope: 'worker', timeout: 60_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- as above
  ownWorld: async ({}, use, testInfo) => {
    await use((names = ['SPLASH'], edit) => importWorld(testInfo.workerIndex, names, edit));
  },
  clearReusedContext: [
    async ({ context, baseURL }, use) => {
      await use();
      await context.clearPermissions();
      const page = context.pages()[0];
      if (!page) return;
      // The portal stops first: a page still running could write its storage again after the clear
      // (a tab's sessionStorage outlives the next test's navigation: seen once in 221 tests).
      await page.goto('about:blank').catch(() => undefined);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL ?? 'http://localhost').origin, storageTypes: ORIGIN_STORAGE });
      await cdp.detach();
    },
    { auto: true },
  ],
});
export { expect };
