import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { databaseUrl, gocardlessKeys, gocardlessPort, portalPort, processorKeysSecret } from './servers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const fakeUrl = `http://127.0.0.1:${gocardlessPort}`;

/**
 * Stores the suite's GoCardless keys for a company as an operator does, with `set-gateway`, and
 * points the account's webhooks at the company's address, as its dashboard would (decision 104).
 */
export async function connectGoCardless(code: string): Promise<void> {
  const args = ['set-gateway', code, '--provider', 'gocardless', '--secret-key', gocardlessKeys.accessToken, '--webhook-secret', gocardlessKeys.webhookSecret];
  const run = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PROCESSOR_KEYS_SECRET: processorKeysSecret, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`set-gateway ${code}: ${run.stderr}`);
  const endpoint = await fetch(`${fakeUrl}/_test/webhook_endpoint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://localhost:${portalPort}/webhooks/gocardless/${code}`, secret: gocardlessKeys.webhookSecret }),
  });
  if (!endpoint.ok) throw new Error(`GoCardless webhook endpoint: ${endpoint.status}`);
}
