import os from 'node:os';
import path from 'node:path';

/**
 * Where the browser suite's servers listen and which database they use. Values are fixed by
 * the runner process (through the environment, which its workers inherit), so a worker's
 * fixtures reach the same database and mail catcher the config handed to the server.
 */

/** E2E_PORT_BASE lets two runs on one machine keep out of each other's way: portal, then SMTP and its reader. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
export const portalPort = portBase;
export const smtpPort = portBase + 2;
export const mailHttpPort = portBase + 3;

process.env.PORTAL_E2E_DATA_DIR ??= path.join(os.tmpdir(), `portal-e2e-${process.pid}`);
/**
 * E2E_DATABASE_URL picks the database (`sqlite:/path/file.db` or `postgres://…`); by default a
 * fresh SQLite file per run. Tests import their own companies, so a database that already holds
 * earlier runs' rows works as well as an empty one.
 */
process.env.PORTAL_E2E_DATABASE_URL ??= process.env.E2E_DATABASE_URL || `sqlite:${path.join(process.env.PORTAL_E2E_DATA_DIR, 'portal.db')}`;
export const databaseUrl: string = process.env.PORTAL_E2E_DATABASE_URL;

/** A short random tag per run: company codes and e-mail addresses of this run never meet an earlier run's. */
process.env.PORTAL_E2E_RUN ??= Math.floor(Math.random() * 36 ** 4)
  .toString(36)
  .padStart(4, '0')
  .toUpperCase();
export const runTag: string = process.env.PORTAL_E2E_RUN;

/**
 * The local fake of Stripe's API the portal's SDK calls (decision 103), and the keys of the one
 * Stripe account it plays: every company a test connects to Stripe uses them.
 */
export const stripePort = portBase + 4;
export const stripeKeys = {
  secretKey: `sk_test_E2E${runTag}StripeAccount0000`,
  publishableKey: `pk_test_E2E${runTag}StripeAccount0000`,
  webhookSecret: `whsec_E2E${runTag}Webhook0000`,
};
/** What seals the companies' processor keys in the suite's database: a test value, 32 bytes. */
export const processorKeysSecret = Buffer.alloc(32, 'e2e').toString('base64');

/**
 * The local fake of GoCardless's API and hosted pages (decision 104), and the one GoCardless
 * account it plays: every company a test connects to GoCardless uses it.
 */
export const gocardlessPort = portBase + 5;
export const gocardlessKeys = {
  accessToken: `sandbox_E2E${runTag}GoCardlessAccount0000`,
  webhookSecret: `E2E${runTag}GoCardlessWebhook0000`,
};
