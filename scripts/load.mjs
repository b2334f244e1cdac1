// `npm run load` (issue 20, section 3): a thousand families of one school's network, on
// PostgreSQL, as an open model (requests sent on a schedule, whether or not earlier ones have
// been answered). Every family holds its own session cookie and polls its notifications and
// messages every 60 s (with the ETag of its last answer, as the browser does); beside them, other
// families sign in (at the production password cost) and out, parents update a student, and
// families pay an invoice, each at a constant rate. Everything comes from one address
// (127.0.0.1), as behind a school's NAT, with the production throttles. After the steady part,
// every family reloads its portal within one second (after a deploy). The server's memory is
// sampled throughout.
//
// LOAD_FAMILIES (1000), LOAD_SECONDS (600), LOAD_WARMUP (60), LOAD_SIGNINS (10/s),
// LOAD_STUDENT_UPDATES (5/s), LOAD_CHECKOUTS (1/s), LOAD_DATABASE_URL (a recreated portal_load
// database), LOAD_PORT (4601). The load runs on the same machine as the server: its own CPU is
// part of the figures.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchSession, hashPasswords } from './lib/bench-customers.mjs';
import { buildServer, importBundles, inBatches, recreatePostgres, startServer, stopServer } from './lib/bench-setup.mjs';
import { PortalSession, waitReady } from './lib/portal-session.mjs';

const env = process.env;
const families = Number(env.LOAD_FAMILIES ?? 1000);
const seconds = Number(env.LOAD_SECONDS ?? 600);
const warmup = Number(env.LOAD_WARMUP ?? 60);
const rates = { signIn: Number(env.LOAD_SIGNINS ?? 10), studentUpdate: Number(env.LOAD_STUDENT_UPDATES ?? 5), checkout: Number(env.LOAD_CHECKOUTS ?? 1) };
const pgUrl = env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_load';
const port = Number(env.LOAD_PORT ?? 4601);
const base = `http://127.0.0.1:${port}`;
const POLLS = ['/api/notification?page=1&limit=5&status=All', '/api/messages?page=1&limit=5&status=All'];
const DEMO_PASSWORD = 'Portal#2026';
// The production throttles: what a school's network meets.
const production = { AUTH_RATE_LIMIT: '20', AUTH_EMAIL_RATE_LIMIT: '10', SESSION_RATE_LIMIT: '600', SIGN_IN_CALL_LIMIT: '3000' };

if (!buildServer()) process.exit(1);
if (!recreatePostgres(pgUrl)) throw new Error(`PostgreSQL not reachable at ${pgUrl}`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
const people = await importBundles(pgUrl, tmp, { customerCount: families, hashes: await hashPasswords() });
fs.rmSync(tmp, { recursive: true, force: true });

// Every family signed in once before (over the days before this hour): done on a server without
// throttles, whose sessions the measured server, on the same database, honours.
let server = startServer(pgUrl, port);
await waitReady(base);
const sessions = await inBatches(
  people.customers.filter((c) => !c.invoices && !c.checkoutInvoices),
  50,
  (c) => new BenchSession(base).signIn(c),
);
const payers = await inBatches(
  people.customers.filter((c) => c.checkoutInvoices),
  50,
  (c) => new BenchSession(base).signIn(c),
);
await stopServer(server);
server = startServer(pgUrl, port, production);
await waitReady(base);
console.error(`${sessions.length} families signed in; measuring ${warmup} s of warm-up, then ${seconds} s`);

/** Latencies and outcomes per kind of request, from `since` on (the warm-up is not counted). */
const stats = new Map();
let counting = false;
function note(kind, ms, status) {
  if (!counting) return;
  if (!stats.has(kind)) stats.set(kind, { ms: [], errors: 0, throttled: 0, byStatus: new Map() });
  const s = stats.get(kind);
  s.ms.push(ms);
  if (status === 429) s.throttled++;
  else if (!(status >= 200 && status < 400)) {
    s.errors++;
    s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
  }
}

/** One request of a family, timed; answers the response (never throws). */
async function timed(kind, session, method, url, body, headers = {}) {
  const t0 = performance.now();
  let status = 0;
  let res;
  try {
    const json = body === undefined ? undefined : JSON.stringify(body);
    res = await fetch(base + url, {
      method,
      headers: { ...headers, cookie: session.cookie, ...(json === undefined ? {} : { 'content-type': 'application/json', origin: base }) },
      body: json,
    });
    status = res.status;
    const text = await res.text();
    res.json = () => JSON.parse(text);
  } catch {
    status = 0;
  }
  note(kind, performance.now() - t0, status);
  return res;
}

// The parents whose students are updated: the demo families with students.
const parents = [];
for (const [code, email] of [
  ['SPLASH', 'parent@example.com'],
  ['THAMES', 'dancer@example.com'],
]) {
  const s = new PortalSession(base);
  await s.signIn({ code, email, password: DEMO_PASSWORD });
  const { students } = await s.call('GET', '/api/student/get-all?limit=20');
  for (const st of students) {
    // The form as the page sends it back: the record less what only the answer carries.
    const { StudentID: _id, bookedClasses: _b, Location: _l, Gender: _g, Standard: _s, profile_picture: _p, ...form } = await s.call('GET', `/api/student/${st.StudentID}`);
    parents.push({ session: s, id: st.StudentID, record: form });
  }
}

const memory = [];
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const etags = new Map();
const timers = [];
const every = (ms, fn) => timers.push(setInterval(fn, ms));
let stopping = false;

// Polls: each family every 60 s, at its own moment of the minute.
const pollsOf = (family) => POLLS.filter((_, i) => (i === 0 ? family.notifications : family.messages));
for (const family of sessions) {
  const poll = () => {
    for (const url of pollsOf(family)) {
      const key = `${family.email}${url}`;
      void timed('poll', family, 'GET', url, undefined, etags.has(key) ? { 'if-none-match': etags.get(key) } : {}).then((res) => {
        const tag = res?.headers.get('etag');
        if (tag) etags.set(key, tag);
      });
    }
  };
  timers.push(
    setTimeout(() => {
      poll();
      every(60_000, poll);
    }, Math.random() * 60_000),
  );
}

// Sign-ins of other families (at the production password cost), and out again.
let churnAt = 0;
every(1000 / rates.signIn, async () => {
  if (stopping) return;
  const who = people.churn[churnAt++ % people.churn.length];
  const s = new PortalSession(base);
  const t0 = performance.now();
  let status = 0;
  try {
    await s.signIn({ code: who.code, email: who.email, password: 'Bench#2026-pass' });
    status = 200;
    await s.call('POST', '/api/customer/logout', {});
  } catch (err) {
    status = Number(/: (\d{3}) /.exec(String(err.message))?.[1] ?? 0);
  }
  note('sign-in', performance.now() - t0, status);
});

// Student updates by their parents.
let updateAt = 0;
every(1000 / rates.studentUpdate, () => {
  if (stopping || parents.length === 0) return;
  const p = parents[updateAt++ % parents.length];
  void timed('student update', p.session, 'POST', `/api/student/update/${p.id}`, p.record);
});

// Checkouts: one invoice each, tokenised at the gateway, under an Idempotency-Key.
const invoices = payers.flatMap((c) => c.checkoutInvoices.map((invoiceNo) => ({ c, invoiceNo })));
let payAt = 0;
every(1000 / rates.checkout, async () => {
  const next = invoices[payAt++];
  if (stopping || !next) return;
  const token = await fetch(`${base}/sim-gateway/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: next.c.cookie },
    body: JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' }),
  }).then((r) => r.json());
  await timed('checkout', next.c, 'POST', '/api/payment/checkout', { invoices: [next.invoiceNo], cardToken: token.id }, { 'idempotency-key': randomUUID() });
});

every(5_000, () => memory.push({ at: Date.now(), mb: rss() }));

await new Promise((r) => setTimeout(r, warmup * 1000));
const measuredFrom = Date.now();
counting = true;
await new Promise((r) => setTimeout(r, seconds * 1000));
counting = false;
stopping = true;
for (const t of timers) clearInterval(t);
await new Promise((r) => setTimeout(r, 2000));

// A deploy: every family's portal reloads within one second (the page, then its start-up calls and polls).
counting = true;
const reloadKinds = [
  '/api/company/get-config',
  '/api/customer/me',
  '/api/customer/get-sign-in-actions',
  '/api/home/get-upcoming-classes?page=1&limit=6',
  '/api/home/get-outstanding-invoices?page=1&limit=6',
];
const reloadStarted = performance.now();
const pageTimes = [];
await Promise.all(
  sessions.map(async (family) => {
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    const t0 = performance.now();
    // Each call counted twice: in the reload as a whole, and under its own path (which of them is slow).
    await Promise.all(
      [...reloadKinds, ...pollsOf(family)].map(async (url) => {
        const t1 = performance.now();
        const res = await timed('reload', family, 'GET', url);
        note(`reload ${url.split('?')[0]}`, performance.now() - t1, res?.status ?? 0);
      }),
    );
    pageTimes.push(performance.now() - t0);
  }),
);
const reloadWall = performance.now() - reloadStarted;
counting = false;

await stopServer(server);

const q = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]) : 0;
};
console.log(
  `\n${sessions.length} families polling every 60 s from one address; ${rates.signIn} sign-ins, ${rates.studentUpdate} student updates, ${rates.checkout} checkout a second; ${seconds} s after ${warmup} s of warm-up; PostgreSQL; ${os.cpus().length} cores\n`,
);
console.log('| requests | count | p50 ms | p99 ms | max ms | errors | 429s |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [kind, s] of stats) {
  const errors = s.errors ? `${s.errors} (${[...s.byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')})` : '0';
  console.log(`| ${kind} | ${s.ms.length} | ${q(s.ms, 0.5)} | ${q(s.ms, 0.99)} | ${q(s.ms, 1)} | ${errors} | ${s.throttled} |`);
}
console.log(
  `\nreload: ${sessions.length} families × ${reloadKinds.length} calls and their polls in ${(reloadWall / 1000).toFixed(2)} s; a family's whole reload p50 ${q(pageTimes, 0.5)} ms, p99 ${q(pageTimes, 0.99)} ms`,
);
const after = memory.filter((m) => m.at >= measuredFrom);
if (after.length > 1) {
  const first = after[0].mb;
  const peak = Math.max(...after.map((m) => m.mb));
  const last = after.at(-1).mb;
  console.log(`server memory (RSS) after warm-up: ${first.toFixed(0)} MB, at the end ${last.toFixed(0)} MB (${(((last - first) / first) * 100).toFixed(1)} %), peak ${peak.toFixed(0)} MB`);
}
process.exit(0);
