import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceHistory, InvoiceDetail, InvoiceList, UpcomingPayments } from '@portal/shared/financials-schemas';
import { Browser, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { findCompanyByCode } from '../company/company.service.ts';
import type { Company } from '../../domain/company.ts';
import { addDays } from '../../lib/time.ts';
import { updateCompanySettings } from '../company/company.repository.ts';
import { INVOICE_LINE_TYPES } from '@portal/shared/pricing/pricing-types';
import { createInvoice, createPaymentPlan, createReceipt, nextDocumentNumber } from './financials.service.ts';

describe.each(testEngines())('financials on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  let clientId: number;
  let splash: Company;

  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    clientId = (await parent.signIn('SPLASH', 'parent@example.com')).user.ClientID;
    splash = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
  });
  afterAll(() => t.close());

  it('the demo customer has invoices of every status and line type over two years, and receipts', async () => {
    const all = await parent.get<InvoiceList>('/api/financials/invoices?limit=100&sort=asc');
    expect(new Set(all.body.invoices.map((i) => i.status))).toEqual(new Set(['Scheduled', 'Debit Scheduled', 'Paid', 'Unpaid', 'Overdue']));
    expect(all.body.invoices[0]!.date <= addDays(all.body.invoices.at(-1)!.date, -700)).toBe(true);
    const types = await t.runtime.ctx.db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select('l.line_type')
      .distinct()
      .where('i.company_id', '=', splash.id)
      .where('i.client_id', '=', clientId)
      .execute();
    expect(types.map((r) => r.line_type).sort()).toEqual([...INVOICE_LINE_TYPES].sort());
    const both = await parent.get<BalanceHistory>('/api/financials/balance-history?search=RCT-20102');
    expect(both.body.entries.map((p) => p.invoiceNo).sort()).toEqual(['INV-10212', 'INV-10219']);
    const partly = await parent.get<InvoiceDetail>('/api/financials/invoices/INV-10233');
    expect(partly.body).toMatchObject({ total: 12250, amountPaid: 6125, balanceDue: 6125 });
    expect(partly.body.lines.reduce((sum, l) => sum + l.total, 0)).toBe(12250);
  });

  it('an invoice is billed to the whole address: its second line, or the billing address where the family gave another', async () => {
    const family = await registerCustomer(t, { email: `billto.${engine}.${Date.now()}@example.com`, firstName: 'Rosa', lastName: 'Diaz' });
    const db = t.runtime.ctx.db;
    await db
      .updateTable('clients')
      .set({ address1: '27 Beach Road', address2: 'Unit 4', suburb: 'Bondi Beach', state: 'NSW', postcode: '2026', billing_addr_same: 1 })
      .where('id', '=', family.clientId)
      .execute();
    const { invoiceNo } = await t.runtime.ctx.transaction((trx) =>
      createInvoice(trx, {
        company: splash,
        clientId: family.clientId,
        invoiceDate: '2026-01-10',
        dueDate: '2026-01-24',
        lines: [{ type: 'Custom', breakdownKey: null, description: 'Registration fee', quantity: 1, unitPriceCents: 3000, amountCents: 3000, taxCents: 273, totalCents: 3000 }],
      }),
    );
    const billTo = async () => (await family.browser.get<InvoiceDetail>(`/api/financials/invoices/${invoiceNo}`)).body.billTo;
    // "Unit 4" was left out of the invoice and its PDF.
    expect(await billTo()).toEqual({ name: 'Rosa Diaz', address: ['27 Beach Road', 'Unit 4', 'Bondi Beach NSW 2026'] });
    await db
      .updateTable('clients')
      .set({ billing_addr_same: 0, billing_address1: 'PO Box 12', billing_address2: '', billing_suburb: 'Bondi Junction', billing_state: 'NSW', billing_postcode: '1355' })
      .where('id', '=', family.clientId)
      .execute();
    expect(await billTo()).toEqual({ name: 'Rosa Diaz', address: ['PO Box 12', 'Bondi Junction NSW 1355'] });
  });

  it('needs a signed-in customer', async () => {
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    for (const url of ['/api/financials/invoices', '/api/financials/balance-history', '/api/financials/upcoming-payments', '/api/financials/invoices/INV-10236']) {
      expect((await guest.get(url)).status).toBe(401);
    }
  });

  it('lists invoices with the field names of X11, newest first, and oldest first when asked; pages', async () => {
    const desc = await parent.get<InvoiceList>('/api/financials/invoices?limit=5');
    expect(desc.status).toBe(200);
    // X11's fields, and the day a direct debit takes the money.
    expect(Object.keys(desc.body.invoices[0]!).sort()).toEqual(['balanceDue', 'date', 'debitDate', 'dueDate', 'invoiceNumber', 'status', 'total']);
    const dates = desc.body.invoices.map((i) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = await parent.get<InvoiceList>('/api/financials/invoices?limit=5&sort=asc');
    const ascDates = asc.body.invoices.map((i) => i.date);
    expect([...ascDates].sort()).toEqual(ascDates);
    expect(ascDates[0]! <= dates.at(-1)!).toBe(true);
    expect(desc.body.total_pages).toBe(Math.ceil(desc.body.total_count / 5));
    const two = await parent.get<InvoiceList>('/api/financials/invoices?limit=5&page=2');
    expect(two.body.current_page).toBe(2);
    expect(two.body.invoices[0]!.invoiceNumber).not.toBe(desc.body.invoices[0]!.invoiceNumber);
  });

  it('searches by invoice number and by status, case-insensitively; % is taken literally', async () => {
    const byNo = await parent.get<InvoiceList>('/api/financials/invoices?search=inv-10236');
    expect(byNo.body.invoices.map((i) => i.invoiceNumber)).toEqual(['INV-10236']);
    const overdue = await parent.get<InvoiceList>('/api/financials/invoices?search=overdue&limit=100');
    expect(overdue.body.invoices.length).toBeGreaterThan(0);
    expect(overdue.body.invoices.every((i) => i.status === 'Overdue')).toBe(true);
    const none = await parent.get<InvoiceList>('/api/financials/invoices?search=%25');
    expect(none.body.invoices).toEqual([]);
    expect(none.body.total_pages).toBe(1);
  });

  it('writes an invoice with every line type, a receipt allocated to it, and shows both', async () => {
    const types = [
      'Class',
      'Custom',
      'Additional Invoice Item',
      'Package',
      'Time Scale Total',
      'Discount Credit',
      'Early Payment Discount',
      'Discount Code',
      'Bad Debt',
      'Credit Card Surcharge',
    ] as const;
    const amounts = [24500, 3500, 1200, 9000, 4000, -2450, -1000, -500, -300, 150];
    const { invoiceNo, totalCents } = await t.runtime.ctx.transaction((trx) =>
      createInvoice(trx, {
        company: splash,
        clientId,
        invoiceDate: '2026-01-10',
        dueDate: '2026-01-24',
        lines: types.map((type, i) => ({
          type,
          breakdownKey: null,
          description: `${type} line`,
          quantity: 1,
          unitPriceCents: amounts[i]!,
          amountCents: amounts[i]!,
          taxCents: Math.round(amounts[i]! / 11),
          totalCents: amounts[i]!,
        })),
      }),
    );
    expect(totalCents).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(invoiceNo).toMatch(/^INV-\d+$/);
    expect(Number(invoiceNo.slice(4))).toBeGreaterThan(10245);
    const { receiptNo } = await t.runtime.ctx.transaction((trx) =>
      createReceipt(trx, { company: splash, clientId, date: '2026-01-12', method: 'Credit Card', amountCents: 10000, allocations: [{ invoiceNo, amountCents: 10000 }] }),
    );
    const detail = await parent.get<InvoiceDetail>(`/api/financials/invoices/${invoiceNo}`);
    expect(detail.status).toBe(200);
    expect(detail.body.lines.map((l) => l.type)).toEqual([...types]);
    expect(detail.body).toMatchObject({
      title: 'Tax Invoice',
      companyABN: '51 824 753 556',
      taxName: splash.settings.fin_setup.TaxName,
      total: totalCents,
      amountPaid: 10000,
      balanceDue: totalCents - 10000,
      status: 'Unpaid',
      payments: [{ receiptNumber: receiptNo, date: '2026-01-12', amount: 10000, method: 'Credit Card' }],
    });
    expect(detail.body.bankDetails).toContain('BSB');
    expect(detail.body.tax).toBe(detail.body.lines.reduce((s, l) => s + l.tax, 0));
    // Splash's prices include GST: the lines add up to the subtotal, and the GST is part of it (as the checkout shows it).
    expect(detail.body).toMatchObject({ taxInclusive: true, subtotal: totalCents });
    const history = await parent.get<BalanceHistory>(`/api/financials/balance-history?search=${invoiceNo}`);
    expect(history.body.entries.filter((e) => e.type === 'payment')).toEqual([
      { type: 'payment', date: '2026-01-12', amount: 10000, invoiceNo, receiptNumber: receiptNo, method: 'Credit Card', balance: expect.any(Number) as number },
    ]);

    // Paying the rest makes it Paid; paying more than it owes changes nothing.
    await expect(
      t.runtime.ctx.transaction((trx) =>
        createReceipt(trx, { company: splash, clientId, date: '2026-01-13', method: 'Cash', amountCents: totalCents, allocations: [{ invoiceNo, amountCents: totalCents }] }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    await t.runtime.ctx.transaction((trx) =>
      createReceipt(trx, { company: splash, clientId, date: '2026-01-13', method: 'Cash', amountCents: totalCents - 10000, allocations: [{ invoiceNo, amountCents: totalCents - 10000 }] }),
    );
    const paid = await parent.get<InvoiceDetail>(`/api/financials/invoices/${invoiceNo}`);
    expect(paid.body).toMatchObject({ status: 'Paid', balanceDue: 0, amountPaid: totalCents });
    expect(paid.body.payments).toHaveLength(2);

    const pdf = await t.server.inject({ method: 'GET', url: `/api/financials/invoices/${invoiceNo}/pdf`, headers: { cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 for Splash: 595.28 × 841.89 points.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
    const receipt = await t.server.inject({ method: 'GET', url: `/api/financials/receipts/${receiptNo}/pdf`, headers: { cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an invoice of a company whose prices exclude tax: the subtotal before tax, the tax added to it', async () => {
    const ace = (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;
    const who = await registerCustomer(t, { email: `exclusive.${Date.now()}.${engine}@example.com`, company: 'ACE' });
    const line = { type: 'Custom' as const, breakdownKey: null, description: 'Court hire', quantity: 1, unitPriceCents: 10_000, amountCents: 10_000, taxCents: 888, totalCents: 10_888 };
    const { invoiceNo } = await t.runtime.ctx.transaction((trx) => createInvoice(trx, { company: ace, clientId: who.clientId, invoiceDate: '2026-02-01', dueDate: '2026-02-15', lines: [line] }));
    const detail = await who.browser.get<InvoiceDetail>(`/api/financials/invoices/${invoiceNo}`);
    expect(detail.body).toMatchObject({ taxInclusive: false, subtotal: 10_000, tax: 888, total: 10_888 });
  });

  it('does not open a Debit Scheduled invoice; Pay Now for what is owed on an Unpaid or Overdue one with InvoicesPaidOnline', async () => {
    const debit = await parent.get(`/api/financials/invoices/INV-10243`);
    expect(debit.status).toBe(403);
    // What it is, how much and when, rather than only that it cannot be opened (a notification may lead here).
    expect(debit.body.message).toMatch(/^Invoice INV-10243 \(\$245\.00\) will be collected by direct debit on \d\d\/\d\d\/\d{4}\. You can open it once it has been paid\.$/);
    const pdf = await parent.get(`/api/financials/invoices/INV-10243/pdf`);
    expect(pdf.status).toBe(403);
    const unpaid = await parent.get<InvoiceDetail>(`/api/financials/invoices/INV-10236`);
    expect(unpaid.body.canPayOnline).toBe(splash.settings.fin_setup.InvoicesPaidOnline);
    // Decision 072: an overdue invoice is paid online as an unpaid one is, here on its own.
    const overdue = await parent.get<InvoiceDetail>(`/api/financials/invoices/INV-10231`);
    expect([overdue.body.status, overdue.body.balanceDue > 0]).toEqual(['Overdue', true]);
    expect(overdue.body.canPayOnline).toBe(splash.settings.fin_setup.InvoicesPaidOnline);
    expect(splash.settings.fin_setup.InvoicesPaidOnline).toBe(true);
    const paid = await parent.get<InvoiceDetail>(`/api/financials/invoices/INV-10212`);
    expect([paid.body.status, paid.body.canPayOnline]).toEqual(['Paid', false]);
  });

  it('answers 403 on every financials call while ShowFinancialsTab is off (I1)', async () => {
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select('settings').where('id', '=', splash.id).executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings);
    await updateCompanySettings(db, splash.id, { ...settings, switches: { ...settings.switches, ShowFinancialsTab: false } });
    try {
      for (const url of ['/api/financials/invoices', '/api/financials/balance-history', '/api/financials/upcoming-payments', '/api/financials/invoices/INV-10236/pdf']) {
        const res = await parent.get(url);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await updateCompanySettings(db, splash.id, settings);
    }
  });

  it('lists upcoming instalments in date order', async () => {
    await t.runtime.ctx.transaction(async (trx) => {
      await createPaymentPlan(trx, { companyId: splash.id, clientId, nextCharge: '2031-02-01', amountCents: 6125, period: 'Monthly', remainingCharges: 3, notes: 'Term 1 – Ella' });
      await createPaymentPlan(trx, { companyId: splash.id, clientId, nextCharge: '2031-01-15', amountCents: 4000, period: 'Fortnightly', remainingCharges: 5, notes: 'Squad' });
    });
    const res = await parent.get<UpcomingPayments>('/api/financials/upcoming-payments?limit=100');
    const mine = res.body.payments.filter((p) => p.nextCharge.startsWith('2031'));
    expect(mine.map((p) => p.nextCharge)).toEqual(['2031-02-01', '2031-01-15']);
    expect(mine[0]).toEqual({ nextCharge: '2031-02-01', amount: 6125, period: 'Monthly', remainingCharges: 3, notes: 'Term 1 – Ella' });
  });

  it('another client’s invoice, receipt or PDF is not found, and appears in none of its lists', async () => {
    const { browser: stranger } = await registerCustomer(t, { email: 'stranger.financials@example.com' });
    for (const url of ['/api/financials/invoices/INV-10236', '/api/financials/invoices/INV-10236/pdf', '/api/financials/receipts/RCT-200001/pdf']) {
      const res = await stranger.get(url);
      expect(res.status).toBe(404);
    }
    expect((await stranger.get<InvoiceList>('/api/financials/invoices')).body.invoices).toEqual([]);
    expect((await stranger.get<BalanceHistory>('/api/financials/balance-history')).body.entries).toEqual([]);
  });

  it('numbers documents after the highest imported number, without repeats under concurrency', async () => {
    const numbers = await Promise.all(Array.from({ length: 10 }, () => t.runtime.ctx.transaction((trx) => nextDocumentNumber(trx, splash, 'receipts'))));
    expect(new Set(numbers).size).toBe(10);
  });
});
