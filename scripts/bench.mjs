// `npm run bench`: the built server under traffic shaped like real use, on SQLite and then on
// PostgreSQL (BENCH_DATABASE_URL, default a recreated portal_bench database).
//
// Setup per engine: the demo companies are imported through the bundle importer with
// BENCH_CUSTOMERS (default 1,200) generated customers spread across them, and every one of
// them signs in. Then, for BENCH_SECONDS each (default 10), autocannon's 50 connections rotate
// through those customers on: a bare endpoint (the ceiling), the notification and message polls
// without a validator (a page load), the same polls sending the customer's last ETag as a
// browser does between two polls, and get-config. Throughout every measurement a background
// writer makes BENCH_WRITES_PER_SECOND (default 20) changes: new notifications and messages
// (written into the database as an import or back office would), mark-reads, and sign-ins and
// sign-outs of other customers (through the API, at the production password cost).
// Then BENCH_REGISTRATIONS (default 200) online registrations are submitted at once into classes
// with too few places for them all, and the database is checked afterwards
// (lib/bench-registrations.mjs); a failed check fails the bench. Last, the registration morning:
// BENCH_MORNING (default 2,000) families through the waiting room of an opening
// (lib/bench-morning.mjs).
// BENCH_PG_POOLS=5,10,20 measures the PostgreSQL polls at each pool size as well;
// BENCH_ENGINES=sqlite measures one engine. Each row also reports the server's CPU time per
// request (Linux), which other work on the machine disturbs much less than req/s.
// The rows, the data they need and the writer are in lib/bench-*.mjs; this file sets up each
// engine, measures the rows on it and prints the table.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureRequests } from './lib/bench-autocannon.mjs';
import { CHECKOUT_ROW, STRIPE_CHECKOUT_ROW, STRIPE_COMPANY, cardStep, measureCheckouts, startBenchStripe } from './lib/bench-checkouts.mjs';
import { CLASS_ROWS } from './lib/bench-classes.mjs';
import { BenchSession, hashPasswords } from './lib/bench-customers.mjs';
import { buildServer, importBundles, inBatches, recreatePostgres, serverCpuMs, startServer, stopServer } from './lib/bench-setup.mjs';
import { INVOICE_ROWS } from './lib/bench-invoices.mjs';
import { CEILING_ROW, GET_CONFIG_ROW, POLL_ROWS } from './lib/bench-polls.mjs';
import { REGISTRATION_ROW, measureRegistrations } from './lib/bench-registrations.mjs';
import { MORNING_ROW, measureMorning, printMorning } from './lib/bench-morning.mjs';
import { databaseWriter, startWriter } from './lib/bench-writer.mjs';
import { waitReady } from './lib/portal-session.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 1200);
const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const connections = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const portBase = Number(process.env.BENCH_PORT ?? 4391);
const pgPools = (process.env.BENCH_PG_POOLS ?? '').split(',').filter(Boolean).map(Number);
// BENCH_ENGINES=sqlite (or postgres) measures one engine only.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');

// The server is measured as built (the web app is not served here).
if (!buildServer()) process.exit(1);

const hashes = await hashPasswords();

const rows = [CEILING_ROW, ...POLL_ROWS, GET_CONFIG_ROW, ...INVOICE_ROWS, ...CLASS_ROWS, CHECKOUT_ROW, STRIPE_CHECKOUT_ROW, REGISTRATION_ROW, MORNING_ROW];
// ACE's cards go to a local fake of Stripe's API (decision 103), SPLASH's to the simulator.
const benchStripe = await startBenchStripe();
const stripe = { company: STRIPE_COMPANY, keys: benchStripe.keys };
// BENCH_ROWS=class measures only the rows whose name contains it (and the ceiling); several
// separated by commas (BENCH_ROWS=class,invoice) measure the rows that contain any of them.
const rowFilter = process.env.BENCH_ROWS?.split(',').filter(Boolean);

/** Measures every row on one server; `signedIn`: sessions still valid from an earlier server on the same database. */
async function benchEngine(label, databaseUrl, port, people, { extraEnv = {}, only, signedIn } = {}) {
  const started = Date.now();
  const child = startServer(databaseUrl, port, extraEnv);
  const base = `http://127.0.0.1:${port}`;
  const store = databaseWriter(databaseUrl);
  try {
    await waitReady(base);
    const customers = signedIn?.map((s) => Object.assign(s, { base })) ?? (await inBatches(people.customers, 50, (p) => new BenchSession(base).signIn(p)));
    console.error(`${label}: ${customers.length} customers signed in in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // A database in use has been through autovacuum: statistics for the planner, and the
    // visibility map that lets an index-only scan skip the table (without it the invoice page
    // read all 2,000 invoices' rows for its count). Rows measured a minute after a bulk load
    // would measure that minute instead (decision 045).
    if (databaseUrl.startsWith('postgres') && !signedIn && spawnSync('psql', [databaseUrl, '-qc', 'vacuum (analyze)'], { stdio: 'inherit' }).status !== 0) {
      throw new Error('vacuum (analyze) failed');
    }
    const out = [];
    // The ETag each customer last got, per URL: what their browser would send on its next poll.
    const etags = new Map();
    for (const row of rows) {
      const polled = row.who ? customers.filter((c) => c[row.who]) : customers.filter((c) => !c.invoices && !c.checkoutInvoices && (!row.area || c[row.area]));
      if (!etags.has(row.url)) etags.set(row.url, new Map());
      const held = etags.get(row.url);
      if (row.opts.validator) {
        // Every browser has polled once before (the row without a validator may not have reached them all).
        await inBatches(
          polled.filter((c) => !held.has(c)),
          25,
          async (c) => {
            const res = await fetch(base + row.url, { headers: { cookie: c.cookie } });
            await res.arrayBuffer();
            held.set(c, res.headers.get('etag'));
          },
        );
      }
      if (only && !only.includes(row.name)) continue;
      if (rowFilter && !row.name.startsWith('ceiling') && !rowFilter.some((part) => row.name.includes(part))) continue;
      const writer = startWriter({ base, store, customers, churn: people.churn, writesPerSecond });
      let r;
      let w;
      const cpuBefore = serverCpuMs(child.pid);
      try {
        if (row.checkout) {
          // A checkout customer's invoices are numbered K<company code>-…
          const atStripe = (c) => c.checkoutInvoices[0].startsWith(`K${STRIPE_COMPANY}-`);
          const through = row.checkout === 'stripe' ? atStripe : (c) => !atStripe(c);
          r = await measureCheckouts(
            customers.filter((c) => c.checkoutInvoices && through(c)),
            { seconds, lanes: connections, card: cardStep(row, benchStripe) },
          );
        } else if (row.registrations) {
          // A server of the row's own on the same database, the only one given SMTP_URL.
          r = await measureRegistrations({ store, port: port + 200, spawnServer: (env) => startServer(databaseUrl, port + 200, { ...extraEnv, ...env }), stopServer, cpuMs: serverCpuMs });
        } else if (row.morning) {
          r = await measureMorning({ store, port: port + 300, spawnServer: (env) => startServer(databaseUrl, port + 300, { ...extraEnv, ...env }), stopServer, cpuMs: serverCpuMs });
        } else {
          r = await measureRequests({ base, url: row.url, customers: polled, opts: row.opts, etags: held, connections, seconds });
        }
      } finally {
        w = await writer.stop();
      }
      const cpuUs = r.cpuUs ?? ((serverCpuMs(child.pid) - cpuBefore) * 1000) / Math.max(1, r.total);
      out.push({ engine: label, name: row.name, ...r, cpuUs, writes: w.rate, writeFailures: w.failures });
    }
    return { rows: out, customers };
  } finally {
    await stopServer(child);
    await store.close();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const results = [];
try {
  const sqliteUrl = `sqlite:${path.join(tmp, 'bench.db')}`;
  if (engines.includes('sqlite')) results.push(...(await benchEngine('SQLite', sqliteUrl, portBase, await importBundles(sqliteUrl, tmp, { customerCount, hashes, stripe }))).rows);
  if (!engines.includes('postgres')) {
    // PostgreSQL not asked for.
  } else if (recreatePostgres(pgUrl)) {
    const people = await importBundles(pgUrl, tmp, { customerCount, hashes, stripe });
    const first = await benchEngine('PostgreSQL', pgUrl, portBase + 1, people);
    results.push(...first.rows);
    for (const size of pgPools) {
      // The checkouts paid their invoices, and the registrations filled their classes, on the first server.
      const only = rows.filter((r) => r !== GET_CONFIG_ROW && !r.checkout && !r.registrations && !r.morning).map((r) => r.name);
      const extraEnv = { DATABASE_POOL_SIZE: String(size) };
      results.push(...(await benchEngine(`PostgreSQL pool ${size}`, pgUrl, portBase + 2 + size, people, { extraEnv, only, signedIn: first.customers })).rows);
    }
  } else {
    console.warn(`PostgreSQL not reachable at ${pgUrl}: skipped (set BENCH_DATABASE_URL)`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  await benchStripe.fake.close();
}

console.log(
  `\n${customerCount} signed-in customers, ${connections} connections rotating through them, ${seconds} s per row, ` +
    `background writer at ${writesPerSecond}/s, ${os.cpus().length} cores, server logging at warn\n`,
);
console.log('| engine | endpoint | req/s | p50 ms | p99 ms | 304s | of ceiling | server CPU µs/req |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const ceiling = results.find((c) => c.engine === r.engine && c.name.startsWith('ceiling')) ?? results.find((c) => r.engine.startsWith(c.engine) && c.name.startsWith('ceiling'));
  const share = ceiling ? `${((r.rps / ceiling.rps) * 100).toFixed(0)} %` : '';
  const name = r.failed === undefined ? r.name : `${r.name}, ${r.failed} failed`;
  console.log(
    `| ${r.engine} | ${name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${(r.share304 * 100).toFixed(0)} % | ${share} | ${Number.isNaN(r.cpuUs) ? '' : Math.round(r.cpuUs)} |`,
  );
}
const failed = results.reduce((sum, r) => sum + r.writeFailures, 0);
const rate = results.reduce((sum, r) => sum + r.writes, 0) / Math.max(1, results.length);
console.log(`\nbackground writes: ${rate.toFixed(1)}/s on average, ${failed} failed`);

// The registrations: what each submission answered, and what the database holds afterwards.
for (const { engine, registrations: g, p50, p99 } of results.filter((r) => r.registrations)) {
  console.log(
    `\n${engine}: ${g.count} registrations submitted at once, two children each into ${g.classes} classes of ${g.places / g.classes} places ` +
      `(${g.places} places for ${g.count * 2} children; the e-mail codes and cards before them took ${g.prepSeconds.toFixed(1)} s)`,
  );
  console.log(`  completed ${g.completed}, refused CLASS_FULL ${g.full}, other failures ${g.other}; places taken ${g.taken} of ${g.places}`);
  console.log(`  submission p50 ${p50} ms, p99 ${p99} ms; all ${g.count} answered in ${(g.wallMs / 1000).toFixed(2)} s`);
  for (const c of g.checks) {
    console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.value}`);
    if (!c.ok) process.exitCode = 1;
  }
}
for (const r of results.filter((x) => x.morning)) printMorning(r.engine, r.morning);
