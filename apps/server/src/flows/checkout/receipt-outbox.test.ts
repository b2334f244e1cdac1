import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/api-harness.ts';
import { companyApp, customerWithInvoices, idempotencyKey as key, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { setPaymentFaults } from './payment-steps.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';
import { OUTBOX_LEASE_MS } from '../../modules/messaging/mailer.ts';

/** The receipt e-mail is an outbox row written in the order's own transaction. */
describe.each(testEngines())('receipt e-mail in the order transaction on %s', (engine) => {
  const app = companyApp(engine);

  const { db } = app;
  const withInvoice = (cents: number) => customerWithInvoices(app.t, [cents], { prefix: 'O' });
  // The receipt mails only (a new customer is also welcomed).
  const received = (email: string) => app.t.mailbox.received.filter((m) => m.to === email && m.subject.includes('RCT-'));
  const mailsTo = (email: string) => db().selectFrom('outbox').select(['company_id', 'subject', 'text_body', 'status']).where('to_address', '=', email).execute();

  it('a process that dies right after the order commits still sends the receipt: the outbox row was written with the order', async () => {
    const { browser, email, clientId, invoiceNo } = await withInvoice(4_200);
    const body = { invoices: [invoiceNo], cardToken: await tokenise(browser) };
    const idem = key();
    setPaymentFaults(app.t.runtime.ctx, {
      afterOrder: () => {
        throw new Error('process killed after commit');
      },
    });
    try {
      expect((await browser.post('/api/payment/checkout', body, { 'idempotency-key': idem })).status).toBe(500);
    } finally {
      setPaymentFaults(app.t.runtime.ctx, undefined);
    }
    await app.t.runtime.ctx.mailer.flush();
    const receipt = await db().selectFrom('receipts').select('receipt_no').where('client_id', '=', clientId).executeTakeFirstOrThrow();
    const queued = await mailsTo(email);
    expect(queued).toEqual([expect.objectContaining({ company_id: app.companyId, status: 'pending', subject: expect.stringContaining(receipt.receipt_no) as string })]);
    expect(queued[0]!.text_body).toContain('$42.00');

    // The minute job delivers what a dead process left queued; the retry replays the order and mails nothing more.
    expect(received(email)).toEqual([]);
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.now() + 120_000));
    expect(received(email).map((m) => m.subject)).toEqual([expect.stringContaining(receipt.receipt_no)]);
    // Delivered: the row is gone.
    expect(await mailsTo(email)).toEqual([]);
    const retry = await browser.post<{ status: string; receiptNo: string }>('/api/payment/checkout', body, { 'idempotency-key': idem });
    expect(retry.body).toMatchObject({ status: 'completed', receiptNo: receipt.receipt_no });
    await app.t.runtime.ctx.mailer.flush();
    await runMinuteJobs(app.t.runtime.ctx, new Date(Date.now() + 120_000));
    expect(received(email)).toHaveLength(1);
  });

  it('a completed order is mailed once, at once', async () => {
    const { browser, email, invoiceNo } = await withInvoice(1_000);
    const paid = await browser.post<{ receiptNo: string }>('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    await app.t.runtime.ctx.mailer.flush();
    expect(received(email).map((m) => m.subject)).toEqual([expect.stringContaining(paid.body.receiptNo)]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('the receipt e-mail says what was paid and links to the family’s invoices and receipts', async () => {
    const { browser, email, invoiceNo } = await withInvoice(1_250);
    const paid = await browser.post<{ receiptNo: string }>('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser) }, { 'idempotency-key': key() });
    expect(paid.status).toBe(200);
    await app.t.runtime.ctx.mailer.flush();
    const [mail] = received(email);
    expect(mail!.text).toContain(`Invoice ${invoiceNo}: $12.50`);
    expect(mail!.text).toContain('View your invoices and receipts: http://portal.test/hub/financials/invoices-and-receipts');
    expect(mail!.html).toContain('href="http://portal.test/hub/financials/invoices-and-receipts"');
  });

  it('a declined order queues no receipt', async () => {
    const { browser, email, invoiceNo } = await withInvoice(1_000);
    const res = await browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser, TEST_CARDS.declined) }, { 'idempotency-key': key() });
    expect(res.status).toBe(402);
    await app.t.runtime.ctx.mailer.flush();
    expect(await mailsTo(email)).toEqual([]);
    expect(received(email)).toEqual([]);
  });

  it('a receipt left sending by a process that died mid-delivery goes out again after its lease, once, however many processes run the minute job', async () => {
    const { browser, email, invoiceNo } = await withInvoice(2_300);
    const idem = key();
    setPaymentFaults(app.t.runtime.ctx, {
      afterOrder: () => {
        throw new Error('process killed after commit');
      },
    });
    try {
      await browser.post('/api/payment/checkout', { invoices: [invoiceNo], cardToken: await tokenise(browser) }, { 'idempotency-key': idem });
    } finally {
      setPaymentFaults(app.t.runtime.ctx, undefined);
    }
    // The dying process had taken the row for delivery (pending -> sending) when it stopped.
    const now = Date.now();
    await db()
      .updateTable('outbox')
      .set({ status: 'sending', lease_until: new Date(now + 60_000).toISOString() })
      .where('to_address', '=', email)
      .execute();
    // While its lease runs, nobody else sends it.
    await runMinuteJobs(app.t.runtime.ctx, new Date(now + 30_000));
    expect(received(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([expect.objectContaining({ status: 'sending' })]);
    // After it, the minute jobs of five processes at once send it once.
    const later = new Date(now + OUTBOX_LEASE_MS + 120_000);
    await Promise.all([0, 1, 2, 3, 4].map(() => runMinuteJobs(app.t.runtime.ctx, later)));
    expect(received(email)).toHaveLength(1);
    expect(await mailsTo(email)).toEqual([]);
  });
});
