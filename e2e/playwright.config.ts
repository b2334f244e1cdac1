import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import { databaseUrl, mailHttpPort, portalPort, smtpPort } from './support/servers.ts';

const chrome = chromiumPath();
const root = path.resolve(import.meta.dirname, '..');
const baseURL = `http://localhost:${portalPort}`;

/**
 * One server for every project and worker. Tests own their data (worker and test companies
 * imported through the bundle importer), so workers run in parallel and in any order.
 * The phone project runs only the specs about the phone layout: those tagged @phone.
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
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chrome,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grep: /@phone/,
      // The iPhone's width, touch and user agent, at one device pixel per CSS pixel: these specs
      // check the layout, which density does not change, and the iPhone's three made Chromium
      // rasterise nine times the pixels (the phone project's Chromium CPU 67-68 s against 55-56 s,
      // decision 046).
      use: { ...devices['iPhone 13'], viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, defaultBrowserType: 'chromium' },
    },
  ],
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
        AUTH_EMAIL_RATE_LIMIT: '100000',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
