import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, type Env } from '../../config/env.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';
import { Browser, EXAMPLE_PASSWORD } from '../../test/api-harness.ts';
import { BundleValidationError, importCompanyBundle } from '../import/import.api.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { updateCompanySettings } from '../company/company.repository.ts';
import { TEST_CARDS } from '../../test/payment-fixtures.ts';

const quiet = { LOG_LEVEL: 'silent', SERVE_WEB: false, PUBLIC_URL: 'http://portal.test', AUTH_RATE_LIMIT: 100_000, AUTH_EMAIL_RATE_LIMIT: 100_000, REDIS_URL: undefined } as const;
const production = { ...quiet, NODE_ENV: 'production', ALLOW_SIMULATED_GATEWAY: false } as const;

/** Every route the simulated gateway answers on. */
const SIMULATOR_ROUTES = [
  ['POST', '/sim-gateway/v1/tokens'],
  ['GET', '/sim-gateway/v1/challenges/:id'],
  ['POST', '/sim-gateway/v1/challenges/:id'],
  ['POST', '/sim-gateway/v1/registration-tokens'],
  ['GET', '/sim-gateway/v1/registration-challenges/:id'],
  ['POST', '/sim-gateway/v1/registration-challenges/:id'],
  ['POST', '/sim-gateway/v1/guest-tokens'],
  ['GET', '/sim-gateway/v1/guest-challenges/:id'],
  ['POST', '/sim-gateway/v1/guest-challenges/:id'],
] as const;

const hasEveryRoute = (runtime: Runtime) => SIMULATOR_ROUTES.every(([method, url]) => runtime.server.hasRoute({ method, url }));

/** The example company (docs/examples) with its payment settings replaced. */
function exampleBundle(finSetup: Record<string, unknown>) {
  const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8')) as {
    company: { code: string; config: Record<string, unknown> };
    customers: { email: string }[];
  };
  bundle.company.config.fin_setup = finSetup;
  return bundle;
}

const PAYMENTS_OFF = { PaymentGatewayEnabled: false, PaymentType: 'None' };

/** Any route under the simulator's prefix, listed or not. */
function simulatorPaths(runtime: Runtime): string[] {
  return runtime.server.routeTable.filter((route) => route.url.includes('sim-gateway')).map((route) => `${route.method} ${route.url}`);
}

describe.each(testEngines())('the simulated gateway under NODE_ENV=production on %s (decision 054)', (engine) => {
  /** The demo companies, every one of which pays through the simulator; servers only read them here. */
  let demo: TestDatabase;
  beforeAll(async () => {
    demo = await createTestDatabase(engine, { demo: true });
    // A no-op on SQLite, whose copy holds the demo already.
    await seedDemoData(demo.db);
  });
  afterAll(() => demo.drop());
  const open: (Runtime | TestDatabase)[] = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) {
      if ('server' in item) await item.close();
      else await item.drop();
    }
  });
  async function emptyDatabase() {
    const db = await createTestDatabase(engine);
    open.push(db);
    return db;
  }
  async function start(handle: TestDatabase, env: Partial<Env>) {
    const runtime = await createRuntime({ handle, ...env });
    open.push(runtime);
    return runtime;
  }

  it('a production server refuses to start while companies would pay through the simulator, naming them in one line', async () => {
    const refused = createRuntime({ handle: demo, ...production });
    await expect(refused).rejects.toThrow(
      'Refusing to start: NODE_ENV=production refuses the simulated payment gateway, which charges no one, and companies ACE, CLOSED, SPLASH, THAMES would take payments through it: ' +
        'switch their payments off (fin_setup.PaymentGatewayEnabled false and PaymentType "None") or set ALLOW_SIMULATED_GATEWAY=true.',
    );
    await expect(refused).rejects.not.toThrow('\n');
  });

  it('ALLOW_SIMULATED_GATEWAY=true lets it start, with the simulator taking cards', async () => {
    const runtime = await start(demo, { ...production, ALLOW_SIMULATED_GATEWAY: true });
    const browser = new Browser(runtime.server);
    await browser.signIn('SPLASH', 'parent@example.com');
    const token = await browser.post('/sim-gateway/v1/tokens', { number: TEST_CARDS.ok, exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(token.status).toBe(200);
    expect(hasEveryRoute(runtime)).toBe(true);
  });

  it('a development server starts with the same companies', async () => {
    const runtime = await start(demo, { ...quiet, NODE_ENV: 'development' });
    expect(hasEveryRoute(runtime)).toBe(true);
  });

  it("where no company pays through it, production starts without any of the simulator's routes", async () => {
    const handle = await emptyDatabase();
    await importCompanyBundle(handle.db, exampleBundle(PAYMENTS_OFF), { refuseSimulatedGateway: true });
    const runtime = await start(handle, production);
    expect(simulatorPaths(runtime)).toEqual([]);
    const browser = new Browser(runtime.server);
    await browser.signIn('HARBOUR', 'jo@example.com', EXAMPLE_PASSWORD);
    for (const [method, route] of SIMULATOR_ROUTES) {
      const url = route.replace(':id', 'ch_abcdefgh');
      const res = await browser.call(method, url, method === 'POST' ? { number: TEST_CARDS.ok, exp_month: 12, exp_year: 2099, cvc: '123', approve: true } : undefined);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('a company switched onto the simulator while production runs is refused at the moment of payment', async () => {
    const handle = await emptyDatabase();
    await importCompanyBundle(handle.db, exampleBundle(PAYMENTS_OFF));
    const runtime = await start(handle, production);
    const company = (await findCompanyByCode(runtime.ctx, 'HARBOUR'))!;
    const settings = structuredClone(company.settings);
    Object.assign(settings.fin_setup, { PaymentGatewayEnabled: true, PaymentGatewayProvider: 'simulated', PaymentType: 'EitherCCOrDD' });
    await updateCompanySettings(handle.db, company.id, settings);

    const browser = new Browser(runtime.server);
    await browser.signIn('HARBOUR', 'jo@example.com', EXAMPLE_PASSWORD);
    const quote = await browser.post('/api/payment/quote', { invoices: [] });
    expect(quote.status).toBe(200);
    expect(quote.body.cardPaymentsAvailable).toBe(false);
    const bank = await browser.post('/api/customer/update-bank-details', { AccountName: 'Jo Harbour', BankCode: '062000', AccountNumber: '12345678' });
    expect(bank.status).toBe(403);
    expect(bank.body).toMatchObject({ code: 'PAYMENTS_OFF', message: 'Online payment is not available' });
    expect((await browser.get('/api/customer/get-payment-details')).body).toMatchObject({ bank: null, card: null });
  });

  it('the import and the demo seed refuse such a company in production, writing nothing', async () => {
    const handle = await emptyDatabase();
    const onSimulator = exampleBundle({ PaymentGatewayEnabled: true, PaymentGatewayProvider: 'simulated', PaymentType: 'None' });
    const refused = await importCompanyBundle(handle.db, onSimulator, { refuseSimulatedGateway: true }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BundleValidationError);
    expect((refused as BundleValidationError).issues).toEqual([
      {
        path: 'company.config.fin_setup',
        message:
          'NODE_ENV=production refuses the simulated payment gateway, which charges no one, and company HARBOUR would take payments through it: ' +
          'switch their payments off (fin_setup.PaymentGatewayEnabled false and PaymentType "None") or set ALLOW_SIMULATED_GATEWAY=true',
      },
    ]);
    // Saved cards and bank mandates alone go to the simulator too, where no other gateway keeps them.
    await expect(importCompanyBundle(handle.db, exampleBundle({ PaymentType: 'DirectDebitDetails' }), { refuseSimulatedGateway: true })).rejects.toThrow(BundleValidationError);
    await expect(seedDemoData(handle.db, { refuseSimulatedGateway: true })).rejects.toThrow(
      /^Refusing to seed the demo: .*companies SPLASH, ACE, THAMES, CLOSED would take payments through it.*; or start with SEED_DEMO=false\.$/,
    );
    expect(await handle.db.selectFrom('companies').select('code').execute()).toEqual([]);

    await importCompanyBundle(handle.db, exampleBundle(PAYMENTS_OFF), { refuseSimulatedGateway: true });
    expect(await handle.db.selectFrom('companies').select('code').execute()).toEqual([{ code: 'HARBOUR' }]);
  });
});
