// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UpcomingPayments } from '@portal/shared/financials-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import UpcomingPaymentsRoute from './upcoming-payments-route';

installMockServer();
afterEach(cleanup);

describe('Upcoming Payments (/hub/financials/upcoming-payments)', () => {
  it('with nothing to be charged, says what would be listed and where invoices due later are', async () => {
    server.use(http.get<never, never, UpcomingPayments>('/api/financials/upcoming-payments', () => HttpResponse.json({ current_page: 1, total_pages: 1, total_count: 0, payments: [] })));
    renderRoute(<UpcomingPaymentsRoute />, { url: '/hub/financials/upcoming-payments', config: formTestConfig() });
    expect(await screen.findByText('No upcoming payments.')).toBeTruthy();
    expect(screen.getByText(/The charges of a payment plan are listed here\. Invoices due later are under/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoices & Receipts' }).getAttribute('href')).toBe('/hub/financials/invoices-and-receipts');
  });
});
