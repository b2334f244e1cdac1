// The online registration part of `npm run bench`: BENCH_REGISTRATIONS (default 200) new families
// at Splash prove their e-mail address (the code read from a real SMTP server), tokenise a card,
// and then all submit at once, each registering two children into classes whose places run out:
// CONTENDED_CLASSES classes with, between them, three places for every eight children asked for.
// The row's server is one of its own on the same database, started with SMTP_URL so that only
// this row sends its mail; afterwards the database is checked: no class holds more active
// enrolments than its capacity, no address has two customers, a refused registration left
// nothing behind, and each completed one was charged exactly once.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { PortalSession, waitReady } from './portal-session.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');

export const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 200);
const COMPANY = 'SPLASH';
const PROFILE = 1;
const CONTENDED_CLASSES = 10;
const CHILDREN_EACH = 2;
/** Places per class: three for every eight children asked for (15 a class for 200 families). */
const PLACES = Math.max(1, Math.round((REGISTRATIONS * CHILDREN_EACH * 3) / 8 / CONTENDED_CLASSES));
/** How many families prove their address and tokenise their card at a time before the submissions. */
const PREPARE_LANES = 20;
const DOMAIN = 'registrations.bench.example';

export const REGISTRATION_ROW = {
  name: `registrations (${REGISTRATIONS} at once, ${CONTENDED_CLASSES} classes of ${PLACES} places)`,
  opts: {},
  registrations: true,
};

/** A drawn signature: a PNG with one stroke across it, as the agreements page sends it. */
export async function signature(width = 300, height = 100) {
  const raw = Buffer.alloc(width * height * 4);
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(height / 2 + Math.sin(x / 12) * (height / 4));
    for (const dy of [0, 1, 2]) raw.writeUInt32BE(0x111111ff, ((y + dy) * width + x) * 4);
  }
  const png = await sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The code mailed to `email`, once its mail has reached the mailbox (the server sends after answering). */
export async function mailedCode(mailbox, email, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = /code is (\d{6})/.exec(mailbox.lastTo(email)?.text ?? '')?.[1];
    if (code) return Number(code);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no registration code reached ${email} within ${timeoutMs / 1000} s`);
}

/**
 * CONTENDED_CLASSES of the company's classes with sessions ahead and nobody in them (or waiting
 * for them), their capacity set to PLACES and their ages open, written into the database as the back office would.
 */
async function contendedClasses(store, companyId) {
  const after = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const rows = await store.all(
    `select c.id from classes c
     where c.company_id = ?
       and exists (select 1 from class_sessions s where s.company_id = c.company_id and s.class_id = c.id and s.status = 'scheduled' and s.date > ?)
       and not exists (select 1 from enrolments e where e.company_id = c.company_id and e.class_id = c.id)
       and not exists (select 1 from waitlist_entries w where w.company_id = c.company_id and w.class_id = c.id)
     order by c.id limit ${CONTENDED_CLASSES}`,
    [companyId, after],
  );
  if (rows.length < CONTENDED_CLASSES) throw new Error(`only ${rows.length} empty classes with sessions ahead at ${COMPANY}`);
  const ids = rows.map((r) => Number(r.id));
  // Any child's age fits: the row measures places running out, not the demo's age ranges (which today's date moves).
  await store.run(`update classes set capacity = ?, min_age = null, max_age = null where company_id = ? and id in (${ids.map(() => '?').join(', ')})`, [PLACES, companyId, ...ids]);
  return ids;
}

/** One family, up to its submission: the company chosen, its address proved with the mailed code, its card tokenised. */
async function prepare(base, mailbox, i) {
  const session = new PortalSession(base);
  await session.call('POST', '/api/company/login-by-code', { company_code: COMPANY });
  const email = `r${i}@${DOMAIN}`;
  const { token } = await session.call('POST', '/api/ocr/send-code', { email });
  await session.call('POST', '/api/ocr/verify-code', { token, code: await mailedCode(mailbox, email), profile: PROFILE });
  const card = await session.call('POST', '/sim-gateway/v1/registration-tokens', { registration_token: token, number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
  return { i, session, email, token, card: card.id, key: `bench-registration-${randomUUID()}`, lastName: `Reg${i}` };
}

/** The whole submission of family `i`: two children, each into another of the contended classes. */
function submission(family, classIds, agreements) {
  const { i, token, card, lastName } = family;
  return {
    registration_token: token,
    profile: PROFILE,
    customer: { FirstName: 'Bench', LastName: lastName, PhoneMobile: '0412000222' },
    students: Array.from({ length: CHILDREN_EACH }, (_, s) => ({ FirstName: `Child${s + 1}`, LastName: lastName, DOB: '2017-03-04', GenderType: 'Female' })),
    agreements,
    marketing_opt_in: null,
    classes: Array.from({ length: CHILDREN_EACH }, (_, s) => ({ student: s, ClassID: classIds[(i + s * 3) % classIds.length] })),
    cardToken: card,
  };
}

/** Sends one submission; answers its status, parsed body and time taken. */
export async function submit(family, body) {
  const started = performance.now();
  const res = await fetch(`${family.session.base}/api/ocr/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: family.session.base, cookie: family.session.cookie, 'idempotency-key': family.key },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = { message: text.slice(0, 160) };
  }
  return { status: res.status, answer, ms: performance.now() - started };
}

const count = async (store, sql, params) => Number((await store.all(sql, params))[0].n);

/** What the database holds for each family after the submissions, against what its answer said. */
async function check(store, companyId, classIds, families, outcome) {
  const checks = [];
  const completed = families.filter((f) => outcome.get(f) === 'completed');
  const refused = families.filter((f) => outcome.get(f) !== 'completed');

  let overbooked = 0;
  let taken = 0;
  for (const id of classIds) {
    const [{ capacity }] = await store.all('select capacity from classes where company_id = ? and id = ?', [companyId, id]);
    const active = await count(store, `select count(*) as n from enrolments where company_id = ? and class_id = ? and status = 'active'`, [companyId, id]);
    taken += active;
    if (active > Number(capacity)) overbooked++;
  }
  checks.push({ name: 'overbooked classes', value: overbooked, ok: overbooked === 0 });

  const duplicates = await store.all(`select email, count(*) as n from clients where company_id = ? and email like ? group by email having count(*) > 1`, [companyId, `%@${DOMAIN}`]);
  const duplicateLogins = await store.all(`select email from logins where company_id = ? and email like ? group by email having count(*) > 1`, [companyId, `%@${DOMAIN}`]);
  checks.push({ name: 'duplicate customers', value: duplicates.length + duplicateLogins.length, ok: duplicates.length + duplicateLogins.length === 0 });

  // A refused family: no sign-in, client, student, enrolment or payment of it is left (its
  // invoices, receipts and signatures hang off the client, which is gone).
  let halfMade = 0;
  for (const f of refused) {
    const left =
      (await count(store, 'select count(*) as n from logins where company_id = ? and email = ?', [companyId, f.email])) +
      (await count(store, 'select count(*) as n from clients where company_id = ? and email = ?', [companyId, f.email])) +
      (await count(store, 'select count(*) as n from students where company_id = ? and last_name = ?', [companyId, f.lastName])) +
      (await count(store, 'select count(*) as n from enrolments e join students s on s.id = e.student_id where e.company_id = ? and s.last_name = ?', [companyId, f.lastName])) +
      (await count(store, 'select count(*) as n from payments where company_id = ? and idempotency_key = ?', [companyId, f.key]));
    if (left > 0) halfMade++;
  }
  checks.push({ name: 'half-made families (refused, something left)', value: halfMade, ok: halfMade === 0 });

  // A completed family: one sign-in and client, its two children each actively in their class, an invoice and its completed payment.
  let incomplete = 0;
  for (const f of completed) {
    const [client] = await store.all('select id from clients where company_id = ? and email = ?', [companyId, f.email]);
    const whole =
      client &&
      (await count(store, 'select count(*) as n from logins where company_id = ? and email = ?', [companyId, f.email])) === 1 &&
      (await count(store, `select count(*) as n from enrolments e join students s on s.id = e.student_id where e.company_id = ? and s.client_id = ? and e.status = 'active'`, [
        companyId,
        client.id,
      ])) === CHILDREN_EACH &&
      (await count(store, 'select count(*) as n from invoices where company_id = ? and client_id = ?', [companyId, client.id])) >= 1 &&
      (await count(store, `select count(*) as n from payments where company_id = ? and client_id = ? and idempotency_key = ? and status = 'completed'`, [companyId, client.id, f.key])) === 1;
    if (!whole) incomplete++;
  }
  checks.push({ name: 'completed families not whole', value: incomplete, ok: incomplete === 0 });

  // The gateway: exactly one charge, succeeded, on each completed family's card; none on a refused one's.
  const chargesOf = (f) => store.all('select status from gateway_charges where company_id = ? and token = ?', [companyId, f.card]);
  let notOnce = 0;
  for (const f of completed) {
    const charges = await chargesOf(f);
    if (charges.length !== 1 || charges[0].status !== 'succeeded') notOnce++;
  }
  checks.push({ name: 'completed registrations not charged exactly once', value: notOnce, ok: notOnce === 0 });
  let charged = 0;
  for (const f of refused) if ((await chargesOf(f)).length > 0) charged++;
  checks.push({ name: 'refused registrations charged', value: charged, ok: charged === 0 });
  return { checks, taken };
}

/**
 * The row. `spawnServer(env)` starts the row's server on the bench's database (the child process),
 * `stopServer` stops it, `cpuMs(pid)` reads its CPU time; `store` writes and reads the database.
 */
export async function measureRegistrations({ store, port, spawnServer, stopServer, cpuMs }) {
  const { startMailbox } = await tsImport('../../apps/server/src/test/mailbox.ts', import.meta.url);
  const mailbox = await startMailbox();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({ SMTP_URL: mailbox.url });
  try {
    await waitReady(base, { server });
    const [company] = await store.all('select id from companies where code = ?', [COMPANY]);
    const companyId = Number(company.id);
    const classIds = await contendedClasses(store, companyId);

    const prepStarted = performance.now();
    const families = [];
    for (let i = 0; i < REGISTRATIONS; i += PREPARE_LANES) {
      const batch = Array.from({ length: Math.min(PREPARE_LANES, REGISTRATIONS - i) }, (_, j) => prepare(base, mailbox, i + j));
      families.push(...(await Promise.all(batch)));
    }
    const prepSeconds = (performance.now() - prepStarted) / 1000;
    const { agreements: active } = await families[0].session.call('GET', `/api/customer/get-active-agreements?id=${PROFILE}`);
    const drawn = await signature();
    const agreements = active.map((a) => ({ agreementID: a.AgreementID, agreed: true, signature: a.RequiresSignature ? drawn : null }));
    const bodies = families.map((f) => submission(f, classIds, agreements));

    // All at once: every request is on its way before the first answer is read.
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    const answers = await Promise.all(families.map((f, n) => submit(f, bodies[n])));
    const wallMs = performance.now() - started;
    const cpuUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / families.length;

    const outcome = new Map();
    const others = new Map();
    answers.forEach((a, n) => {
      const kind = a.status === 200 && a.answer.payment?.status === 'completed' && a.answer.user ? 'completed' : a.status === 409 && a.answer.code === 'CLASS_FULL' ? 'full' : 'other';
      outcome.set(families[n], kind);
      if (kind === 'other') {
        const key = `${a.status} ${a.answer.code ?? a.answer.payment?.status ?? ''} ${a.answer.message ?? ''}`.trim();
        others.set(key, (others.get(key) ?? 0) + 1);
      }
    });
    for (const [message, n] of others) console.warn(`registration failed ${n}×: ${message}`);
    const completed = [...outcome.values()].filter((k) => k === 'completed').length;
    const full = [...outcome.values()].filter((k) => k === 'full').length;
    const other = families.length - completed - full;

    const { checks, taken } = await check(store, companyId, classIds, families, outcome);
    checks.unshift({ name: 'failures other than CLASS_FULL', value: other, ok: other === 0 });

    const latencies = answers.map((a) => a.ms).sort((x, y) => x - y);
    const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
    return {
      rps: families.length / (wallMs / 1000),
      total: families.length,
      p50: at(0.5),
      p99: at(0.99),
      share304: 0,
      failed: other,
      cpuUs,
      registrations: { count: families.length, completed, full, other, wallMs, prepSeconds, places: PLACES * classIds.length, taken, classes: classIds.length, checks },
    };
  } finally {
    await stopServer(server);
    await mailbox.close();
  }
}
