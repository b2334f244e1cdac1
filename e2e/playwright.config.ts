import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { databaseFile, e2eServers } from './support/servers.ts';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

/** Each viewport gets its own server and database, so the two runs never see each other's writes. */
const viewports = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { ...devices['iPhone 13'], viewport: { width: 375, height: 812 }, defaultBrowserType: 'chromium' as const },
};
const servers = e2eServers.map((s) => ({ ...s, use: viewports[s.name] }));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: servers.map((s) => ({ name: s.name, use: { ...s.use, baseURL: `http://localhost:${s.port}` } })),
  webServer: servers.map((s) => ({
    command: `node ${path.join(root, 'scripts/e2e-server.mjs')}`,
    url: `http://localhost:${s.port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(s.port),
      DATABASE_URL: `sqlite:${databaseFile(s.name)}`,
      PUBLIC_URL: `http://localhost:${s.port}`,
      AUTH_RATE_LIMIT: '100000',
      AUTH_EMAIL_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
  })),
});
