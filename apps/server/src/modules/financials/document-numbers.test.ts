import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCompanySettings, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { findCompanyById } from '../company/company.api.ts';
import { createInvoice, createReceipt, nextDocumentNumber, numberReceipt, unnumberedReceipt } from './financials.service.ts';

const line = { type: 'Custom' as const, breakdownKey: null, description: 'Court hire', quantity: 1, unitPriceCents: 4000, amountCents: 4000, taxCents: 0, totalCents: 4000 };

describe.each(testEngines())('document numbers on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function companyWithClient() {
    const { companyId } = await ownCompany(t);
    const client = await t.runtime.ctx.db.selectFrom('clients').select('id').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    return { companyId, clientId: client.id };
  }
  /** The company as a request finds it, its settings as they are now. */
  const companyOf = async (id: number) => (await findCompanyById(t.runtime.ctx, id))!;

  it('continues the company’s own series (ACE-5045 after ACE-5044), invoices and receipts apart', async () => {
    const { companyId, clientId } = await companyWithClient();
    const ctx = t.runtime.ctx;
    // Numbered before the company names its series: the default series' counter exists.
    const before = await companyOf(companyId);
    const first = await ctx.transaction((trx) => createInvoice(trx, { company: before, clientId, invoiceDate: '2026-02-01', dueDate: '2026-02-01', lines: [line] }));
    expect(first.invoiceNo).toBe('INV-100001');
    await changeCompanySettings(t, companyId, (s) => {
      s.fin_setup = { ...s.fin_setup, InvoiceNumberPrefix: 'ACE-', ReceiptNumberPrefix: 'ACE-R-' };
    });
    const company = await companyOf(companyId);
    await ctx.transaction(async (trx) => {
      for (const invoiceNo of ['ACE-5031', 'ACE-5044']) await createInvoice(trx, { company, clientId, invoiceNo, invoiceDate: '2026-02-01', dueDate: '2026-02-01', lines: [line] });
      await createReceipt(trx, { company, clientId, receiptNo: 'ACE-R-3001', date: '2026-02-02', method: 'Cash', amountCents: 4000, allocations: [{ invoiceNo: 'ACE-5031', amountCents: 4000 }] });
    });
    const made = await ctx.transaction(async (trx) => {
      const invoice = await createInvoice(trx, { company, clientId, invoiceDate: '2026-02-03', dueDate: '2026-02-03', lines: [line] });
      const receipt = await createReceipt(trx, { company, clientId, date: '2026-02-03', method: 'Cash', amountCents: 4000, allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: 4000 }] });
      return [invoice.invoiceNo, receipt.receiptNo];
    });
    expect(made).toEqual(['ACE-5045', 'ACE-R-3002']);
    const next = await Promise.all(Array.from({ length: 5 }, () => ctx.transaction((trx) => nextDocumentNumber(trx, company, 'invoices'))));
    expect(next.sort()).toEqual(['ACE-5046', 'ACE-5047', 'ACE-5048', 'ACE-5049', 'ACE-5050']);
  });

  it('a series with leading zeros keeps its width (TDS-0399 after TDS-0398), and grows past it (TDS-10000 after TDS-9999)', async () => {
    const { companyId, clientId } = await companyWithClient();
    const ctx = t.runtime.ctx;
    await changeCompanySettings(t, companyId, (s) => {
      s.fin_setup = { ...s.fin_setup, InvoiceNumberPrefix: 'TDS-', ReceiptNumberPrefix: 'TDS-R-' };
    });
    const company = await companyOf(companyId);
    await ctx.transaction(async (trx) => {
      for (const invoiceNo of ['TDS-0397', 'TDS-0398']) await createInvoice(trx, { company, clientId, invoiceNo, invoiceDate: '2026-02-01', dueDate: '2026-02-01', lines: [line] });
      await createReceipt(trx, { company, clientId, receiptNo: 'TDS-R-0398', date: '2026-02-02', method: 'Cash', amountCents: 4000, allocations: [{ invoiceNo: 'TDS-0397', amountCents: 4000 }] });
    });
    const made = await ctx.transaction(async (trx) => {
      const invoice = await createInvoice(trx, { company, clientId, invoiceDate: '2026-02-03', dueDate: '2026-02-03', lines: [line] });
      const receipt = await createReceipt(trx, { company, clientId, date: '2026-02-03', method: 'Cash', amountCents: 4000, allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: 4000 }] });
      return [invoice.invoiceNo, receipt.receiptNo];
    });
    expect(made).toEqual(['TDS-0399', 'TDS-R-0399']);
    // A padded number imported after the counter began is skipped, read at the series' width.
    await ctx.transaction((trx) => createInvoice(trx, { company, clientId, invoiceNo: 'TDS-0400', invoiceDate: '2026-02-04', dueDate: '2026-02-04', lines: [line] }));
    const late = await ctx.transaction(async (trx) => {
      const invoice = await createInvoice(trx, { company, clientId, invoiceDate: '2026-02-04', dueDate: '2026-02-04', lines: [line] });
      const receipt = await createReceipt(trx, {
        company,
        clientId,
        receiptNo: unnumberedReceipt(),
        date: '2026-02-04',
        method: 'Cash',
        amountCents: 4000,
        allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: 4000 }],
      });
      return [invoice.invoiceNo, await numberReceipt(trx, company, receipt.receiptId)];
    });
    expect(late).toEqual(['TDS-0401', 'TDS-R-0400']);
    const next = await Promise.all(Array.from({ length: 3 }, () => ctx.transaction((trx) => nextDocumentNumber(trx, company, 'invoices'))));
    expect(next.sort()).toEqual(['TDS-0402', 'TDS-0403', 'TDS-0404']);
    // Thousands of numbers later the series outgrows its four digits and simply gets longer.
    await ctx.db.updateTable('document_numbers').set({ last_value: 9998 }).where('company_id', '=', companyId).where('kind', '=', 'invoices:TDS-').execute();
    const outgrown = await ctx.transaction(async (trx) => [await nextDocumentNumber(trx, company, 'invoices'), await nextDocumentNumber(trx, company, 'invoices')]);
    expect(outgrown).toEqual(['TDS-9999', 'TDS-10000']);
  });

  it('a company that names no series keeps INV- and RCT- numbers', async () => {
    const company = await companyOf((await companyWithClient()).companyId);
    const numbers = await t.runtime.ctx.transaction(async (trx) => [await nextDocumentNumber(trx, company, 'invoices'), await nextDocumentNumber(trx, company, 'receipts')]);
    expect(numbers).toEqual(['INV-100001', 'RCT-200001']);
  });
});
