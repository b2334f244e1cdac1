import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, newStudent, tokenise } from '../../test/payment-fixtures.ts';

/**
 * Checkouts per second through the simulated gateway (Pay Now of one invoice each: tokenise is
 * done before, the measured call is POST /api/payment/checkout with its own Idempotency-Key),
 * 20 at a time; then carts of one class each for a child, so each checkout writes a new invoice
 * (numbered under the company's counter) and holds a place. Runs only with BENCH_CHECKOUT=1;
 * prints the figures.
 */
const COUNT = Number(process.env.BENCH_CHECKOUT_COUNT ?? 400);
const CONCURRENCY = 20;

describe.runIf(process.env.BENCH_CHECKOUT === '1').each(testEngines())('checkout throughput on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { LOG_LEVEL: 'silent' });
  });
  afterAll(() => t.close());

  /** Sends every job's checkout, CONCURRENCY lanes at once, and prints the rate and latencies: how many succeeded. */
  async function payAll<J extends { browser: { post: (url: string, body: unknown, headers: Record<string, string>) => Promise<{ status: number }> } }>(
    what: string,
    jobs: J[],
    bodyOf: (job: J) => unknown,
  ): Promise<number> {
    const started = performance.now();
    let ok = 0;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, lane) => {
        for (let i = lane; i < jobs.length; i += CONCURRENCY) {
          const job = jobs[i]!;
          const t0 = performance.now();
          const res = await job.browser.post('/api/payment/checkout', bodyOf(job), { 'idempotency-key': randomBytes(16).toString('hex') });
          latencies.push(performance.now() - t0);
          if (res.status === 200) ok += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(`[bench] ${engine}: ${ok} ${what} in ${seconds.toFixed(2)} s = ${(ok / seconds).toFixed(0)} checkouts/s at ${CONCURRENCY} concurrent; p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
    return ok;
  }

  it(`pays ${COUNT} invoices, ${CONCURRENCY} at a time`, { timeout: 600_000 }, async () => {
    const db = t.runtime.ctx.db;
    const companyId = (await db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow()).id;
    const customers = await Promise.all(Array.from({ length: CONCURRENCY }, () => registerCustomer(t, { email: `bench.${randomBytes(4).toString('hex')}@example.com` })));
    const jobs: { browser: (typeof customers)[number]['browser']; invoiceNo: string; token: string }[] = [];
    for (let i = 0; i < COUNT; i++) {
      const c = customers[i % CONCURRENCY]!;
      const invoiceNo = `B-${randomBytes(5).toString('hex').toUpperCase()}`;
      await db
        .insertInto('invoices')
        .values({
          company_id: companyId,
          client_id: c.clientId,
          invoice_no: invoiceNo,
          invoice_date: '2026-01-01',
          payment_date: '2099-01-01',
          total_cents: 5_000,
          balance_due_cents: 5_000,
          status: 'Unpaid',
        })
        .execute();
      const token = (await c.browser.post<{ id: string }>('/sim-gateway/v1/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' })).body.id;
      jobs.push({ browser: c.browser, invoiceNo, token });
    }
    const ok = await payAll('checkouts', jobs, (job) => ({ invoices: [job.invoiceNo], cardToken: job.token }));
    expect(ok).toBe(COUNT);
  });

  it(`buys ${COUNT} class places, each on a new invoice, ${CONCURRENCY} at a time`, { timeout: 600_000 }, async () => {
    const db = t.runtime.ctx.db;
    const companyId = (await db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow()).id;
    const classIds = await classesWithSessionsAhead(t, companyId, { limit: 4 });
    await db.updateTable('classes').set({ capacity: 10_000 }).where('company_id', '=', companyId).where('id', 'in', classIds).execute();
    const customers = await Promise.all(Array.from({ length: CONCURRENCY }, () => registerCustomer(t, { email: `bench.${randomBytes(4).toString('hex')}@example.com` })));
    const jobs: { browser: (typeof customers)[number]['browser']; classId: number; studentId: number; token: string }[] = [];
    for (let i = 0; i < COUNT; i++) {
      const c = customers[i % CONCURRENCY]!;
      jobs.push({ browser: c.browser, classId: classIds[i % classIds.length]!, studentId: await newStudent(t, companyId, c.clientId), token: await tokenise(c.browser) });
    }
    const ok = await payAll('class checkouts', jobs, (job) => ({ classItems: [{ ClassID: job.classId, StudentID: job.studentId, dates: [] }], cardToken: job.token }));
    expect(ok).toBe(COUNT);
  });
});
