import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../db/database.ts';
import { addDays, nowIso } from '../lib/time.ts';
import { registerCustomer, startTestApp, type Browser, type TestApp } from './api-harness.ts';

/**
 * What the payment tests share: a fresh customer with unpaid invoices of their own, a card
 * tokenised at the simulated gateway, credits and discount codes, and a new Idempotency-Key.
 */

/** The simulated gateway's test cards (README). */
export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  expired: '4000000000000069',
  network: '4000000000000259',
  challenge: '4000000000003220',
} as const;

export const idempotencyKey = () => randomBytes(16).toString('hex');

export async function companyIdOf(t: TestApp, code: string): Promise<number> {
  return (await t.runtime.ctx.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A new customer of `company` (SPLASH unless told) with one unpaid invoice of each balance; its invoice numbers start with `prefix`. */
export async function customerWithInvoices(t: TestApp, balances: number[], options: { company?: string; status?: string; prefix?: string; remoteAddress?: string } = {}) {
  const { company = 'SPLASH', status = 'Unpaid', prefix = 'T' } = options;
  const who = await registerCustomer(t, { email: `pay.${randomBytes(4).toString('hex')}@example.com`, company, remoteAddress: options.remoteAddress });
  const companyId = await companyIdOf(t, company);
  const invoiceNos: string[] = [];
  for (const cents of balances) {
    const no = `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
    invoiceNos.push(no);
    await t.runtime.ctx.db
      .insertInto('invoices')
      .values({ company_id: companyId, client_id: who.clientId, invoice_no: no, invoice_date: '2026-01-01', payment_date: '2099-01-15', total_cents: cents, balance_due_cents: cents, status })
      .execute();
  }
  return { ...who, companyId, invoiceNos, invoiceNo: invoiceNos[0] ?? '' };
}

/** A child of the client's, with only the fields every form asks for; answers its id. */
export async function newStudent(t: TestApp, companyId: number, clientId: number, firstName = 'Kid'): Promise<number> {
  const row = await t.runtime.ctx.db
    .insertInto('students')
    .values({ company_id: companyId, client_id: clientId, first_name: firstName, last_name: 'Test', dob: '2018-01-01', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A card tokenised at the simulated gateway by the signed-in customer; throws when the gateway refuses it. */
export async function tokenise(browser: Browser, number: string = TEST_CARDS.ok, expiry: { month: number; year: number } = { month: 12, year: 2099 }): Promise<string> {
  const res = await browser.post<{ id: string }>('/sim-gateway/v1/tokens', { number, exp_month: expiry.month, exp_year: expiry.year, cvc: '123' });
  if (res.status !== 200) throw new Error(`tokenise ${number}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function newCredit(t: TestApp, companyId: number, clientId: number, cents: number, description = 'Credit'): Promise<number> {
  const row = await t.runtime.ctx.db
    .insertInto('customer_credits')
    .values({ company_id: companyId, client_id: clientId, description, amount_cents: cents, remaining_cents: cents, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A percentage discount code (basis points: 1000 = 10 %), unlimited unless `maxUses`. */
export async function newDiscountCode(t: TestApp, companyId: number, basisPoints: number, options: { prefix?: string; maxUses?: number } = {}): Promise<string> {
  const code = `${options.prefix ?? 'OFF'}${randomBytes(3).toString('hex').toUpperCase()}`;
  await t.runtime.ctx.db
    .insertInto('discount_codes')
    .values({
      company_id: companyId,
      code,
      kind: 'percent',
      value: basisPoints,
      valid_from: null,
      valid_to: null,
      max_uses: options.maxUses ?? null,
      max_uses_per_client: null,
      eligible_kinds: null,
      eligible_class_ids: null,
    })
    .execute();
  return code;
}

/** How many charges the simulated gateway holds (of one company, or of all). */
export async function countCharges(t: TestApp, companyId?: number): Promise<number> {
  let query = t.runtime.ctx.db.selectFrom('gateway_charges').select((eb) => eb.fn.countAll().as('n'));
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function invoiceState(t: TestApp, invoiceNo: string) {
  return t.runtime.ctx.db.selectFrom('invoices').select(['status', 'balance_due_cents']).where('invoice_no', '=', invoiceNo).executeTakeFirstOrThrow();
}

/** Classes of the company with sessions more than two days ahead (enrollable whatever the hour), by id, highest first unless told. */
export async function classesWithSessionsAhead(t: TestApp, companyId: number, options: { limit?: number; order?: 'asc' | 'desc' } = {}): Promise<number[]> {
  const today = new Date().toISOString().slice(0, 10);
  const rows = await t.runtime.ctx.db
    .selectFrom('class_sessions')
    .select('class_id')
    .where('company_id', '=', companyId)
    .where('date', '>', addDays(today, 2))
    .groupBy('class_id')
    .orderBy('class_id', options.order ?? 'desc')
    .limit(options.limit ?? 1)
    .execute();
  return rows.map((r) => r.class_id);
}

/** A test file's app with a demo company's id. */
export interface CompanyApp {
  t: TestApp;
  companyId: number;
  db: () => TestApp['runtime']['ctx']['db'];
}

/**
 * Starts the app of a describe block's tests before them and closes it after them, with the id of
 * a demo company (SPLASH unless told) whose customers the tests make their own. Called in the
 * block; its fields are there once the tests run.
 */
export function companyApp(engine: Engine, code = 'SPLASH'): CompanyApp {
  const app = { db: () => app.t.runtime.ctx.db } as CompanyApp;
  beforeAll(async () => {
    app.t = await startTestApp(engine);
    app.companyId = await companyIdOf(app.t, code);
  });
  afterAll(() => app.t.close());
  return app;
}

/** A test file's app with SPLASH's classes that have sessions ahead, lowest id first. */
export interface SplashClassesApp {
  t: TestApp;
  splash: number;
  classIds: number[];
  db: () => TestApp['runtime']['ctx']['db'];
}

/**
 * The same for SPLASH, with the first `limit` of its classes with sessions ahead (each test makes
 * one its own with emptyClass).
 */
export function splashClassesApp(engine: Engine, limit: number): SplashClassesApp {
  const base = companyApp(engine);
  const app: SplashClassesApp = {
    get t() {
      return base.t;
    },
    get splash() {
      return base.companyId;
    },
    classIds: [],
    db: base.db,
  };
  beforeAll(async () => {
    app.classIds = await classesWithSessionsAhead(base.t, base.companyId, { limit, order: 'asc' });
  });
  return app;
}

/** The dates of a class's scheduled sessions (after `after`, where given): the first `limit` of them, or with `desc` the last, latest first. */
export async function sessionDates(t: TestApp, companyId: number, classId: number, options: { limit: number; order?: 'asc' | 'desc'; after?: string }): Promise<string[]> {
  let query = t.runtime.ctx.db.selectFrom('class_sessions').select('date').where('company_id', '=', companyId).where('class_id', '=', classId).where('status', '=', 'scheduled');
  if (options.after) query = query.where('date', '>', options.after);
  const rows = await query
    .orderBy('date', options.order ?? 'asc')
    .limit(options.limit)
    .execute();
  return rows.map((r) => r.date);
}

/**
 * Empties a class of the test's database (no place taken, nobody waiting, offered under every
 * registration profile) and sets its capacity and price, and anything else given.
 */
export async function emptyClass(t: TestApp, companyId: number, classId: number, set: { capacity: number; price_cents: number; standard?: string; lesson_format_id?: number | null }): Promise<number> {
  const db = t.runtime.ctx.db;
  await db.deleteFrom('enrolments').where('company_id', '=', companyId).where('class_id', '=', classId).execute();
  await db.deleteFrom('waitlist_entries').where('company_id', '=', companyId).where('class_id', '=', classId).execute();
  await db.deleteFrom('class_profiles').where('company_id', '=', companyId).where('class_id', '=', classId).execute();
  await db
    .updateTable('classes')
    // For any child: a test that wants an age band sets one.
    .set({ min_age: null, max_age: null, ...set, enrolled_count: 0 })
    .where('company_id', '=', companyId)
    .where('id', '=', classId)
    .execute();
  return classId;
}

/** A new family of SPLASH (signed in) with one child of its own. */
export async function familyWithChild(t: TestApp, firstName = 'Kid') {
  const who = await customerWithInvoices(t, []);
  return { ...who, studentId: await newStudent(t, who.companyId, who.clientId, firstName) };
}

/**
 * A make-up credit of the student's, for the class's lesson format (or the one given), expiring 60
 * days after `date`; `booked`, it is used on a make-up place in the class on `date`. Answers both ids.
 */
export async function makeupCredit(
  t: TestApp,
  m: { companyId: number; clientId: number; studentId: number; classId: number; date: string; booked?: boolean; lessonFormatId?: number | null },
): Promise<{ creditId: number; enrolmentId: number | null }> {
  const db = t.runtime.ctx.db;
  const format = m.lessonFormatId !== undefined ? m.lessonFormatId : (await db.selectFrom('classes').select('lesson_format_id').where('id', '=', m.classId).executeTakeFirstOrThrow()).lesson_format_id;
  const place = m.booked
    ? await db
        .insertInto('enrolments')
        .values({
          company_id: m.companyId,
          class_id: m.classId,
          student_id: m.studentId,
          start_date: m.date,
          end_date: m.date,
          status: 'temporary',
          kind: 'temporary',
          hold_until: null,
          created_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null;
  const credit = await db
    .insertInto('makeup_credits')
    .values({
      company_id: m.companyId,
      client_id: m.clientId,
      student_id: m.studentId,
      absence_id: null,
      lesson_format_id: format,
      expires_on: addDays(m.date, 60),
      created_at: '2026-01-01T00:00:00.000Z',
      used_at: place ? '2026-01-02T00:00:00.000Z' : null,
      used_enrolment_id: place ? place.id : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { creditId: Number(credit.id), enrolmentId: place ? Number(place.id) : null };
}
