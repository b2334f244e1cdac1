import type { FastifyInstance, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { solveChallenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaChallengeAnswer } from '@portal/shared/contact-schemas';
import { repoRoot, type Env } from '../config/env.ts';
import { importCompanyBundle } from '../modules/import/import.service.ts';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { updateCompanySettings } from '../modules/company/company.repository.ts';
import type { CompanySettings } from '@portal/shared/company-config';
import { createRuntime, type Runtime, type RuntimeParts } from '../runtime.ts';
import { seedDemoData } from '../seed/seed.ts';
import { createTestDatabase } from './test-db.ts';
import type { Engine } from '../db/database.ts';
import { DEMO_PASSWORD } from '../seed/demo-bundles.ts';
import { startMailbox, type Mailbox, type ReceivedMail } from './mailbox.ts';

export { testEngines } from './test-db.ts';
export type { CompanyBundleInput } from '../modules/import/import.api.ts';
export { DEMO_PASSWORD } from '../seed/demo-bundles.ts';

export interface TestApp {
  server: FastifyInstance;
  runtime: Runtime;
  /** The SMTP server the app delivers to (unless the test set SMTP_URL itself). */
  mailbox: Mailbox;
  /** How many queries the app has sent to the database so far (count a call by the difference). */
  queryCount(): number;
  /** Waits for queued mail, then answers the newest message to an address. */
  lastMailTo(to: string): Promise<ReceivedMail | undefined>;
  close(): Promise<void>;
}

/** A real app on a fresh, migrated database of the given engine, holding the demo companies. */
export async function startTestApp(engine: Engine, env: Partial<Env> = {}, options: Pick<RuntimeParts, 'logStream' | 'clock'> = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine, { demo: true });
  let queries = 0;
  // Every query the app runs hands its result to this plugin once.
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      queries += 1;
      return result;
    },
  };
  const handle = { ...database, db: database.db.withPlugin(counter) };
  const mailbox = await startMailbox();
  const runtime = await createRuntime({
    handle,
    ...options,
    LOG_LEVEL: 'silent',
    SERVE_WEB: false,
    AUTH_RATE_LIMIT: 100_000,
    SESSION_RATE_LIMIT: 100_000,
    AUTH_EMAIL_RATE_LIMIT: 100_000,
    CAPTCHA_MAX_COUNTER: 10,
    PUBLIC_URL: 'http://portal.test',
    TRUSTED_ORIGINS: '',
    SMTP_URL: mailbox.url,
    REDIS_URL: undefined,
    ...env,
  });
  // A no-op where the database came with the demo companies (SQLite).
  await seedDemoData(handle.db);
  return {
    server: runtime.server,
    runtime,
    mailbox,
    queryCount: () => queries,
    async lastMailTo(to) {
      await runtime.ctx.mailer.flush();
      return mailbox.lastTo(to);
    },
    async close() {
      await runtime.close();
      await mailbox.close();
      await database.close();
      await database.drop();
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A browser stand-in: keeps its cookies between calls, like the portal in a tab. */
export class Browser {
  /**
   * `remoteAddress`: the client address the server sees (each browser may sit elsewhere);
   * `cookies`: the jar, shared with the same browser's calls to another server process (`on`).
   */
  constructor(
    private readonly server: FastifyInstance,
    private readonly remoteAddress?: string,
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (its cookies, its address) with its calls sent to another server process, as a load balancer would. */
  on(server: FastifyInstance): Browser {
    return new Browser(server, this.remoteAddress, this.cookies);
  }

  async call<T = Record<string, unknown>>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await this.server.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: { ...headers, ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) },
    });
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (!c.value || expired || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = res.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (HTML or empty): keep the text.
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.call<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, payload: unknown = {}, headers?: Record<string, string>) {
    return this.call<T>('POST', url, payload, headers);
  }

  /** Chooses a company by its code. */
  async enterCompany(code: string) {
    const res = await this.post('/api/company/login-by-code', { company_code: code });
    if (res.status !== 200) throw new Error(`login-by-code ${code}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  /** Chooses a company and signs in, picking the first account when the e-mail has several. */
  async signIn(code: string, email: string, password = DEMO_PASSWORD, clientIndex = 0) {
    await this.enterCompany(code);
    const clients = await this.post<{ clients: { ClientID: number }[] }>('/api/customer/get-clients', { email, password });
    if (clients.status !== 200) throw new Error(`get-clients: ${clients.status} ${JSON.stringify(clients.body)}`);
    const clientId = clients.body.clients[clientIndex]?.ClientID;
    const res = await this.post<{ user: { ClientID: number }; actions: unknown[] }>('/api/customer/login', { email, password, client_id: clientId });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

/** The 6-digit code of the newest registration e-mail to an address (NaN when there is none). */
export async function mailedCode(t: TestApp, email: string): Promise<number> {
  return Number(/code is (\d{6})/.exec((await t.lastMailTo(email))?.text ?? '')?.[1]);
}

/**
 * A customer of the test's own, made through both steps of registration at a company (SPLASH
 * unless told), with the code read from the e-mail; the browser answered is signed in as them.
 */
export async function registerCustomer(
  t: TestApp,
  input: { email: string; password?: string; company?: string; firstName?: string; lastName?: string; acceptAgreements?: boolean; remoteAddress?: string },
): Promise<{ browser: Browser; clientId: number; email: string; password: string }> {
  const { email, password = 'Lane#Tadpole47', company = 'SPLASH', firstName = 'Tess', lastName = 'Ng', acceptAgreements = true } = input;
  const browser = new Browser(t.server, input.remoteAddress);
  await browser.enterCompany(company);
  const one = await browser.post<{ emailToken: string }>('/api/customer/register', { first_name: firstName, last_name: lastName, email, password, confirm_password: password });
  if (one.status !== 200) throw new Error(`register ${email}: ${one.status} ${JSON.stringify(one.body)}`);
  const two = await browser.post<{ user: { ClientID: number } }>('/api/customer/register', { email, email_code: await mailedCode(t, email), email_token: one.body.emailToken });
  if (two.status !== 200) throw new Error(`register ${email}, step two: ${two.status} ${JSON.stringify(two.body)}`);
  // A new customer is asked to accept the company's required agreements first (decision 021);
  // most tests want a customer past that step.
  if (acceptAgreements) await completeSignUpActions(browser);
  return { browser, clientId: two.body.user.ClientID, email, password };
}

/**
 * What a newly registered customer is asked at sign-in: the company's required agreements, and
 * the mandatory details the register form does not ask for (a mobile number at SPLASH).
 */
export async function completeSignUpActions(browser: Browser): Promise<void> {
  await acceptRequiredAgreements(browser);
  const { actions } = (await browser.get<{ actions: { type: string }[] }>('/api/customer/get-sign-in-actions')).body;
  if (!actions.some((a) => a.type === 'UpdateProfile')) return;
  const details = (await browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
  const res = await browser.post('/api/customer/update-details', { ...details, PhoneMobile: details.PhoneMobile || '0412345678' });
  if (res.status !== 200) throw new Error(`update-details: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A small drawn signature: a PNG data URL with a dark stroke on a transparent pad. */
export async function testSignature(width = 300, height = 100): Promise<string> {
  const raw = Buffer.alloc(width * height * 4);
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 12) * (height / 4));
    for (const dy of [0, 1, 2]) raw.writeUInt32BE(0x111111ff, ((y + dy) * width + x) * 4);
  }
  const { default: sharp } = await import('sharp');
  const png = await sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Accepts every required agreement the signed-in customer has not accepted, signing where asked. */
export async function acceptRequiredAgreements(browser: Browser): Promise<void> {
  const list = await browser.get<{ agreements: { AgreementID: number; RequiresSignature: boolean; pivot: { Required: boolean }; Signed: { Current: boolean } | null }[] }>(
    '/api/customer/get-active-agreements',
  );
  for (const a of list.body.agreements.filter((x) => x.pivot.Required && !x.Signed?.Current)) {
    const res = await browser.post('/api/customer/agree-to-agreement', { agreement_id: a.AgreementID, signature: a.RequiresSignature ? await testSignature() : null });
    if (res.status !== 200) throw new Error(`agree-to-agreement ${a.AgreementID}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

const EXAMPLE_BUNDLE = path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json');
export const EXAMPLE_PASSWORD = 'Harbour#2026';

/**
 * A company of the test's own: the example bundle (docs/examples) imported under a fresh code,
 * its one customer under `email` (a fresh address unless told), password EXAMPLE_PASSWORD.
 */
export async function ownCompany(
  t: TestApp,
  input: { email?: string; guardians?: { email: string; first_name: string; last_name: string; role: string; password?: string }[] } = {},
): Promise<{ code: string; companyId: number; email: string; password: string }> {
  const code = `P${randomBytes(4).toString('hex').toUpperCase()}`;
  const email = input.email ?? `jo.${code.toLowerCase()}@example.com`;
  const bundle = JSON.parse(fs.readFileSync(EXAMPLE_BUNDLE, 'utf8')) as { company: { code: string; customer_id: number }; customers: { email: string; clients: { guardians?: unknown[] }[] }[] };
  bundle.company.code = code;
  bundle.company.customer_id = 100_000 + randomBytes(3).readUIntBE(0, 3);
  bundle.customers[0]!.email = email;
  if (input.guardians) bundle.customers[0]!.clients[0]!.guardians = input.guardians;
  const { companyId } = await importCompanyBundle(t.runtime.ctx.db, bundle);
  return { code, companyId, email, password: EXAMPLE_PASSWORD };
}

/** Imports a bundle the test wrote itself; strict, so a field the format does not know fails the test rather than being dropped. */
export async function importBundle(t: TestApp, bundle: CompanyBundleInput): Promise<number> {
  return (await importCompanyBundle(t.runtime.ctx.db, bundle, { strict: true })).companyId;
}

/**
 * Changes a company's stored settings as an operator would (through the repository's
 * updateCompanySettings: checked by the settings schema, with a new settings version so every
 * process reads them afresh) and answers them as they are now.
 */
export async function changeCompanySettings<S = Record<string, Record<string, unknown>>>(t: TestApp, companyId: number, change: (settings: S) => void): Promise<S> {
  const db = t.runtime.ctx.db;
  const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings) as S;
  change(settings);
  await updateCompanySettings(db, companyId, settings as unknown as CompanySettings);
  return settings;
}

/** A captcha challenge as the widget fetches it. */
export type CaptchaChallenge = Omit<CaptchaChallengeAnswer, 'success'>;

export async function captchaChallenge(browser: Browser): Promise<CaptchaChallenge> {
  const { parameters, signature } = (await browser.get<CaptchaChallengeAnswer>('/api/company/captcha-challenge')).body;
  return { parameters, signature };
}

/** What the browser's widget does: derives keys until one has the challenge's prefix (quick: the tests' counters are small). */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<Solution> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('no solution');
  return solution;
}

/** A solution as the widget hands it to a form: base64 of the challenge and the solution, as JSON. */
export const encodedSolution = (challenge: CaptchaChallenge, solution: Solution) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** A fresh challenge of the browser's company, solved and encoded as the widget sends it. */
export async function solvedCaptcha(browser: Browser): Promise<string> {
  const challenge = await captchaChallenge(browser);
  return encodedSolution(challenge, await solveCaptcha(challenge));
}

/** The link in the newest family-access invitation mailed to an address (decision 101). */
export async function mailedInvitationToken(t: TestApp, email: string): Promise<string> {
  const token = /join-family\?token=([^\s"&<]+)/.exec((await t.lastMailTo(email))?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/**
 * An adult the holder's browser invites to the family in `role`, who accepts with a new sign-in;
 * answers the guardian's own browser, signed in to the family.
 */
export async function invitedGuardian(t: TestApp, holder: Browser, role: 'co-parent' | 'payer' | 'viewer', input: { firstName?: string; remoteAddress?: string } = {}) {
  const email = `guardian.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Kelp#Forest2031';
  const invited = await holder.post('/api/customer/family-access/invitations', { first_name: input.firstName ?? 'Sam', last_name: 'Rivera', email, role });
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await mailedInvitationToken(t, email);
  const browser = new Browser(t.server, input.remoteAddress);
  const accepted = await browser.post<{ user: { ClientID: number } }>(`/api/family-access/invitations/${encodeURIComponent(token)}/accept`, { password, confirm_password: password });
  if (accepted.status !== 200) throw new Error(`accept ${email}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const guardian = await t.runtime.ctx.db.selectFrom('guardians as g').innerJoin('logins as l', 'l.id', 'g.login_id').select('g.id').where('l.email', '=', email).executeTakeFirstOrThrow();
  return { browser, email, password, guardianId: guardian.id };
}
