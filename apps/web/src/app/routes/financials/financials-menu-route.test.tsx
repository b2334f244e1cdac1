// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AmountOwed } from '@portal/shared/home-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import FinancialsMenuRoute from './financials-menu-route';

installMockServer();
afterEach(cleanup);

const owed: AmountOwed = { totalCents: 3_000, overdueCents: 0, invoices: [] };

describe('Financials on a phone (B38, decision 072)', () => {
  it('says what the family owes, with Pay, above the three pages, as the tabs do on a desktop', async () => {
    let asked = 0;
    server.use(
      http.get<never, never, AmountOwed>('/api/home/get-amount-owed', () => {
        asked += 1;
        return HttpResponse.json(owed);
      }),
    );
    renderRoute(<FinancialsMenuRoute />, { url: '/hub/financials-main-page', config: formTestConfig({ fin_setup: { ...formTestConfig().fin_setup, InvoicesPaidOnline: true } }) });
    // Before, the phone's Financials was three links and an empty screen.
    expect(await screen.findByRole('region', { name: /^You owe/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Financials' })).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('asks nothing where the company takes no invoice payments online', async () => {
    let asked = 0;
    server.use(
      http.get('/api/home/get-amount-owed', () => {
        asked += 1;
        return HttpResponse.json(owed);
      }),
    );
    renderRoute(<FinancialsMenuRoute />, { url: '/hub/financials-main-page', config: formTestConfig({ fin_setup: { ...formTestConfig().fin_setup, InvoicesPaidOnline: false } }) });
    expect(await screen.findByRole('navigation', { name: 'Financials' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: /^You owe/ })).toBeNull();
    expect(asked).toBe(0);
  });
});
