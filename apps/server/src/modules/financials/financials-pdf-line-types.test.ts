import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { Browser, startTestApp, type TestApp } from '../../test/api-harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { findCompanyByCode } from '../company/company.service.ts';
import type { Company } from '../../domain/company.ts';
import { renderInvoicePdf } from './financials-pdf.ts';

describe('invoice PDF line types in a parent’s words (issue 25, 10)', () => {
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

  it('prints Charge and Extra item, not Custom and Additional Invoice Item, and a discount code once', async () => {
    const line = invoice.lines[0]!;
    const pdf = await renderInvoicePdf(company, {
      ...invoice,
      lines: [
        { ...line, type: 'Custom', description: 'Registration fee' },
        { ...line, type: 'Additional Invoice Item', description: 'Swim cap and goggles' },
        { ...line, type: 'Discount Code', description: 'Discount Code SUMMER10' },
      ],
    });
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).not.toContain('Custom');
    expect(text).not.toContain('Additional Invoice Item');
    expect(text).toContain('Charge');
    expect(text).toContain('Extra item');
    expect(text.match(/Discount Code/g)).toHaveLength(1);
  });
});
