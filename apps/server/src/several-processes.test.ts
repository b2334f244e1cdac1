import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from './runtime.ts';
import { seedDemoData } from './seed/seed.ts';
import { migrationsFor } from './db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test/test-db.ts';
import { startMailbox, type Mailbox } from './test/mailbox.ts';
import { Browser, changeCompanySettings, ownCompany, solvedCaptcha, type TestApp } from './test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, customerWithInvoices, idempotencyKey as key, invoiceState, TEST_CARDS, tokenise } from './test/payment-fixtures.ts';
import { noticesFor } from './test/notice-fixtures.ts';
import { runMinuteJobs } from './jobs/scheduler.ts';
import { enqueueMail } from './modules/messaging/messaging.api.ts';
import { createSimulatedGateway, type SimulatedGateway } from './modules/payments/simulated-gateway.ts';
import { setPaymentFaults } from './flows/checkout/payment-steps.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer: each
 * opens its own connections, mailer and Redis client, as a process of its own would. PostgreSQL
 * only (an SQLite file belongs to one process).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIGN_INS_PER_MINUTE = 6;
const FAILURES_PER_ADDRESS = 3;

/** A client address of this run's own (64 random bits of IPv6): the throttles in Redis count it apart from every other run's. */
const freshAddress = () => `fd00::${(randomBytes(8).toString('hex').match(/.{4}/g) ?? []).join(':')}`;

/** The gateway each process talks to, telling which charge each process asked about or refunded. */
function watchedGateway(database: TestDatabase, calls: string[]): SimulatedGateway {
  const gateway = createSimulatedGateway(database.db);
  return {
    ...gateway,
    retrieve: (companyId, idempotencyKey) => {
      calls.push(`retrieve ${idempotencyKey}`);
      return gateway.retrieve(companyId, idempotencyKey);
    },
    refund: (companyId, chargeId) => {
      calls.push(`refund ${chargeId}`);
      return gateway.refund(companyId, chargeId);
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let mailbox: Mailbox;
  let a: Runtime;
  let b: Runtime;
  let seeded: boolean[];
  const gatewayCalls: string[] = [];

  const start = () =>
    createRuntime({
      LOG_LEVEL: 'silent',
      SERVE_WEB: false,
      PUBLIC_URL: 'http://portal.test',
      TRUSTED_ORIGINS: '',
      CAPTCHA_MAX_COUNTER: 10,
      DATABASE_URL: database.url,
      REDIS_URL,
      SMTP_URL: mailbox.url,
      AUTH_RATE_LIMIT: SIGN_INS_PER_MINUTE,
      SIGN_IN_CALL_LIMIT: SIGN_INS_PER_MINUTE,
      AUTH_EMAIL_RATE_LIMIT: FAILURES_PER_ADDRESS,
      gateways: { simulated: watchedGateway(database, gatewayCalls) },
    });

  beforeAll(async () => {
    // A database one migration old: both processes start on it at the same instant.
    database = await createTestDatabase('postgres', { upTo: '001-foundation' });
    mailbox = await startMailbox();
    [a, b] = await Promise.all([start(), start()]);
    seeded = await Promise.all([seedDemoData(a.ctx.db), seedDemoData(b.ctx.db)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mailbox?.close();
    await database?.drop();
  });

  const db = () => a.ctx.db;
  /** Process A as the payment fixtures take it: its server and database, the mail both processes sent. */
  const viaA = (): TestApp => ({
    server: a.server,
    runtime: a,
    mailbox,
    queryCount: () => 0,
    async lastMailTo(to) {
      await Promise.all([a.ctx.mailer.flush(), b.ctx.mailer.flush()]);
      return mailbox.lastTo(to);
    },
    close: async () => undefined,
  });
  const flushMail = () => Promise.all([a.ctx.mailer.flush(), b.ctx.mailer.flush()]);
  const mailsTo = async (to: string, subject = '') => {
    await flushMail();
    return mailbox.received.filter((m) => m.to === to && m.subject.includes(subject));
  };
  /** A family of the test's own with one unpaid invoice, signed in on process A from an address of its own. */
  const family = (cents: number) => customerWithInvoices(viaA(), [cents], { prefix: 'MP', remoteAddress: freshAddress() });
  const notificationsOf = async (clientId: number, title: string) =>
    (
      await db()
        .selectFrom('notification_contacts as nc')
        .innerJoin('notifications as n', 'n.id', 'nc.notification_id')
        .select('n.title')
        .where('nc.client_id', '=', clientId)
        .where('n.title', '=', title)
        .execute()
    ).length;
  /** The charges made to a card (each family tokenises its own). */
  const chargesTo = (cardToken: string) => db().selectFrom('gateway_charges').select(['charge_id', 'status']).where('token', '=', cardToken).execute();
  /** A checkout on A whose process dies between the charge and the order, its lease left to run out. */
  const diesAfterCharge = async (browser: Browser, invoiceNo: string, idempotencyKey = key()) => {
    const body = { invoices: [invoiceNo], cardToken: await tokenise(browser) };
    setPaymentFaults(a.ctx, {
      afterCharge: () => {
        throw new Error('process killed');
      },
    });
    try {
      expect((await browser.post('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey })).status).toBe(500);
    } finally {
      setPaymentFaults(a.ctx, undefined);
    }
    return { body, idempotencyKey };
  };

  it('both start at once on one database: it is migrated and seeded once', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db());
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrationsFor('postgres')).sort());
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const companies = await db().selectFrom('companies').select('code').orderBy('code').execute();
    expect(companies.map((c) => c.code)).toEqual(['ACE', 'CLOSED', 'SPLASH', 'THAMES']);
  });

  it('a session made on one process is served by the other, and signed out on both', async () => {
    const who = await family(1_000);
    await noticesFor(viaA(), who, ['Pool closed Monday', 'Term dates'], 1);
    const onA = who.browser;
    const onB = onA.on(b.server);
    const notes = await onB.get<{ total_count: number; total_count_new: number }>('/api/notification?page=1&limit=5&status=All');
    expect(notes.status).toBe(200);
    expect([notes.body.total_count, notes.body.total_count_new]).toEqual([2, 1]);
    expect((await onB.post('/api/customer/logout')).status).toBe(200);
    expect((await onA.get('/api/notification?page=1&limit=5&status=All')).status).toBe(401);
  });

  it('the sign-in calls of one address (its flood guard) count on both processes together', async () => {
    const onA = new Browser(a.server, freshAddress());
    const onB = onA.on(b.server);
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i += 1) expect((await (i % 2 ? onB : onA).post('/api/company/login-by-code', { company_code: 'SPLASH' })).status).toBe(200);
    expect((await onA.post('/api/company/login-by-code', { company_code: 'SPLASH' })).status).toBe(429);
    expect((await onB.post('/api/company/login-by-code', { company_code: 'SPLASH' })).status).toBe(429);
  });

  it('failed sign-ins of one address count on both processes together; the right password is then refused on either', async () => {
    const { email, password } = await family(1_000);
    const onA = new Browser(a.server, freshAddress());
    const onB = onA.on(b.server);
    await onA.enterCompany('SPLASH');
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) expect((await (i % 2 ? onB : onA).post('/api/customer/get-clients', { email, password: 'Wrong#Guess1' })).status).toBe(401);
    expect((await onB.post('/api/customer/get-clients', { email, password })).status).toBe(429);
    expect((await onA.post('/api/customer/get-clients', { email, password })).status).toBe(429);
  });

  it('a captcha issued by one process is taken by the other, once: the same solution sent to both at the same instant goes through once', async () => {
    const onA = new Browser(a.server, freshAddress());
    const onB = onA.on(b.server);
    await onA.enterCompany('SPLASH');
    const captcha = await solvedCaptcha(onA);
    const subject = `Lessons ${randomBytes(3).toString('hex')}`;
    // An address of this run's own: the per-address throttle in Redis outlives the run.
    const enquiry = { name: 'Priya Shah', email: `priya.${randomBytes(3).toString('hex')}@example.com`, phone: '+61412345678', subject, message: 'Can Ella move to Saturdays?', captcha };
    const answers = await Promise.all([onA.post('/api/company/contact-us', enquiry), onB.post('/api/company/contact-us', enquiry)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.status === 400)?.body.code).toBe('CAPTCHA_FAILED');
    expect(await mailsTo('office@splash.example', subject)).toHaveLength(1);
  });

  it('a checkout whose process died after the charge, retried on the other process with the same key, is charged once', async () => {
    const { browser, email, clientId, invoiceNo } = await family(6_100);
    const { body, idempotencyKey } = await diesAfterCharge(browser, invoiceNo);
    expect(await chargesTo(body.cardToken)).toHaveLength(1);
    // The dead process's lease runs out.
    await db().updateTable('payments').set({ lease_until: '2000-01-01T00:00:00.000Z' }).where('idempotency_key', '=', idempotencyKey).execute();
    const retry = await browser.on(b.server).post<{ status: string; receiptNo: string }>('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('completed');
    expect(await chargesTo(body.cardToken)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await invoiceState(viaA(), invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
    expect(await mailsTo(email, retry.body.receiptNo)).toHaveLength(1);
    expect(await notificationsOf(clientId, 'Payment received')).toBe(1);
  });

  it("a registration opening's waiting room is one queue across both: the limit of turns holds, and a place joined on one is served by the other", async () => {
    const own = await ownCompany(viaA());
    await changeCompanySettings<Record<string, unknown>>(viaA(), own.companyId, (s) => {
      s.switches = { ...(s.switches as object), AllowOCR: true, CanTakeNewSignUps: true };
      s.profiles = [{ OCRProfileID: 1, ProfileName: 'Term', DisplayName: 'Term', PageType: 'NoClasses', OpensAt: new Date(Date.now() - 60_000).toISOString(), WaitingRoom: { FamiliesAtOnce: 3 } }];
    });
    const families = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const browser = new Browser(i % 2 ? b.server : a.server, freshAddress());
        await browser.enterCompany(own.code);
        await browser.post('/api/ocr/waiting-room/1');
        return browser;
      }),
    );
    // Every family asks at the same instant, each on the process it did not join on.
    const states = await Promise.all(families.map(async (f, i) => (await f.on(i % 2 ? a.server : b.server).get<{ place: { state: string } }>('/api/ocr/waiting-room/1')).body.place.state));
    expect(states.filter((s) => s === 'admitted')).toHaveLength(3);
    const admitted = families[states.indexOf('admitted')]!;
    for (const server of [a.server, b.server]) expect((await admitted.on(server).post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] })).body.code).toBe('NO_CLASSES_TAKEN');
    const waiting = families[states.indexOf('waiting')]!;
    expect((await waiting.on(b.server).post<{ code: string }>('/api/ocr/quote', { profile: 1, classes: [] })).body.code).toBe('QUEUE_TURN_REQUIRED');
  });

  it("the waiting room's pace holds across both: one a minute lets in one, though a hundred turns are free", async () => {
    const own = await ownCompany(viaA());
    await changeCompanySettings<Record<string, unknown>>(viaA(), own.companyId, (s) => {
      s.switches = { ...(s.switches as object), AllowOCR: true, CanTakeNewSignUps: true };
      s.profiles = [
        {
          OCRProfileID: 1,
          ProfileName: 'Term',
          DisplayName: 'Term',
          PageType: 'NoClasses',
          OpensAt: new Date(Date.now() - 60_000).toISOString(),
          WaitingRoom: { FamiliesAtOnce: 100, FamiliesPerMinute: 1 },
        },
      ];
    });
    const families = [];
    // Joined at once on either process, then each asks on the other: one is let in in all.
    for (let i = 0; i < 12; i += 1) {
      const browser = new Browser(i % 2 ? b.server : a.server, freshAddress());
      await browser.enterCompany(own.code);
      families.push(browser);
    }
    await Promise.all(families.map((f) => f.post('/api/ocr/waiting-room/1')));
    const states = await Promise.all(families.map(async (f, i) => (await f.on(i % 2 ? a.server : b.server).get<{ place: { state: string } }>('/api/ocr/waiting-room/1')).body.place.state));
    expect(states.filter((s) => s === 'admitted')).toHaveLength(1);
  });

  it('the same checkout sent to both processes at the same instant is charged once, and both answer it', async () => {
    const { browser, invoiceNo } = await family(3_300);
    const body = { invoices: [invoiceNo], cardToken: await tokenise(browser, TEST_CARDS.ok) };
    const idempotencyKey = key();
    const [onA, onB] = await Promise.all([
      browser.post('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey }),
      browser.on(b.server).post('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey }),
    ]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(onA.body).toEqual(onB.body);
    expect(await chargesTo(body.cardToken)).toHaveLength(1);
  });

  describe('their jobs, run by both at the same instant', () => {
    it('deliver each queued mail once, left by a dead process or being delivered by its writer, and reconcile each stale payment once', async () => {
      // Mail a process wrote in its transaction and died before delivering.
      const splash = await companyIdOf(viaA(), 'SPLASH');
      const queued = Array.from({ length: 12 }, (_, i) => `queued.${i}.${randomBytes(3).toString('hex')}@example.com`);
      for (const to of queued) await enqueueMail(a.ctx, { companyId: splash, to, subject: 'Queued before a crash', text: 'T', html: '<p>T</p>' });
      // Mail A has just committed and delivers itself while the jobs run.
      const fresh = Array.from({ length: 6 }, (_, i) => `fresh.${i}.${randomBytes(3).toString('hex')}@example.com`);
      const freshIds: number[] = [];
      for (const to of fresh) freshIds.push(await enqueueMail(a.ctx, { companyId: splash, to, subject: 'Just written', text: 'T', html: '<p>T</p>' }));
      // Payments whose process died between charge and order.
      const stale = await Promise.all([1, 2, 3, 4].map((i) => family(1_000 * i)));
      const keys: string[] = [];
      for (const f of stale) keys.push((await diesAfterCharge(f.browser, f.invoiceNo)).idempotencyKey);
      gatewayCalls.length = 0;

      const later = new Date(Date.now() + 10 * 60_000);
      a.ctx.mailer.deliver(freshIds);
      await Promise.all([runMinuteJobs(a.ctx, later), runMinuteJobs(b.ctx, later)]);

      for (const to of [...queued, ...fresh]) expect(await mailsTo(to), to).toHaveLength(1);
      expect(
        await db()
          .selectFrom('outbox')
          .select('id')
          .where('to_address', 'in', [...queued, ...fresh])
          .execute(),
      ).toEqual([]);
      for (const [i, f] of stale.entries()) {
        expect(await invoiceState(viaA(), f.invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
        expect(await notificationsOf(f.clientId, 'Payment received')).toBe(1);
        expect(await mailsTo(f.email, 'RCT-')).toHaveLength(1);
        const payment = await db().selectFrom('payments').select('id').where('idempotency_key', '=', keys[i]!).executeTakeFirstOrThrow();
        // One process took each payment and asked the gateway about it; the other left it.
        expect(gatewayCalls.filter((c) => c === `retrieve payment-${payment.id}`)).toHaveLength(1);
      }
    });

    /**
     * A retry of a payment a dead process left reaches B, which takes the payment over; while B is
     * between the charge and the order, A's minute job runs (after B's lease ran out, when `stalls`).
     */
    async function retryOnBDuringAsJob(stalls: boolean) {
      const { browser, email, clientId, invoiceNo } = await family(4_400);
      const { body, idempotencyKey } = await diesAfterCharge(browser, invoiceNo);
      const expireLease = () => db().updateTable('payments').set({ lease_until: '2000-01-01T00:00:00.000Z' }).where('idempotency_key', '=', idempotencyKey).execute();
      await expireLease();
      let charged!: () => void;
      let jobDone!: () => void;
      const atCharge = new Promise<void>((resolve) => (charged = resolve));
      const afterJob = new Promise<void>((resolve) => (jobDone = resolve));
      setPaymentFaults(b.ctx, {
        afterCharge: async () => {
          charged();
          await afterJob;
        },
      });
      try {
        const retrying = browser.on(b.server).post<{ status: string; receiptNo: string }>('/api/payment/checkout', body, { 'idempotency-key': idempotencyKey });
        await atCharge;
        if (stalls) await expireLease();
        await runMinuteJobs(a.ctx, new Date());
        jobDone();
        const retry = await retrying;
        expect(retry.status).toBe(200);
        expect(retry.body.status).toBe('completed');
        expect(await mailsTo(email, retry.body.receiptNo)).toHaveLength(1);
      } finally {
        setPaymentFaults(b.ctx, undefined);
      }
      expect(await chargesTo(body.cardToken)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      expect(await invoiceState(viaA(), invoiceNo)).toEqual({ status: 'Paid', balance_due_cents: 0 });
      expect(await notificationsOf(clientId, 'Payment received')).toBe(1);
    }

    it('leave a payment to the retry another process is finishing: charged and ordered once', () => retryOnBDuringAsJob(false));

    it('finish a payment whose retry outlived its lease, and that retry then answers the order without refunding it', () => retryOnBDuringAsJob(true));

    it('refund a charge whose payment was given up once', async () => {
      const { browser, invoiceNo } = await family(2_200);
      const { body, idempotencyKey } = await diesAfterCharge(browser, invoiceNo);
      // The payment was given up while the charge went through.
      await db().updateTable('payments').set({ status: 'failed' }).where('idempotency_key', '=', idempotencyKey).execute();
      const [charge] = await chargesTo(body.cardToken);
      gatewayCalls.length = 0;

      const later = new Date(Date.now() + 10 * 60_000);
      await Promise.all([runMinuteJobs(a.ctx, later), runMinuteJobs(b.ctx, later)]);

      expect(await chargesTo(body.cardToken)).toEqual([expect.objectContaining({ status: 'refunded' })]);
      expect(gatewayCalls.filter((c) => c === `refund ${charge!.charge_id}`)).toHaveLength(1);
    });

    it('offer each free waitlist place once', async () => {
      const splash = await companyIdOf(viaA(), 'SPLASH');
      const [classId] = await classesWithSessionsAhead(viaA(), splash);
      const cls = await db().selectFrom('classes').select('name').where('id', '=', classId!).executeTakeFirstOrThrow();
      // Four families wait for a class whose two places have just come free.
      await db().updateTable('waitlist_entries').set({ status: 'left' }).where('class_id', '=', classId!).execute();
      const waiting = await Promise.all([1, 2, 3, 4].map(() => family(1_000)));
      const now = new Date().toISOString();
      for (const [i, f] of waiting.entries()) {
        const student = await db()
          .insertInto('students')
          .values({ company_id: splash, client_id: f.clientId, first_name: `Swimmer${i}`, last_name: 'Ng', dob: null, gender: '', standard: '', profile_picture: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db().insertInto('waitlist_entries').values({ company_id: splash, class_id: classId!, student_id: student.id, client_id: f.clientId, status: 'waiting', created_at: now }).execute();
      }
      await db().updateTable('enrolments').set({ end_date: '2000-01-01' }).where('company_id', '=', splash).where('class_id', '=', classId!).execute();
      await db().updateTable('classes').set({ capacity: 2 }).where('id', '=', classId!).execute();

      await Promise.all([runMinuteJobs(a.ctx), runMinuteJobs(b.ctx)]);

      const entries = await db()
        .selectFrom('waitlist_entries')
        .select('status')
        .where(
          'client_id',
          'in',
          waiting.map((f) => f.clientId),
        )
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.status)).toEqual(['offered', 'offered', 'waiting', 'waiting']);
      const title = `A place is free in ${cls.name}`;
      for (const [i, f] of waiting.entries()) {
        const offered = i < 2 ? 1 : 0;
        expect(await notificationsOf(f.clientId, title)).toBe(offered);
        expect(await mailsTo(f.email, title)).toHaveLength(offered);
      }
    });
  });
});
