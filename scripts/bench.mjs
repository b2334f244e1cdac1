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
// Last, BENCH_REGISTRATIONS (default 200) online registrations are submitted at once into classes
// with too few places for them all, and the database is checked afterwards
// (lib/bench-registrations.mjs); a failed check fails the bench.
// BENCH_PG_POOLS=5,10,20 measures the PostgreSQL polls at each pool size as well;
// BENCH_ENGINES=sqlite measures one engine. Each row also reports the server's CPU time per
// request (Linux), which other work on the machine disturbs much less than req/s.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';
import { PortalSession, waitReady } from './lib/portal-session.mjs';
import { CLASS_ROWS, withBenchClasses } from './lib/bench-classes.mjs';
import { CHECKOUT_ROW, checkoutCustomers, invoicesOf, measureCheckouts } from './lib/bench-checkouts.mjs';
import { REGISTRATION_ROW, measureRegistrations } from './lib/bench-registrations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');
const argon2 = require('@node-rs/argon2');
const SQLite = require('better-sqlite3');
const pg = require('pg');

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 1200);
const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const connections = 50;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const portBase = Number(process.env.BENCH_PORT ?? 4391);
// BENCH_NODE_ARGS: flags for the server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const pgPools = (process.env.BENCH_PG_POOLS ?? '').split(',').filter(Boolean).map(Number);
// BENCH_ENGINES=sqlite (or postgres) measures one engine only.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const PASSWORD = 'Bench#2026-pass';

// The server is measured as built (the web app is not served here); building it takes a second,
// and a stale build would measure old code.
if (spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);

// ---------------------------------------------------------------------------------------------
// The bundles: the demo companies, each with its share of generated customers.

const { demoBundles } = await tsImport('../apps/server/src/seed/demo-bundles.ts', import.meta.url);

/**
 * Passwords are hashed once, not per customer: the 1,200 who sign in for the measurement with a
 * light argon2id (so signing them all in takes seconds); the ones the writer signs in and out
 * during the measurement at the production cost (lib/passwords.ts), as a real sign-in costs.
 */
const lightHash = await argon2.hash(PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1, algorithm: 2 });
const productionHash = await argon2.hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 });
const CHURN_PER_COMPANY = 20;

const RECORD_FIELDS = ['phone_mobile', 'address1', 'suburb', 'state', 'postcode', 'gender', 'gender_other', 'phone_home', 'phone_work', 'phone_mobile2', 'email2', 'fax', 'address2', 'billing_same_as_address', 'billing_address1', 'billing_address2', 'billing_suburb', 'billing_state', 'billing_postcode', 'custom_fields'];
function completeRecord(bundle) {
  const established = (bundle.customers ?? []).find((c) => !c.email.startsWith('new@'))?.clients?.[0] ?? {};
  return Object.fromEntries(RECORD_FIELDS.filter((f) => established[f] !== undefined).map((f) => [f, established[f]]));
}

function benchBundles() {
  const bundles = demoBundles().filter((b) => b.company.config.switches?.CustomerPortalActive !== false);
  return bundles.map((bundle, ci) => {
    const code = bundle.company.code;
    const share = Math.floor(customerCount / bundles.length) + (ci < customerCount % bundles.length ? 1 : 0);
    // Every required agreement accepted, as the demo's own customers have: a customer with
    // sign-in actions pending may call nothing else.
    const required = (bundle.agreements ?? []).filter((a) => a.required !== false && a.active !== false).map((a) => a.key);
    const agreements_signed = required.map((agreement) => ({ agreement, signed_at: 'today-90T10:00' }));
    // The record of an established demo family (every field the company's form makes mandatory
    // filled in), or the sign-in would queue an UpdateProfile action.
    const record = completeRecord(bundle);
    const customer = (i, kind, hash) => ({
      email: `${kind}${i}.${code.toLowerCase()}@bench.example`,
      password_hash: hash,
      clients: [{ ...record, key: `${kind}${i}`, first_name: `Bench${i}`, last_name: code, agreements_signed }],
    });
    const rotating = Array.from({ length: share }, (_, i) => customer(i, 'c', lightHash));
    const churn = Array.from({ length: CHURN_PER_COMPANY }, (_, i) => customer(i, 'w', productionHash));
    const category = 'news';
    const keys = rotating.map((c) => c.clients[0].key);
    // Twenty notifications each, three quarters of them read, and a few private messages.
    const notifications = Array.from({ length: 20 }, (_, i) => ({
      title: `Bench notice ${i + 1}`,
      content: `Notice ${i + 1} for every customer of ${code}.`,
      category,
      created_at: `today-${20 - i}T09:00`,
      to: keys,
      read_by: i < 15 ? keys : [],
    }));
    const messages = keys.slice(0, 300).map((key, i) => ({ title: `Welcome, customer ${i}`, body: 'Hello from the office.', published_at: 'today-3T10:00', to: key }));
    // The measured customers are established ones: no agreement waits for them on the sign-in
    // page, or every customer call would answer 403.
    return {
      ...withBenchClasses(bundle),
      agreements: (bundle.agreements ?? []).map((a) => ({ ...a, required: false })),
      customers: [
        ...(bundle.customers ?? []),
        ...rotating,
        ...churn,
        ...(ci === 0 ? [invoiceHeavyCustomer(code, record, agreements_signed)] : []),
        ...checkoutCustomers(code, (i) => customer(i, 'k', lightHash)),
      ],
      notifications: [...(bundle.notifications ?? []), ...notifications],
      messages: [...(bundle.messages ?? []), ...messages],
    };
  });
}

/**
 * One customer of the first company with INVOICE_COUNT invoices over the years, for the financials
 * list (decision 025); an established family like the others, or its calls would answer 403.
 */
const INVOICE_COUNT = 2000;
function invoiceHeavyCustomer(code, record, agreements_signed) {
  const statuses = ['Paid', 'Paid', 'Paid', 'Paid', 'Unpaid', 'Overdue', 'Scheduled', 'Debit Scheduled'];
  const invoices = Array.from({ length: INVOICE_COUNT }, (_, i) => {
    const status = statuses[i % statuses.length];
    const total = 2000 + (i % 40) * 250;
    const day = (ago) => (ago >= 0 ? `today-${ago}` : `today+${-ago}`);
    return { invoice_no: `B${code}-${100000 + i}`, invoice_date: day(INVOICE_COUNT - i - 20), payment_date: day(INVOICE_COUNT - i - 34), total_cents: total, balance_due_cents: status === 'Paid' ? 0 : total, status };
  });
  return { email: `invoices.${code.toLowerCase()}@bench.example`, password_hash: lightHash, clients: [{ ...record, key: 'invoices', first_name: 'Many', last_name: 'Invoices', agreements_signed, invoices }] };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers.

/** A browser's cookies for one generated customer. */
class Session extends PortalSession {
  async signIn({ code, email, ...areas }) {
    Object.assign(this, areas);
    const user = await super.signIn({ code, email, password: PASSWORD });
    this.clientId = user.ClientID;
    return this;
  }
}

async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The background writer.

/**
 * Straight database writes, as an import or a back office makes them; `all` and `run` take SQL
 * with `?` placeholders on either engine.
 */
function databaseWriter(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const insertNotification = db.prepare(`insert into notifications (company_id, title, content, category, tag_data, created_at) values (?, ?, ?, 'news', null, ?)`);
    const insertContact = db.prepare(`insert into notification_contacts (company_id, notification_id, client_id, status, created_at, read_at) values (?, ?, ?, 'New', ?, null)`);
    const insertMessage = db.prepare(`insert into messages (company_id, client_id, title, body, published_at) values (?, ?, ?, ?, ?)`);
    const companyOf = db.prepare('select company_id from clients where id = ?');
    return {
      async notify(clientId, title) {
        const now = new Date().toISOString();
        const { company_id } = companyOf.get(clientId);
        const n = insertNotification.run(company_id, title, 'Written while the bench runs.', now);
        insertContact.run(company_id, n.lastInsertRowid, clientId, now);
      },
      async message(clientId, title) {
        const { company_id } = companyOf.get(clientId);
        return Number(insertMessage.run(company_id, clientId, title, 'Written while the bench runs.', new Date().toISOString()).lastInsertRowid);
      },
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      async run(sql, params = []) {
        db.prepare(sql).run(...params);
      },
      async close() {
        db.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const numbered = (sql) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (sql, params = []) => (await pool.query(numbered(sql), params)).rows,
    async run(sql, params = []) {
      await pool.query(numbered(sql), params);
    },
    async notify(clientId, title) {
      const now = new Date().toISOString();
      await pool.query(
        `with c as (select company_id from clients where id = $1),
              n as (insert into notifications (company_id, title, content, category, tag_data, created_at)
                    select company_id, $2, 'Written while the bench runs.', 'news', null, $3 from c returning id, company_id)
         insert into notification_contacts (company_id, notification_id, client_id, status, created_at, read_at)
         select company_id, id, $1, 'New', $3, null from n`,
        [clientId, title, now],
      );
    },
    async message(clientId, title) {
      const { rows } = await pool.query(
        `insert into messages (company_id, client_id, title, body, published_at)
         select company_id, $1, $2, 'Written while the bench runs.', $3 from clients where id = $1 returning id`,
        [clientId, title, new Date().toISOString()],
      );
      return rows[0].id;
    },
    close: () => pool.end(),
  };
}

/**
 * Writes at a steady rate while a measurement runs: of every ten, three new notifications, two
 * new messages, two mark-all-read and one message read by customers who are polling, and a
 * sign-in and a sign-out of another customer.
 */
function startWriter({ base, store, customers: all, churn }) {
  const customers = all.filter((c) => c.notifications);
  const readers = all.filter((c) => c.messages);
  let n = 0;
  let failures = 0;
  const lastMessage = new Map();
  let signedIn = [];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const ops = [
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => {
      const c = pick(readers);
      lastMessage.set(c, await store.message(c.clientId, `Bench message ${n}`));
    },
    async () => {
      const c = pick(readers);
      lastMessage.set(c, await store.message(c.clientId, `Bench message ${n}`));
    },
    async () => pick(customers).call('POST', '/api/notification/mark-all-read'),
    async () => pick(customers).call('POST', '/api/notification/mark-all-read'),
    async () => {
      const [c, id] = pick([...lastMessage]) ?? [];
      if (!c) return;
      lastMessage.delete(c);
      await c.call('POST', '/api/messages/mark-read', { message_id: id });
    },
    async () => {
      signedIn.push(await new Session(base).signIn(pick(churn)));
    },
    async () => {
      const s = signedIn.shift();
      if (s) await s.call('POST', '/api/customer/logout');
    },
  ];
  // On schedule, not on a fixed interval: a timer late under load catches up instead of writing less.
  const started = performance.now();
  const pending = new Set();
  const timer = setInterval(() => {
    while (n < ((performance.now() - started) / 1000) * writesPerSecond) {
      const op = ops[n++ % ops.length]().catch((err) => {
        failures++;
        if (failures <= 3) console.warn(`writer: ${err.message}`);
      });
      pending.add(op);
      void op.finally(() => pending.delete(op));
    }
  }, 10);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(pending);
      await Promise.all(signedIn.map((s) => s.call('POST', '/api/customer/logout').catch(() => {})));
      signedIn = [];
      return { rate: n / seconds, failures };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements.

/**
 * One autocannon run whose connections rotate through the customers. `validator`: send each
 * customer's last ETag for this URL, as a browser's poll does.
 */
function measure(base, url, customers, opts = {}, etags = new Map()) {
  const { auth = true, validator = false } = opts;
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: opts.method ?? 'GET',
            path: url,
            ...(opts.body ? { body: opts.body } : {}),
            setupRequest(req, context) {
              if (!auth) return req;
              const i = next++;
              const c = customers[i % customers.length];
              context.customer = c;
              const body = opts.bodyFor ? opts.bodyFor(i) : opts.body;
              const headers = { ...req.headers, cookie: c.cookie, ...(body ? { 'content-type': 'application/json' } : {}) };
              const etag = validator ? etags.get(c) : undefined;
              if (etag) headers['if-none-match'] = etag;
              return { ...req, headers, ...(opts.bodyFor ? { body } : {}) };
            },
            onResponse(status, _body, context, headers) {
              if (status === 200 && headers?.etag) etags.set(context.customer, headers.etag);
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        if (result['4xx'] + result['5xx'] > 0) return reject(new Error(`${url}: ${result['4xx']} 4xx and ${result['5xx']} 5xx answers`));
        const notModified = result.statusCodeStats?.['304']?.count ?? 0;
        resolve({ rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, share304: notModified / Math.max(1, result.requests.total) });
      },
    );
  });
}

const NOTIFICATIONS = '/api/notification?page=1&limit=5&status=All';
const MESSAGES = '/api/messages?page=1&limit=5&status=All';
const rows = [
  { name: 'ceiling: GET /healthz', url: '/healthz', opts: { auth: false } },
  { name: 'notification poll', url: NOTIFICATIONS, opts: {}, area: 'notifications' },
  { name: 'notification poll, If-None-Match', url: NOTIFICATIONS, opts: { validator: true }, area: 'notifications' },
  { name: 'message poll', url: MESSAGES, opts: {}, area: 'messages' },
  { name: 'message poll, If-None-Match', url: MESSAGES, opts: { validator: true }, area: 'messages' },
  { name: 'get-config', url: '/api/company/get-config', opts: {} },
  { name: `invoice page, ${INVOICE_COUNT.toLocaleString('en')} invoices`, url: '/api/financials/invoices?page=1&limit=10', opts: {}, who: 'invoices' },
  { name: 'invoice page 3, oldest first, search "paid"', url: '/api/financials/invoices?page=3&limit=10&sort=asc&search=paid', opts: {}, who: 'invoices' },
  ...CLASS_ROWS,
  CHECKOUT_ROW,
  REGISTRATION_ROW,
];
// BENCH_ROWS=class measures only the rows whose name contains it (and the ceiling); several
// separated by commas (BENCH_ROWS=class,invoice) measure the rows that contain any of them.
const rowFilter = process.env.BENCH_ROWS?.split(',').filter(Boolean);

/**
 * CPU time the server process has used (user + system, Linux /proc): divided by the requests of a
 * row, a cost per request that other work on the machine disturbs far less than req/s.
 */
function serverCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function startServer(databaseUrl, port, extraEnv = {}) {
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      AUTH_RATE_LIMIT: '1000000',
      AUTH_EMAIL_RATE_LIMIT: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function importBundles(databaseUrl, dir) {
  const started = Date.now();
  const bundles = benchBundles();
  for (const bundle of bundles) {
    const file = path.join(dir, `${bundle.company.code}.json`);
    fs.writeFileSync(file, JSON.stringify(bundle));
    const r = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), 'import-company', file], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`import of ${bundle.company.code} failed`);
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
      .filter((c) => c.password_hash === lightHash)
      .map((c) => ({ code: b.company.code, email: c.email, ...areas(b), invoices: c.email.startsWith('invoices.'), checkoutInvoices: c.email.startsWith('k') ? invoicesOf(c.email, b.company.code) : null })),
  );
  const churn = bundles.flatMap((b) => b.customers.filter((c) => c.password_hash === productionHash).map((c) => ({ code: b.company.code, email: c.email })));
  return { customers, churn };
}

/** Measures every row on one server; `signedIn`: sessions still valid from an earlier server on the same database. */
async function benchEngine(label, databaseUrl, port, people, { extraEnv = {}, only, signedIn } = {}) {
  const started = Date.now();
  const child = startServer(databaseUrl, port, extraEnv);
  const base = `http://127.0.0.1:${port}`;
  const store = databaseWriter(databaseUrl);
  try {
    await waitReady(base);
    const customers = signedIn?.map((s) => Object.assign(s, { base })) ?? (await inBatches(people.customers, 50, (p) => new Session(base).signIn(p)));
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
      const writer = startWriter({ base, store, customers, churn: people.churn });
      let r;
      let w;
      const cpuBefore = serverCpuMs(child.pid);
      try {
        if (row.checkout) {
          r = await measureCheckouts(
            customers.filter((c) => c.checkoutInvoices),
            { seconds, lanes: connections },
          );
        } else if (row.registrations) {
          // A server of the row's own on the same database, the only one given SMTP_URL.
          r = await measureRegistrations({ store, port: port + 200, spawnServer: (env) => startServer(databaseUrl, port + 200, { ...extraEnv, ...env }), stopServer, cpuMs: serverCpuMs });
        } else {
          r = await measure(base, row.url, polled, row.opts, held);
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

function recreatePostgres() {
  const admin = new URL(pgUrl);
  const dbName = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const drop = spawnSync('psql', [admin.toString(), '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'inherit' });
  return drop.status === 0 && spawnSync('psql', [admin.toString(), '-qc', `create database ${dbName}`], { stdio: 'inherit' }).status === 0;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const results = [];
try {
  const sqliteUrl = `sqlite:${path.join(tmp, 'bench.db')}`;
  if (engines.includes('sqlite')) results.push(...(await benchEngine('SQLite', sqliteUrl, portBase, importBundles(sqliteUrl, tmp))).rows);
  if (!engines.includes('postgres')) {
    // PostgreSQL not asked for.
  } else if (recreatePostgres()) {
    const people = importBundles(pgUrl, tmp);
    const first = await benchEngine('PostgreSQL', pgUrl, portBase + 1, people);
    results.push(...first.rows);
    for (const size of pgPools) {
      // The checkouts paid their invoices, and the registrations filled their classes, on the first server.
      const only = rows.filter((r) => r.url !== '/api/company/get-config' && !r.checkout && !r.registrations).map((r) => r.name);
      const extraEnv = { DATABASE_POOL_SIZE: String(size) };
      results.push(...(await benchEngine(`PostgreSQL pool ${size}`, pgUrl, portBase + 2 + size, people, { extraEnv, only, signedIn: first.customers })).rows);
    }
  } else {
    console.warn(`PostgreSQL not reachable at ${pgUrl}: skipped (set BENCH_DATABASE_URL)`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
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
  console.log(`| ${r.engine} | ${name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${(r.share304 * 100).toFixed(0)} % | ${share} | ${Number.isNaN(r.cpuUs) ? '' : Math.round(r.cpuUs)} |`);
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
