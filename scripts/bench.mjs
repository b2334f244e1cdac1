// `npm run bench`: starts the built server (SQLite, then PostgreSQL) and measures with autocannon:
// a bare endpoint of the same server (the ceiling), the notification and message polls of a
// signed-in customer, and get-config; then the same three on a server with READ_CACHE=false, the
// cost of a call when nothing cached can answer it. 50 connections; BENCH_SECONDS per endpoint (default 10).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';

if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js')) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

async function waitReady(base) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${base} did not become ready`);
}

async function signIn(base) {
  const jar = new Map();
  const call = async (url, body) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      jar.set(k, v);
    }
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  };
  await call('/api/company/login-by-code', { company_code: 'SPLASH' });
  await call('/api/customer/login', { email: 'parent@example.com', password: 'Portal#2026' });
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function run(url, cookie) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers: cookie ? { cookie } : {} }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx answers`));
      resolve({ rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 });
    });
  });
}

const endpoints = [
  ['ceiling: GET /healthz', '/healthz', false],
  ['notification poll', '/api/notification?page=1&limit=5&status=All', true],
  ['message poll', '/api/messages?page=1&limit=5&status=All', true],
  ['get-config', '/api/company/get-config', true],
];

async function benchServer(label, databaseUrl, port, readCache) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      READ_CACHE: String(readCache),
      AUTH_RATE_LIMIT: '100000',
      AUTH_EMAIL_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(base);
    const cookie = await signIn(base);
    const rows = [];
    for (const [name, url, withCookie] of endpoints) {
      if (!readCache && !withCookie) continue;
      await run(base + url, withCookie ? cookie : undefined).then((r) => rows.push({ name, ...r }));
    }
    return rows.map((r) => ({ engine: label, cache: readCache ? 'on' : 'off', ...r }));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function benchEngine(label, databaseUrl, port) {
  return [...(await benchServer(label, databaseUrl, port, true)), ...(await benchServer(label, databaseUrl, port, false))];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const results = [...(await benchEngine('SQLite', `sqlite:${path.join(tmp, 'bench.db')}`, 4391))];

const pgAdmin = new URL(pgUrl);
const dbName = pgAdmin.pathname.slice(1);
pgAdmin.pathname = '/postgres';
const drop = spawnSync('psql', [pgAdmin.toString(), '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'inherit' });
const create = drop.status === 0 ? spawnSync('psql', [pgAdmin.toString(), '-qc', `create database ${dbName}`], { stdio: 'inherit' }) : drop;
if (create.status === 0) results.push(...(await benchEngine('PostgreSQL', pgUrl, 4392)));
else console.warn(`PostgreSQL not reachable at ${pgUrl}: skipped (set BENCH_DATABASE_URL)`);

console.log(`\n${connections} connections, ${seconds} s each, ${os.cpus().length} cores, server logging at warn\n`);
console.log('engine      cache  endpoint                   req/s     p50 ms   p99 ms   vs ceiling');
for (const r of results) {
  const ceiling = results.find((c) => c.engine === r.engine && c.name.startsWith('ceiling'));
  console.log(
    `${r.engine.padEnd(11)} ${r.cache.padEnd(6)} ${r.name.padEnd(25)} ${r.rps.toFixed(0).padStart(7)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}   ${((r.rps / ceiling.rps) * 100).toFixed(0).padStart(4)}%`,
  );
}
fs.rmSync(tmp, { recursive: true, force: true });
