import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';
import { setPaymentFaults } from './payment.service.ts';
import { reconcileCheckouts } from '../../sweep.ts';

const key = () => randomBytes(16).toString('hex');

/** The receipt e-mail is an outbox row written in the order's own transaction. */
describe.each(testEngines())('receipt e-mail in the order transaction on %s', (engine) => {
  let t: TestApp;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    companyId = (await t.runtime.deps.db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const db = () => t.runtime.deps.db;

  async function withInvoice(cents: number) {
    const who = await registerCustomer(t, { email: `outbox.${randomBytes(4).toString('hex')}@example.com` });
    const invoiceNo = `O-${randomBytes(4).toString('hex').toUpperCase()}`;
    await db()
      .insertInto('invoices')
      .values({ company_id: companyId, client_id: who.clientId, invoice_no: invoiceNo, invoice_date: '2026-01-01', payment_date: '2099-01-15', total_cents: cents, balance_due_cents: cents, status: 'Unpaid' })
      .execute();
    return { ...who, invoiceNo };
  }
  async function tokenise(browser: Browser, number: string) {
    return (await browser.post<{ id: string }>('/sim-gateway/v1/tokens', { number, exp_month: 12, exp_year: 2099, cvc: '123' })).body.id;
  }
  // The receipt mails only (a new customer is also welcomed).
  const received = (email: string) => t.mailbox.received.filter((m) => m.to === email && m.subject.includes('RCT-'));
  const mailsTo = (email: string) => db().selectFrom('outbox').select(['company_id', 'subject', 'text_body', 'status']).where('to_address', '=', email).execute();

  it('a process that dies right after the order commits still sends the receipt: the outbox row was written with the order', async () => {
    const { browser, email, clientId, invoiceNo } = await withInvoice(4_200);
    const body = { invoices: [invoiceNo], cardToken: await tokenise(browser, '4242424242424242') };
    const idem = key();
    setPaymentFaults(t.runtime.deps, {
      afterOrder: () => {
        throw new Error('process killed after commit');
      },
    });
    try {
      expect((await browser.post('/api/payment/checkout', body, { 'idempotency-key': idem })).status).toBe(500);
    } finally {
      setPaymentFaults(t.runtime.deps, undefined);
    }
    await t.runtime.deps.mailer.flush();
    const receipt = await db().selectFrom('receipts').select('receipt_no').where('client_id', '=', clientId).executeTakeFirstOrThrow();
    const queued = await mailsTo(email);
    expect(queued).toEqual([expect.objectContaining({ company_id: companyId, status: 'pending', subject: expect.stringContaining(receipt.receipt_no) as string })]);
    expect(queued[0]!.text_body).toContain('$42.00');

    // The minute job delivers what a dead process left queued; the retry replays the order and mails nothing more.
    expect(received(email)).toEqual([]);
    await reconcileCheckouts(t.runtime.deps, new Date(Date.now() + 120_000));
    expect(received(email).map((m) => m.subject)).toEqual([expect.stringContaining(receipt.receipt_no)]);
    // Delivered: the row is gone.
    expect(await mailsTo(email)).toEqual([]);
    const retry = await browser.post<{ status: string; receiptNo: string }>('/api/payment/checkout', body, { 'idempotency-key': idem });
    expect(retry.body).toMatchObject({ status: 'completed', receiptNo: receipt.receipt_no });
    await t.runtime.deps.mailer.flush();
    await reconcileCheckouts(t.runtime.deps, new Date(Date.now() + 120_000));
    expect(received(email)).toHaveLength(1);
  });

  it('a completed order is mailed once, at once', async () => {
    const { browser, email, invoiceNo } = await withInvoice(1_000);
    const paid = await browser.post<{ receiptNo: string }>('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser, '4242424242424242') }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    await t.runtime.deps.mailer.flush();
    expect(received(email).map((m) => m.subject)).toEqual([expect.stringContaining(paid.body.receiptNo)]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('a declined order queues no receipt', async () => {
    const { browser, email, invoiceNo } = await withInvoice(1_000);
    const res = await browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser, '4000000000000002') }, { 'idempotency-key': key() });
    expect(res.status).toBe(402);
    await t.runtime.deps.mailer.flush();
    expect(await mailsTo(email)).toEqual([]);
    expect(received(email)).toEqual([]);
  });
});
