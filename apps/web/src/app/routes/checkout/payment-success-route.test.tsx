// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { formTestConfig } from '@/test/form-config';
import PaymentSuccessRoute from './payment-success-route';

afterEach(() => cleanup());

const config = formTestConfig({
  ShowFinancialsTab: true,
  ShowBookingsTab: true,
  fin_setup: { InvoiceTitle: 'Invoice', ReceiptTitle: 'Receipt' },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' },
});

const paid: PaymentAnswer = {
  PaymentID: 9001,
  status: 'completed',
  amountCents: 20_100,
  currencySymbol: '$',
  processor: 'simulated',
  reference: 'ch_5f1c2e9a',
  invoiceNos: ['INV-1008'],
  receiptNo: 'R-2001',
  card: 'Visa •••• 4242',
  items: [
    { description: 'Mia Chen: Dolphin – Monday, 10 sessions from 30/11/2026', amountCents: 20_000 },
    { description: 'Credit Card Surcharge', amountCents: 100 },
  ],
  challenge: null,
  holdExpiresAt: null,
};

function renderSuccess(payment: PaymentAnswer, bookings = false, classes = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: paths.paymentSuccess, state: { payment, bookings, classes } }]}>
        <Routes>
          <Route path={paths.paymentSuccess} element={<PaymentSuccessRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('payment success (/hub/payment-success)', () => {
  it('issue 25: the heading takes the focus, the card is named by brand and last four, never the charge id, and what was bought is listed', () => {
    renderSuccess(paid);
    const heading = screen.getByRole('heading', { name: 'Payment Successful' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/Visa •••• 4242/).textContent).toBe('Paid by Visa •••• 4242');
    expect(document.body.textContent).not.toContain('ch_5f1c2e9a');
    const bought = screen.getByRole('list', { name: 'What you paid for' });
    const rows = within(bought)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Mia Chen: Dolphin – Monday, 10 sessions from 30/11/2026$200.00', 'Credit Card Surcharge$1.00']);
  });

  it('a receipt for one invoice names it; for several, says invoices', () => {
    renderSuccess(paid);
    expect(screen.getByText(/^Receipt/).textContent).toBe('Receipt R-2001 for invoice INV-1008');
    cleanup();
    renderSuccess({ ...paid, invoiceNos: ['INV-1008', 'INV-1009'] });
    expect(screen.getByText(/^Receipt/).textContent).toBe('Receipt R-2001 for invoices INV-1008, INV-1009');
  });

  it('a payment with no card or rows recorded says neither', () => {
    renderSuccess({ ...paid, card: null, items: [] });
    expect(screen.queryByText(/Paid by/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'What you paid for' })).toBeNull();
  });

  it('paid in instalments: the deposit received, and the instalments still to come with their dates, by card or by debit', () => {
    const note = 'The other 2 instalments ($100.00 on 30/12/2026, $100.00 on 30/01/2027) will be charged to the card you paid with.';
    renderSuccess({ ...paid, amountCents: 10_000, instalmentsNote: note });
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    const debit = 'The other 2 instalments ($100.00 on 30/12/2026, $100.00 on 30/01/2027) will be collected by direct debit.';
    renderSuccess({ ...paid, processor: 'direct_debit', receiptNo: null, card: null, instalmentsNote: debit });
    expect(screen.getByText(debit)).toBeTruthy();
    // Nothing was collected yet: the heading says what was set up.
    expect(screen.getByRole('heading', { name: 'Direct Debit Scheduled' })).toBeTruthy();
  });

  it('a payment for classes says the places are confirmed and leads to the enrolments; one for invoices says nothing of places', () => {
    renderSuccess(paid, false, true);
    // Before, the page said only that the money was received: the walk's parent looked for the word that Lily was in.
    expect(screen.getByText('The places are confirmed: you will find the classes on Home and under View enrollments.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View enrollments' }).getAttribute('href')).toBe(paths.viewEnrollments);
    cleanup();
    renderSuccess(paid);
    expect(screen.queryByText(/places are confirmed/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'View enrollments' })).toBeNull();
  });

  it('a payment that booked courts leads to My bookings; one without bookings does not', () => {
    renderSuccess(paid, true);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe(paths.bookingsView);
    cleanup();
    renderSuccess(paid);
    expect(screen.queryByRole('link', { name: 'My bookings' })).toBeNull();
  });

  it('an invoice or receipt number is never broken across lines on a phone', () => {
    renderSuccess({ ...paid, invoiceNos: ['INV-100001', 'INV-100002'], receiptNo: 'R-100003' });
    expect(screen.getByText(/^Receipt/).textContent).toBe('Receipt R-100003 for invoices INV-100001, INV-100002');
    for (const no of ['INV-100001', 'INV-100002', 'R-100003']) expect(screen.getByText(no).className).toContain('whitespace-nowrap');
    cleanup();
    renderSuccess({ ...paid, processor: 'direct_debit', invoiceNos: ['INV-100001'], receiptNo: null });
    expect(screen.getByText('INV-100001').className).toContain('whitespace-nowrap');
  });
});
