import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceHistory } from '@portal/shared/financials-schemas';
import { registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { createInvoice, createReceipt } from './financials.service.ts';

/**
 * Balance History reads as a statement (decision 081): each invoice charged and each payment, in
 * date order, with what the family owed after it; searching or paging keeps each row's balance.
 */
describe.each(testEngines())('the balance history as a statement on %s', (engine) => {
  let t: TestApp;
  let family: Browser;
  let invoiceA: string;
  let invoiceB: string;
  let r1: string;
  let r2: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const splash = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    const who = await registerCustomer(t, { email: `statement.${Date.now()}.${engine}@example.com` });
    family = who.browser;
    const line = (cents: number) => ({ type: 'Custom' as const, breakdownKey: null, description: 'Term fees', quantity: 1, unitPriceCents: cents, amountCents: cents, taxCents: 0, totalCents: cents });
    const run = <T>(fn: Parameters<typeof t.runtime.ctx.transaction<T>>[0]) => t.runtime.ctx.transaction(fn);
    const base = { company: splash, clientId: who.clientId };
    invoiceA = (await run((trx) => createInvoice(trx, { ...base, invoiceDate: '2026-01-10', dueDate: '2026-01-24', lines: [line(24_500)] }))).invoiceNo;
    r1 = (await run((trx) => createReceipt(trx, { ...base, date: '2026-01-12', method: 'Credit Card', amountCents: 10_000, allocations: [{ invoiceNo: invoiceA, amountCents: 10_000 }] }))).receiptNo;
    invoiceB = (await run((trx) => createInvoice(trx, { ...base, invoiceDate: '2026-02-01', dueDate: '2026-02-15', lines: [line(5_000)] }))).invoiceNo;
    r2 = (
      await run((trx) =>
        createReceipt(trx, {
          ...base,
          date: '2026-02-03',
          method: 'Direct Debit',
          amountCents: 19_500,
          allocations: [
            { invoiceNo: invoiceA, amountCents: 14_500 },
            { invoiceNo: invoiceB, amountCents: 5_000 },
          ],
        }),
      )
    ).receiptNo;
  });
  afterAll(() => t.close());

  const history = async (query: string) => {
    const res = await family.get<BalanceHistory>(`/api/financials/balance-history?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('oldest first: every charge and payment with the balance after it, ending at what is owed now', async () => {
    const asc = await history('sort=asc');
    expect(asc.total_count).toBe(5);
    expect(asc.entries).toEqual([
      { type: 'invoice', date: '2026-01-10', amount: 24_500, invoiceNo: invoiceA, receiptNumber: null, method: null, balance: 24_500 },
      { type: 'payment', date: '2026-01-12', amount: 10_000, invoiceNo: invoiceA, receiptNumber: r1, method: 'Credit Card', balance: 14_500 },
      { type: 'invoice', date: '2026-02-01', amount: 5_000, invoiceNo: invoiceB, receiptNumber: null, method: null, balance: 19_500 },
      { type: 'payment', date: '2026-02-03', amount: 14_500, invoiceNo: invoiceA, receiptNumber: r2, method: 'Direct Debit', balance: 5_000 },
      { type: 'payment', date: '2026-02-03', amount: 5_000, invoiceNo: invoiceB, receiptNumber: r2, method: 'Direct Debit', balance: 0 },
    ]);
  });

  it('newest first by default (I12), and a page keeps the balances of the whole statement', async () => {
    const desc = await history('');
    expect(desc.entries.map((e) => e.balance)).toEqual([0, 5_000, 19_500, 14_500, 24_500]);
    const second = await history('limit=2&page=2');
    expect(second).toMatchObject({ current_page: 2, total_pages: 3, total_count: 5 });
    expect(second.entries.map((e) => [e.type, e.balance])).toEqual([
      ['invoice', 19_500],
      ['payment', 14_500],
    ]);
  });

  it('a search shows the matching rows with the balance each left (I13)', async () => {
    const found = await history(`search=${r2}`);
    expect(found.entries.map((e) => [e.invoiceNo, e.balance])).toEqual([
      [invoiceB, 0],
      [invoiceA, 5_000],
    ]);
    const byInvoice = await history(`search=${invoiceB}&sort=asc`);
    expect(byInvoice.entries.map((e) => [e.type, e.balance])).toEqual([
      ['invoice', 19_500],
      ['payment', 0],
    ]);
  });
});

/**
 * The statement's balance counts every invoice issued, the "You owe" banner only what is due now
 * (decision 121): the answer says how the one splits into the other, so the two figures a family
 * reads on Financials add up.
 */
describe.each(testEngines())('the balance history’s summary on %s', (engine) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('splits the balance into what is due now, what is scheduled and what direct debit collects', async () => {
    t = await startTestApp(engine);
    const splash = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    const who = await registerCustomer(t, { email: `summary.${Date.now()}.${engine}@example.com` });
    const line = (cents: number) => ({ type: 'Custom' as const, breakdownKey: null, description: 'Term fees', quantity: 1, unitPriceCents: cents, amountCents: cents, taxCents: 0, totalCents: cents });
    const base = { company: splash, clientId: who.clientId, invoiceDate: '2026-03-01', dueDate: '2026-03-15' };
    const empty = await who.browser.get<BalanceHistory>('/api/financials/balance-history');
    expect(empty.body.summary).toEqual({ balance: 0, dueNow: 0, scheduled: 0, byDebit: 0 });

    const unpaid = await t.runtime.ctx.transaction((trx) => createInvoice(trx, { ...base, lines: [line(12_000)] }));
    await t.runtime.ctx.transaction((trx) => createInvoice(trx, { ...base, status: 'Scheduled', lines: [line(4_500)] }));
    await t.runtime.ctx.transaction((trx) => createInvoice(trx, { ...base, status: 'Debit Scheduled', lines: [line(24_500)] }));
    await t.runtime.ctx.transaction((trx) => createInvoice(trx, { ...base, status: 'Paid', lines: [line(9_900)] }));
    await t.runtime.ctx.transaction((trx) =>
      createReceipt(trx, {
        company: splash,
        clientId: who.clientId,
        date: '2026-03-02',
        method: 'Credit Card',
        amountCents: 2_000,
        allocations: [{ invoiceNo: unpaid.invoiceNo, amountCents: 2_000 }],
      }),
    );

    const res = await who.browser.get<BalanceHistory>('/api/financials/balance-history?limit=1');
    expect(res.status).toBe(200);
    // 120.00 + 45.00 + 245.00 + 99.00 charged, 20.00 paid; the Paid invoice was marked paid with no receipt, so the statement keeps it (decision 081).
    expect(res.body.summary).toEqual({ balance: 48_900, dueNow: 10_000, scheduled: 4_500, byDebit: 24_500 });
    expect(res.body.entries[0]!.balance).toBe(48_900);
    // A search narrows the rows, not the summary.
    expect((await who.browser.get<BalanceHistory>(`/api/financials/balance-history?search=${unpaid.invoiceNo}`)).body.summary.balance).toBe(48_900);
  });
});

/**
 * A day with two checkouts and a payment between them: each invoice a checkout paid at once comes
 * just before its payment, so the balance after each row is what the family owed at that moment,
 * never the day's charges stacked before its payments.
 */
describe.each(testEngines())('a day’s charges and payments in the order they happened on %s', (engine) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('interleaves an invoice paid the same day with its payment, in the order of the payments', async () => {
    t = await startTestApp(engine);
    const splash = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    const who = await registerCustomer(t, { email: `day.${Date.now()}.${engine}@example.com` });
    const line = (cents: number) => ({ type: 'Custom' as const, breakdownKey: null, description: 'Term fees', quantity: 1, unitPriceCents: cents, amountCents: cents, taxCents: 0, totalCents: cents });
    const base = { company: splash, clientId: who.clientId };
    const run = <T>(fn: Parameters<typeof t.runtime.ctx.transaction<T>>[0]) => t.runtime.ctx.transaction(fn);
    const invoice = async (date: string, cents: number) => (await run((trx) => createInvoice(trx, { ...base, invoiceDate: date, dueDate: date, lines: [line(cents)] }))).invoiceNo;
    const pay = async (invoiceNo: string, cents: number, at: string) => {
      const { receiptNo } = await run((trx) => createReceipt(trx, { ...base, date: '2026-04-20', method: 'Credit Card', amountCents: cents, allocations: [{ invoiceNo, amountCents: cents }] }));
      await t.runtime.ctx.db.updateTable('receipts').set({ created_at: at }).where('company_id', '=', splash.id).where('receipt_no', '=', receiptNo).execute();
    };
    const old = await invoice('2026-04-01', 3_500);
    const first = await invoice('2026-04-20', 22_500);
    await pay(first, 22_500, '2026-04-20T01:00:00.000Z');
    await pay(old, 3_500, '2026-04-20T02:00:00.000Z');
    const second = await invoice('2026-04-20', 22_500);
    await pay(second, 22_500, '2026-04-20T03:00:00.000Z');

    const res = await who.browser.get<BalanceHistory>('/api/financials/balance-history?sort=asc');
    expect(res.body.entries.map((e) => [e.type, e.invoiceNo, e.balance])).toEqual([
      ['invoice', old, 3_500],
      ['invoice', first, 26_000],
      ['payment', first, 3_500],
      ['payment', old, 0],
      ['invoice', second, 22_500],
      ['payment', second, 0],
    ]);
  });
});
