// What `npm run bench` and `npm run load` share: the built server started and stopped, the
// bench companies imported through the bundle importer, and a recreated PostgreSQL database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { invoicesOf } from './bench-checkouts.mjs';
import { benchBundles } from './bench-customers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Builds the server: the bench measures it as built, and a stale build would measure old code. */
export function buildServer() {
  return spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
}

export async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/**
 * CPU time the server process has used (user + system, Linux /proc): divided by the requests of a
 * row, a cost per request that other work on the machine disturbs far less than req/s.
 */
export function serverCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

export function startServer(databaseUrl, port, extraEnv = {}) {
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      AUTH_RATE_LIMIT: '1000000',
      SESSION_RATE_LIMIT: '1000000',
      AUTH_EMAIL_RATE_LIMIT: '1000000',
      // Every family of the registration morning comes from the bench's one address.
      WAITING_ROOM_PLACES_PER_ADDRESS: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopServer(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function importBundles(databaseUrl, dir, { customerCount, hashes, stripe }) {
  const started = Date.now();
  const bundles = await benchBundles(customerCount, hashes);
  for (const bundle of bundles) {
    if (stripe && bundle.company.code === stripe.company) bundle.company.config.fin_setup = { ...bundle.company.config.fin_setup, PaymentGatewayProvider: 'stripe' };
    const file = path.join(dir, `${bundle.company.code}.json`);
    fs.writeFileSync(file, JSON.stringify(bundle));
    const r = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'import-company', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`import of ${bundle.company.code} failed`);
    if (stripe && bundle.company.code === stripe.company) {
      const keys = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'set-gateway', bundle.company.code, ...stripe.keys], {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (keys.status !== 0) throw new Error(`set-gateway ${bundle.company.code} failed`);
    }
  }
  console.error(`${databaseUrl.split(':')[0]}: ${bundles.length} companies imported in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // Each poll only where the company has that area switched on (a switched-off area answers 403).
  const areas = (b) => ({
    messages: b.company.config.switches?.EnableMessages === true,
    notifications: b.company.config.switches?.ShowNotificationsTab !== false,
    classes: b.company.code === 'SPLASH',
  });
  const customers = bundles.flatMap((b) =>
    b.customers
      .filter((c) => c.password_hash === hashes.light)
      .map((c) => ({
        code: b.company.code,
        email: c.email,
        ...areas(b),
        invoices: c.email.startsWith('invoices.'),
        checkoutInvoices: c.email.startsWith('k') ? invoicesOf(c.email, b.company.code) : null,
      })),
  );
  const churn = bundles.flatMap((b) => b.customers.filter((c) => c.password_hash === hashes.production).map((c) => ({ code: b.company.code, email: c.email })));
  return { customers, churn };
}

export function recreatePostgres(pgUrl) {
  const admin = new URL(pgUrl);
  const dbName = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const drop = spawnSync('psql', [admin.toString(), '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'inherit' });
  return drop.status === 0 && spawnSync('psql', [admin.toString(), '-qc', `create database ${dbName}`], { stdio: 'inherit' }).status === 0;
}
