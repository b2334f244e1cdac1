// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BalanceHistory, BalanceHistoryRow } from '@portal/shared/financials-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import BalanceHistoryRoute from './balance-history-route';

installMockServer();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = formTestConfig({ localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' } });

// Newest first (I12): a payment that cleared the balance, a payment, the invoice it paid, a credit left over.
const entries: BalanceHistoryRow[] = [
  { type: 'payment', date: '2026-02-03', amount: 5_000, invoiceNo: 'INV-2', receiptNumber: 'RCT-2', method: 'Direct Debit', balance: -1_000 },
  { type: 'invoice', date: '2026-02-01', amount: 4_000, invoiceNo: 'INV-2', receiptNumber: null, method: null, balance: 4_000 },
  { type: 'payment', date: '2026-01-12', amount: 24_500, invoiceNo: 'INV-1', receiptNumber: 'RCT-1', method: 'Credit Card', balance: 0 },
  { type: 'invoice', date: '2026-01-10', amount: 24_500, invoiceNo: 'INV-1', receiptNumber: null, method: null, balance: 24_500 },
];

const settled: BalanceHistory['summary'] = { balance: -1_000, dueNow: 0, scheduled: 0, byDebit: 0 };

function serve(summary = settled) {
  server.use(http.get<never, never, BalanceHistory>('/api/financials/balance-history', () => HttpResponse.json({ current_page: 1, total_pages: 1, total_count: entries.length, entries, summary })));
}
const phone = (mobile: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: mobile, media: query, addEventListener() {}, removeEventListener() {} }));

describe('Balance History (/hub/financials/balance-history), read as a statement', () => {
  it('desktop: each invoice charged and each payment with the balance after it, in a Balance column', async () => {
    phone(false);
    serve();
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    const table = await screen.findByRole('table', { name: 'Balance history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Details', 'Charges', 'Payments', 'Balance', 'Receipt']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim()),
      ),
    ).toEqual([
      ['03/02/2026', 'Payment · Direct DebitInvoice INV-2', '', '$50.00', '$10.00 in credit', 'Receipt RCT-2'],
      ['01/02/2026', 'Invoice INV-2', '$40.00', '', '$40.00', ''],
      ['12/01/2026', 'Payment · Credit CardInvoice INV-1', '', '$245.00', '$0.00', 'Receipt RCT-1'],
      ['10/01/2026', 'Invoice INV-1', '$245.00', '', '$245.00', ''],
    ]);
  });

  it('phone: a card per row says what it was, its amount and the balance after it', async () => {
    phone(true);
    serve();
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    const cards = within(await screen.findByRole('list', { name: 'Balance history' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[1]!.textContent).toContain('Invoice INV-2');
    expect(cards[1]!.textContent).toContain('+$40.00');
    expect(cards[1]!.textContent).toContain('Balance $40.00');
    expect(cards[2]!.textContent).toContain('-$245.00');
    expect(cards[2]!.textContent).toContain('Balance $0.00');
    expect(cards[0]!.textContent).toContain('Balance $10.00 in credit');
  });

  it('decision 121: the balance says how much of it is due now, scheduled for later and collected by direct debit', async () => {
    phone(true);
    serve({ balance: 157_675, dueNow: 67_425, scheduled: 41_250, byDebit: 49_000 });
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    const summary = await screen.findByRole('region', { name: 'Balance $1,576.75' });
    expect(summary.textContent).toContain('Of this, $674.25 is due now, $412.50 is on invoices scheduled for later and $490.00 will be collected by direct debit.');
  });

  it('decision 121: nothing due now, and a balance in credit, say so', async () => {
    phone(false);
    serve({ balance: 24_500, dueNow: 0, scheduled: 0, byDebit: 24_500 });
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    expect((await screen.findByRole('region', { name: 'Balance $245.00' })).textContent).toContain('Nothing is due now: $245.00 will be collected by direct debit.');
    cleanup();
    serve();
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    const credit = await screen.findByRole('region', { name: 'Balance $10.00 in credit' });
    expect(credit.textContent).not.toContain('due now');
  });

  it('decision 121: a balance that is all due now adds nothing to the banner above it', async () => {
    phone(false);
    serve({ balance: 4_000, dueNow: 4_000, scheduled: 0, byDebit: 0 });
    renderRoute(<BalanceHistoryRoute />, { url: '/hub/financials/balance-history', config });
    const summary = await screen.findByRole('region', { name: 'Balance $40.00' });
    expect(summary.textContent).toBe('Balance $40.00');
  });
});
