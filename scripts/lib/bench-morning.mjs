// The "registration morning" row of `npm run bench` (issue 22, decision 099): BENCH_MORNING
// families (default 2,000) arrive at Splash's profile 1 in the ARRIVE_BEFORE_S seconds before its
// opening (three in four) and the first minute after it, each wanting two places in MORNING_CLASSES
// classes with PLACES_EACH free places each (100 places). Each family enters the company, joins the
// waiting room and asks for its place as often as the server says (5 s, 1 s near the front; with
// jitter) until its turn, leaving if the queue says every class is full; in its turn it looks
// at the classes (the class step's search) and leaves if its classes are full, or proves its
// address (the code read from a real SMTP server), tokenises a card and submits, leaving if
// refused CLASS_FULL. Afterwards the database is checked: places taken, oversold classes, families
// charged without a place or twice, the order of admission against the order of arrival.
// The ten minutes of arrivals before an opening are compressed to ARRIVE_BEFORE_S: every family
// there before the opening gets a draw, however early it came, so only the polling load differs.
import { randomUUID } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { PortalSession, waitReady } from './portal-session.mjs';
import { mailedCode, signature, submit } from './bench-registrations.mjs';

export const MORNING_FAMILIES = Number(process.env.BENCH_MORNING ?? 2000);
const COMPANY = 'SPLASH';
const PROFILE = 1;
const MORNING_CLASSES = 10;
const PLACES_EACH = 10;
const ARRIVE_BEFORE_S = 30;
const ARRIVE_AFTER_S = 60;
// Turns at once and families let in a minute: the company's defaults (BENCH_MORNING_TURNS and
// BENCH_MORNING_PER_MINUTE to try others).
const AT_ONCE = Number(process.env.BENCH_MORNING_TURNS ?? 100);
const PER_MINUTE = process.env.BENCH_MORNING_PER_MINUTE ? Number(process.env.BENCH_MORNING_PER_MINUTE) : undefined;
const DOMAIN = 'morning.bench.example';

export const MORNING_ROW = { name: `registration morning (${MORNING_FAMILIES} families, ${MORNING_CLASSES * PLACES_EACH} places)`, opts: {}, morning: true };

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const quantile = (sorted, q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : 0);

/** Every request a family sends, timed by kind; a 5xx or a network error is counted apart. */
function recorder() {
  const times = new Map();
  let errors = 0;
  return {
    async call(session, kind, method, url, body, headers) {
      const started = performance.now();
      try {
        return await session.call(method, url, body, headers);
      } catch (error) {
        if (!/: 4\d\d /.test(String(error.message))) errors += 1;
        throw error;
      } finally {
        if (!times.has(kind)) times.set(kind, []);
        times.get(kind).push(performance.now() - started);
      }
    },
    record(kind, ms) {
      if (!times.has(kind)) times.set(kind, []);
      times.get(kind).push(ms);
    },
    summary: () => ({
      errors,
      kinds: [...times].map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { kind, count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) };
      }),
    }),
  };
}

/** Profile 1 opening at `opensAt` with its waiting room, written as the back office would (a new settings version). */
async function setOpening(store, companyId, opensAt) {
  const [row] = await store.all('select settings from companies where id = ?', [companyId]);
  const settings = JSON.parse(row.settings);
  for (const p of settings.profiles) {
    if (p.OCRProfileID !== PROFILE) continue;
    p.OpensAt = opensAt;
    p.WaitingRoom = { WindowMinutes: 15, FamiliesAtOnce: AT_ONCE, TurnMinutes: 10, ...(PER_MINUTE ? { FamiliesPerMinute: PER_MINUTE } : {}) };
  }
  await store.run('update companies set settings = ?, settings_version = settings_version + 1 where id = ?', [JSON.stringify(settings), companyId]);
}

/** The first classes the profile's class step shows, each given PLACES_EACH free places. */
async function morningClasses(base, store, companyId) {
  const s = new PortalSession(base);
  await s.call('POST', '/api/company/login-by-code', { company_code: COMPANY });
  const { classes } = await s.call('POST', '/api/classes', { ocr_profile_id: PROFILE, limit: 100 });
  const chosen = classes.filter((c) => !c.IsFull).slice(0, MORNING_CLASSES);
  if (chosen.length < MORNING_CLASSES) throw new Error(`only ${chosen.length} classes with places on the class step`);
  for (const c of chosen) await store.run('update classes set capacity = ? where company_id = ? and id = ?', [c.ClassCount + PLACES_EACH, companyId, c.ClassID]);
  // The opening offers these classes alone: the school's others are full, so the waiting room's
  // places left are the morning's.
  const ids = chosen.map((c) => c.ClassID);
  await store.run(`update classes set capacity = enrolled_count where company_id = ? and id not in (${ids.map(() => '?').join(', ')})`, [companyId, ...ids]);
  return ids;
}

/** One family's morning, from arriving to its answer. */
async function family(i, ctx) {
  const { base, rec, mailbox, opensAt, classIds, agreements } = ctx;
  const early = i < MORNING_FAMILIES * 0.75;
  const arriveAt = early ? opensAt - ARRIVE_BEFORE_S * 1000 + Math.random() * ARRIVE_BEFORE_S * 1000 : opensAt + Math.random() * ARRIVE_AFTER_S * 1000;
  await sleep(arriveAt - Date.now());
  const session = new PortalSession(base);
  const f = { i, early, email: `m${i}@${DOMAIN}`, lastName: `Morning${i}`, key: `bench-morning-${randomUUID()}`, card: null, outcome: 'other', answeredAt: 0, children: 0 };
  const leave = () => rec.call(session, 'leave', 'DELETE', `/api/ocr/waiting-room/${PROFILE}`);
  try {
    await rec.call(session, 'enter', 'POST', '/api/company/login-by-code', { company_code: COMPANY });
    let room = await rec.call(session, 'join', 'POST', `/api/ocr/waiting-room/${PROFILE}`);
    while (room.place?.state !== 'admitted') {
      if (!room.place || room.place.state === 'ended') throw new Error(`no place: ${JSON.stringify(room.place)}`);
      // The queue says every class is full: this family wanted no waitlist, so it leaves.
      if (room.placesLeft === 0) {
        f.outcome = 'told full in the queue';
        await leave();
        return f;
      }
      await sleep(room.place.pollAfterMs * (0.9 + Math.random() * 0.2));
      room = await rec.call(session, 'poll', 'GET', `/api/ocr/waiting-room/${PROFILE}`);
    }
    // Its turn: the class step shows which of its two classes still have places.
    const { classes } = await rec.call(session, 'classes', 'POST', '/api/classes', { ocr_profile_id: PROFILE, limit: 100 });
    const wanted = [classIds[i % MORNING_CLASSES], classIds[(i + 3) % MORNING_CLASSES]];
    const free = wanted.filter((id) => classes.some((c) => c.ClassID === id && !c.IsFull));
    if (free.length === 0) {
      f.outcome = 'told full';
      await leave();
      return f;
    }
    const { token } = await rec.call(session, 'send-code', 'POST', '/api/ocr/send-code', { email: f.email });
    const code = await mailedCode(mailbox, f.email);
    await rec.call(session, 'verify-code', 'POST', '/api/ocr/verify-code', { token, code, profile: PROFILE });
    f.card = (await rec.call(session, 'card', 'POST', '/sim-gateway/v1/registration-tokens', { registration_token: token, number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' })).id;
    f.children = free.length;
    // The checkout step: the quote holds the family's places while it pays (decision 109).
    const chosen = free.map((ClassID, s) => ({ student: s, ClassID }));
    try {
      await rec.call(session, 'quote', 'POST', '/api/ocr/quote', { profile: PROFILE, classes: chosen }, { 'x-registration-token': token });
    } catch (error) {
      if (!/: 409 .*CLASS_FULL/.test(String(error.message))) throw error;
      f.outcome = 'told full at the checkout';
      await leave();
      return f;
    }
    const body = {
      registration_token: token,
      profile: PROFILE,
      customer: { FirstName: 'Morning', LastName: f.lastName, PhoneMobile: '0412000333' },
      students: free.map((_, s) => ({ FirstName: `Child${s + 1}`, LastName: f.lastName, DOB: '2017-03-04', GenderType: 'Female' })),
      agreements,
      marketing_opt_in: null,
      classes: chosen,
      cardToken: f.card,
    };
    const answer = await submit({ session, key: f.key }, body);
    rec.record('submit', answer.ms);
    if (answer.status >= 500) throw new Error(`submit ${answer.status}`);
    if (answer.status === 200 && answer.answer.payment?.status === 'completed') f.outcome = 'completed';
    else if (answer.status === 409 && answer.answer.code === 'CLASS_FULL') {
      f.outcome = 'refused full';
      await leave();
    } else throw new Error(`submit ${answer.status} ${answer.answer.code ?? ''} ${answer.answer.message ?? ''}`);
  } catch (error) {
    f.error = String(error.message).slice(0, 200);
  } finally {
    f.answeredAt = Date.now();
  }
  return f;
}

const count = async (store, sql, params) => Number((await store.all(sql, params))[0].n);

/** The database after the morning: places, charges, and the order of admission against arrival. */
async function check(store, companyId, classIds, families, opensAt) {
  let oversold = 0;
  let taken = 0;
  for (const id of classIds) {
    const [{ capacity }] = await store.all('select capacity from classes where company_id = ? and id = ?', [companyId, id]);
    if ((await count(store, `select count(*) as n from enrolments where company_id = ? and class_id = ? and status = 'active'`, [companyId, id])) > Number(capacity)) oversold++;
    taken += await count(
      store,
      `select count(*) as n from enrolments e join students s on s.id = e.student_id where e.company_id = ? and e.class_id = ? and e.status = 'active' and s.last_name like 'Morning%'`,
      [companyId, id],
    );
  }
  let chargedWithoutPlace = 0;
  let chargedTwice = 0;
  for (const f of families.filter((x) => x.card)) {
    const charges = await store.all(`select status from gateway_charges where company_id = ? and token = ? and status = 'succeeded'`, [companyId, f.card]);
    if (charges.length > 1) chargedTwice++;
    if (f.outcome !== 'completed' && charges.length > 0) chargedWithoutPlace++;
  }
  // The queue's own record: who joined when, their draw, when let in.
  const places = await store.all(
    `select p.id, p.joined_at, p.place_key, p.admitted_at from waiting_room_places p join waiting_rooms r on r.id = p.room_id where r.company_id = ? and r.profile_id = ? and r.opens_at = ?`,
    [companyId, PROFILE, new Date(opensAt).toISOString()],
  );
  const early = places.filter((p) => Date.parse(p.joined_at) < opensAt);
  const late = places.filter((p) => Date.parse(p.joined_at) >= opensAt).sort((a, b) => a.joined_at.localeCompare(b.joined_at) || Number(a.id) - Number(b.id));
  // Early: rank correlation (Spearman) of arrival against admission, near 0 for a fair draw.
  const rank = (list, key) => new Map([...list].sort((a, b) => key(a) - key(b)).map((p, n) => [p, n]));
  const byArrival = rank(early, (p) => Date.parse(p.joined_at));
  const byAdmission = rank(early, (p) => Number(p.place_key));
  const n = early.length;
  const d2 = early.reduce((sum, p) => sum + (byArrival.get(p) - byAdmission.get(p)) ** 2, 0);
  const spearman = n > 1 ? 1 - (6 * d2) / (n * (n * n - 1)) : 0;
  // Late: pairs let in before one that arrived earlier (none, where nobody is away).
  let lateInversions = 0;
  for (let k = 1; k < late.length; k++) if (late[k].admitted_at && late[k - 1].admitted_at && late[k].admitted_at < late[k - 1].admitted_at) lateInversions++;
  const letIn = places.filter((p) => p.admitted_at).length;
  return { oversold, taken, chargedWithoutPlace, chargedTwice, spearman, lateInversions, earlyCount: n, lateCount: late.length, letIn };
}

/** The row; arguments as measureRegistrations takes them. */
export async function measureMorning({ store, port, spawnServer, stopServer, cpuMs }) {
  const { startMailbox } = await tsImport('../../apps/server/src/test/mailbox.ts', import.meta.url);
  const mailbox = await startMailbox();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({ SMTP_URL: mailbox.url });
  const [company] = await store.all('select id from companies where code = ?', [COMPANY]);
  const companyId = Number(company.id);
  // The morning changes the classes' capacities; they are put back after it.
  const capacities = await store.all('select id, capacity from classes where company_id = ?', [companyId]);
  try {
    await waitReady(base, { server });
    const classIds = await morningClasses(base, store, companyId);
    const look = new PortalSession(base);
    await look.call('POST', '/api/company/login-by-code', { company_code: COMPANY });
    const { agreements: active } = await look.call('GET', `/api/customer/get-active-agreements?id=${PROFILE}`);
    const drawn = await signature();
    const agreements = active.map((a) => ({ agreementID: a.AgreementID, agreed: true, signature: a.RequiresSignature ? drawn : null }));
    // The opening: a whole second, ARRIVE_BEFORE_S and a little from now.
    const opensAt = Math.ceil((Date.now() + (ARRIVE_BEFORE_S + 5) * 1000) / 1000) * 1000;
    await setOpening(store, companyId, new Date(opensAt).toISOString());
    const rec = recorder();
    const cpuBefore = cpuMs(server.pid);
    const families = await Promise.all(Array.from({ length: MORNING_FAMILIES }, (_, i) => family(i, { base, rec, mailbox, opensAt, classIds, agreements })));
    const cpuMsUsed = cpuMs(server.pid) - cpuBefore;
    const errors = new Map();
    for (const f of families.filter((x) => x.error)) errors.set(f.error, (errors.get(f.error) ?? 0) + 1);
    for (const [message, n] of errors) console.warn(`registration morning: ${n}× ${message}`);
    const checked = await check(store, companyId, classIds, families, opensAt);
    const outcomes = {};
    for (const f of families) outcomes[f.outcome] = (outcomes[f.outcome] ?? 0) + 1;
    const { errors: fiveHundreds, kinds } = rec.summary();
    const all = kinds.flatMap((k) => k).map((k) => k.p99);
    return {
      rps: 0,
      total: MORNING_FAMILIES,
      p50: Math.max(...kinds.map((k) => k.p50)),
      p99: Math.max(...all),
      share304: 0,
      failed: families.filter((f) => f.error).length,
      cpuUs: (cpuMsUsed * 1000) / MORNING_FAMILIES,
      morning: {
        families: MORNING_FAMILIES,
        places: MORNING_CLASSES * PLACES_EACH,
        outcomes,
        kinds,
        fiveHundreds,
        lastAnswerSeconds: (Math.max(...families.map((f) => f.answeredAt)) - opensAt) / 1000,
        cpuMsPerFamily: cpuMsUsed / MORNING_FAMILIES,
        cpuMsPerLetIn: cpuMsUsed / Math.max(1, checked.letIn),
        ...checked,
      },
    };
  } finally {
    await setOpening(store, companyId, null).catch(() => undefined);
    for (const c of capacities) await store.run('update classes set capacity = ? where company_id = ? and id = ?', [c.capacity, companyId, c.id]).catch(() => undefined);
    await stopServer(server);
    await mailbox.close();
  }
}

/** The row's report, printed under the table. */
export function printMorning(engine, g) {
  console.log(`\n${engine}: registration morning, ${g.families} families for ${g.places} places (${AT_ONCE} turns at once, ${PER_MINUTE ?? 'the default'} let in a minute)`);
  console.log(`  outcomes ${JSON.stringify(g.outcomes)}; places taken ${g.taken} of ${g.places}; 5xx or network errors ${g.fiveHundreds}`);
  console.log(`  early arrivals ${g.earlyCount}: arrival against admission, Spearman ${g.spearman.toFixed(3)}; later arrivals ${g.lateCount}: let in out of arrival order ${g.lateInversions}`);
  console.log(
    `  every family answered ${g.lastAnswerSeconds.toFixed(1)} s after the opening; server CPU ${g.cpuMsPerFamily.toFixed(1)} ms per family, ${g.cpuMsPerLetIn.toFixed(1)} ms per family let in (${g.letIn})`,
  );
  for (const k of g.kinds) console.log(`  ${k.kind.padEnd(12)} ${String(k.count).padStart(6)} requests  p50 ${k.p50} ms  p95 ${k.p95} ms  p99 ${k.p99} ms`);
  const checks = [
    ['oversold classes', g.oversold, 0],
    ['families charged without a place', g.chargedWithoutPlace, 0],
    ['families charged twice', g.chargedTwice, 0],
    ['5xx answers', g.fiveHundreds, 0],
    ['places taken short of capacity', g.places - g.taken, 0],
  ];
  for (const [name, value, want] of checks) {
    console.log(`  ${value === want ? 'ok  ' : 'FAIL'} ${name}: ${value}`);
    if (value !== want) process.exitCode = 1;
  }
}
