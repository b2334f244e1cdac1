import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { customerWithInvoices } from '../../test/payment-fixtures.ts';

interface Owed {
  totalCents: number;
  overdueCents: number;
  invoices: { InvoiceNo: string; status: string; balance_due: number }[];
}

/** "You owe $X": every open invoice the family can pay online, overdue first (decision 072). */
describe.each(testEngines())('amount owed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.get('/api/home/get-amount-owed')).status).toBe(401);
  });

  it('sums Unpaid and Overdue balances, lists Overdue first, and leaves out Scheduled, Debit Scheduled, Paid and other families', async () => {
    const family = await customerWithInvoices(t, [1_000, 2_000, 4_000, 8_000, 16_000]);
    const [unpaid, overdue, scheduled, debit, paid] = family.invoiceNos as [string, string, string, string, string];
    const set = (no: string, status: string, payment_date = '2099-01-15') => t.runtime.ctx.db.updateTable('invoices').set({ status, payment_date }).where('invoice_no', '=', no).execute();
    await set(overdue, 'Overdue', '2026-01-20');
    await set(scheduled, 'Scheduled');
    await set(debit, 'Debit Scheduled');
    await set(paid, 'Paid');
    await customerWithInvoices(t, [50_000], { status: 'Overdue' });
    const res = await family.browser.get<Owed>('/api/home/get-amount-owed');
    expect(res.status).toBe(200);
    expect(res.body.totalCents).toBe(3_000);
    expect(res.body.overdueCents).toBe(2_000);
    expect(res.body.invoices.map((i) => [i.InvoiceNo, i.status, i.balance_due])).toEqual([
      [overdue, 'Overdue', 2_000],
      [unpaid, 'Unpaid', 1_000],
    ]);
  });

  it('a family that owes nothing is told 0 with no invoices', async () => {
    const family = await customerWithInvoices(t, []);
    const res = await family.browser.get<Owed>('/api/home/get-amount-owed');
    expect(res.body).toEqual({ totalCents: 0, overdueCents: 0, invoices: [] });
  });
});
