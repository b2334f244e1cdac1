// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import InvoiceRoute from './invoice-route';

installMockServer();
afterEach(cleanup);

const config = formTestConfig({ localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' }, fin_setup: { InvoicesPaidOnline: true } });

/** INV-10239 as the demo has it: a $98.00 package less a $10.00 code, GST included. */
const invoice: InvoiceDetail = {
  title: 'Tax Invoice',
  invoiceNumber: 'INV-10239',
  date: '2026-11-26',
  dueDate: '2026-12-10',
  status: 'Unpaid',
  companyName: 'Splash Swim School',
  companyABN: '51 824 753 556',
  bankDetails: '',
  taxName: 'GST',
  billTo: { name: 'Sarah Mitchell', address: ['27 Beach Road'] },
  lines: [
    { type: 'Package', description: '5-lesson holiday intensive', quantity: 1, unitPrice: 9_800, amount: 9_800, tax: 891, total: 9_800 },
    { type: 'Discount Code', description: 'Code SUMMER10', quantity: 1, unitPrice: -1_000, amount: -1_000, tax: -91, total: -1_000 },
  ],
  taxInclusive: true,
  subtotal: 8_800,
  tax: 800,
  total: 8_800,
  amountPaid: 0,
  balanceDue: 8_800,
  notes: '',
  payments: [],
  canPayOnline: false,
};

/** The invoice page answering `answer`, under `companyConfig` (the company paid online by default). */
function show(answer: InvoiceDetail, companyConfig = config) {
  server.use(http.get('/api/financials/invoices/INV-10239', () => HttpResponse.json(answer)));
  renderRoute(
    <Routes>
      <Route path="/hub/financials/:invoiceNo" element={<InvoiceRoute />} />
    </Routes>,
    { url: '/hub/financials/INV-10239', config: companyConfig },
  );
}

const totals = async () => (await screen.findByText('Balance Due')).closest('dl')!.textContent;

describe('an invoice’s totals (/hub/financials/{invoiceNumber})', () => {
  it('prices that include GST: the lines add up to the subtotal, and the GST is said to be included', async () => {
    show(invoice);
    expect(await totals()).toBe('Subtotal$88.00GST (included)$8.00Total$88.00Paid$0.00Balance Due$88.00');
  });

  it('prices before GST: the subtotal before it, and the GST added', async () => {
    show({ ...invoice, taxInclusive: false, subtotal: 8_000 });
    expect(await totals()).toBe('Subtotal$80.00GST$8.00Total$88.00Paid$0.00Balance Due$88.00');
  });

  it('a card surcharge line has its type, as every line does: the Type cell is never empty', async () => {
    const surcharge = { type: 'Credit Card Surcharge' as const, description: 'Credit Card Surcharge', quantity: 1, unitPrice: 95, amount: 95, tax: 0, total: 95 };
    // Described by the type's name at the checkout, by the office's own words in older invoices.
    show({ ...invoice, lines: [...invoice.lines, surcharge, { ...surcharge, description: 'Card surcharge' }] });
    const table = await screen.findByRole('table', { name: 'Invoice lines' });
    const types = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(types).toEqual(['Package', 'Discount Code', 'Card surcharge', 'Credit Card Surcharge']);
  });
});

describe('an invoice owed that the company does not take online', () => {
  const offline = formTestConfig({ localization: config.localization, fin_setup: { ...config.fin_setup, InvoicesPaidOnline: false } });
  const showOffline = (answer: InvoiceDetail) => show(answer, offline);

  it('says how to pay it: the company to contact, or its bank details where the invoice gives them', async () => {
    showOffline(invoice);
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments.textContent).toContain('This invoice cannot be paid online. To pay it, please contact Splash Swim School.');
    expect(within(payments).getByRole('link', { name: 'contact Splash Swim School' }).getAttribute('href')).toBe('/hub/contact-us');
    cleanup();
    showOffline({ ...invoice, bankDetails: 'BSB 062-000 Account 1234 5678' });
    expect((await screen.findByRole('region', { name: 'Payments' })).textContent).toContain('Please pay it by bank transfer to the bank details above, or contact Splash Swim School.');
  });

  it('says nothing of it once the invoice is paid', async () => {
    showOffline({ ...invoice, status: 'Paid', amountPaid: 8_800, balanceDue: 0 });
    expect(await screen.findByRole('region', { name: 'Payments' })).toBeTruthy();
    expect(screen.queryByText(/cannot be paid online/)).toBeNull();
  });
});

describe('an invoice paid by its scheduled direct debit', () => {
  it('says why it does not open, in words of information, with the way to the invoices', async () => {
    server.use(
      http.get('/api/financials/invoices/INV-10243', () =>
        HttpResponse.json(
          { code: 'INVOICE_NOT_OPENABLE', message: 'Invoice INV-10243 ($245.00) will be collected by direct debit on 08/12/2026. You can open it once it has been paid.' },
          { status: 403 },
        ),
      ),
    );
    renderRoute(
      <Routes>
        <Route path="/hub/financials/:invoiceNo" element={<InvoiceRoute />} />
      </Routes>,
      { url: '/hub/financials/INV-10243', config },
    );
    expect(await screen.findByText('Invoice INV-10243 ($245.00) will be collected by direct debit on 08/12/2026. You can open it once it has been paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your invoices' }).getAttribute('href')).toBe('/hub/financials/invoices-and-receipts');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
