import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import { databaseUrl, mailHttpPort, portalPort, processorKeysSecret, smtpPort, stripePort, gocardlessPort } from './support/servers.ts';

const chrome = chromiumPath();
const root = path.resolve(import.meta.dirname, '..');
const baseURL = `http://localhost:${portalPort}`;

/**
 * One server for every worker. Tests own their data (worker and test companies
 * imported through the bundle importer), so workers run in parallel and in any order.
 * The specs about the phone layout (tagged @phone) run as an iPhone, in the same workers
 * (fixtures.ts): the rest run at the desktop viewport below.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [[process.env.CI ? 'dot' : 'list']],
  use: {
    baseURL,
    // One browser context and page per worker, reset between tests (cookies, storage, routes,
    // init scripts, clock, viewport; the rest in fixtures.ts): the renderer and its cache
    // outlive a test, so a test no longer pays a new renderer and a cold load of the portal.
    reuseContext: true,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chrome,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      // A real SMTP server: the portal delivers every e-mail to it, tests read them back.
      command: `node ${path.join(root, 'e2e/support/mail-catcher.mjs')}`,
      url: `http://127.0.0.1:${mailHttpPort}/readyz`,
      reuseExistingServer: false,
      timeout: 45_000,
      env: { MAIL_SMTP_PORT: String(smtpPort), MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      // The local fake of Stripe's API that companies connected to Stripe pay through (decision 103).
      command: `node --import tsx ${path.join(root, 'e2e/support/stripe-fake-server.ts')}`,
      url: `http://127.0.0.1:${stripePort}/v1/customers`,
      reuseExistingServer: false,
      timeout: 45_000,
    },
    {
      // The local fake of GoCardless's API and hosted pages that direct debits go through (decision 104).
      command: `node --import tsx ${path.join(root, 'e2e/support/gocardless-fake-server.ts')}`,
      url: `http://127.0.0.1:${gocardlessPort}/payments`,
      reuseExistingServer: false,
      timeout: 45_000,
    },
    {
      command: `node ${path.join(root, 'apps/server/dist/server.js')}`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(portalPort),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: baseURL,
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        AUTH_RATE_LIMIT: '100000',
        SESSION_RATE_LIMIT: '100000',
        AUTH_EMAIL_RATE_LIMIT: '100000',
        // A handful of key derivations: the widget still fetches and solves every challenge, quickly.
        CAPTCHA_MAX_COUNTER: '10',
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
        GOCARDLESS_API_URL: `http://127.0.0.1:${gocardlessPort}`,
        PROCESSOR_KEYS_SECRET: processorKeysSecret,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
