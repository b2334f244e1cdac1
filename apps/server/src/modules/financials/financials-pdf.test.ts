import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { Browser, startTestApp, type TestApp } from '../../test/api-harness.ts';
import { pdfText as textOf } from '../../test/pdf-text.ts';
import { findCompanyByCode } from '../company/company.service.ts';
import type { Company } from '../../domain/company.ts';
import { renderInvoicePdf, renderReceiptPdf } from './financials-pdf.ts';

const NAMES = ['王小明 Ελένη Mitchell', '김민준', 'Жанна Орлова', 'さくら', 'Nguyễn Thị Ánh', 'Zoë 🏊‍♀️ 👍'];

describe('invoice and receipt PDFs in every script (issue 25, 4)', () => {
  let t: TestApp;
  let company: Company;
  let invoice: InvoiceDetail;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
    company = (await findCompanyByCode(t.runtime.ctx, 'SPLASH'))!;
    invoice = (await parent.get<InvoiceDetail>('/api/financials/invoices/INV-10233')).body;
  });
  afterAll(() => t.close());

  it('prints families’ names in Latin, Greek, Cyrillic, Chinese, Japanese, Korean and emoji as the text they are', async () => {
    const pdf = await renderInvoicePdf(
      { ...company, settings: { ...company.settings, CompanyDisplayName: 'Splash 水上 Школа' } },
      {
        ...invoice,
        billTo: { name: NAMES[0]!, address: [NAMES[2]!, NAMES[4]!] },
        lines: invoice.lines.map((l, i) => ({ ...l, description: `${NAMES[(i + 1) % NAMES.length]!} – ${l.description}` })),
        notes: NAMES.join(' · '),
      },
    );
    const text = await textOf(pdf);
    for (const name of [...NAMES, 'Splash 水上 Школа']) expect(text).toContain(name.replace(/\u200d|\ufe0f/g, '').split(' ')[0]);
    expect(text.replace(/\s+/g, ' ')).toContain('王小明 Ελένη Mitchell');
    expect(text).toContain('김민준');
    expect(text).toContain('Жанна Орлова');
    expect(text).toContain('Nguyễn Thị Ánh');
    expect(text).toContain('🏊');
    expect(text).toContain(invoice.invoiceNumber);
    // Each line of the address on a line of its own, whatever its script.
    expect(text).not.toMatch(/Mitchell[ \t]*Жанна/);
    // Only the glyphs used are embedded: four scripts' fonts (20 MB of files) in a few tens of kilobytes.
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('a receipt names its family in their script too', async () => {
    const pdf = await renderReceiptPdf(company, {
      receiptNumber: 'RCT-1',
      date: '2026-11-28',
      amount: 12_500,
      method: 'Card',
      reference: 'Visa •••• 4242',
      billTo: { name: '王小明', address: ['Ελένη Mitchell'] },
      allocations: [{ invoiceNumber: 'INV-1', invoiceDate: '2026-11-01', invoiceTotal: 12_500, amount: 12_500, balanceDue: 0 }],
    });
    const text = await textOf(pdf);
    expect(text).toContain('王小明');
    expect(text).toContain('Ελένη Mitchell');
    expect(text).toContain('Visa •••• 4242');
  });

  it('a receipt that paid part of an invoice another receipt paid too (a credit used beside the card) says what the others paid, so its row adds up', async () => {
    const receipt = { receiptNumber: 'RCT-2', date: '2026-11-28', method: 'Card', reference: '', billTo: { name: 'Priya Raman', address: [] } };
    const split = await textOf(
      await renderReceiptPdf(company, { ...receipt, amount: 7_300, allocations: [{ invoiceNumber: 'INV-2', invoiceDate: '2026-11-01', invoiceTotal: 8_800, amount: 7_300, balanceDue: 0 }] }),
    );
    expect(split.replace(/\s+/g, ' ')).toMatch(/Invoice total Other payments Paid now Balance due .*INV-2 .* \$88\.00 \$15\.00 \$73\.00 \$0\.00/);
    // Paid whole by this receipt: no column of other payments.
    const whole = await textOf(
      await renderReceiptPdf(company, { ...receipt, amount: 8_800, allocations: [{ invoiceNumber: 'INV-3', invoiceDate: '2026-11-01', invoiceTotal: 8_800, amount: 8_800, balanceDue: 0 }] }),
    );
    expect(whole).not.toContain('Other payments');
  });

  it('issue 25 (10): prints Charge and Extra item, not Custom and Additional Invoice Item, and a discount code once', async () => {
    const line = invoice.lines[0]!;
    const pdf = await renderInvoicePdf(company, {
      ...invoice,
      lines: [
        { ...line, type: 'Custom', description: 'Registration fee' },
        { ...line, type: 'Additional Invoice Item', description: 'Swim cap and goggles' },
        { ...line, type: 'Discount Code', description: 'Discount Code SUMMER10' },
      ],
    });
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    expect(text).not.toContain('Custom');
    expect(text).not.toContain('Additional Invoice Item');
    expect(text).toContain('Charge');
    expect(text).toContain('Extra item');
    expect(text.match(/Discount Code/g)).toHaveLength(1);
  });

  it('names the tax included in prices that include it, and added to prices before it', async () => {
    const included = (await textOf(await renderInvoicePdf(company, { ...invoice, taxInclusive: true }))).replace(/\s+/g, ' ');
    expect(included).toContain(`${invoice.taxName} (included)`);
    const added = (await textOf(await renderInvoicePdf(company, { ...invoice, taxInclusive: false }))).replace(/\s+/g, ' ');
    expect(added).not.toContain('(included)');
  });
});
