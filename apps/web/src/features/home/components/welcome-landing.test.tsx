// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { WelcomeLanding } from './welcome-landing';

const base = {
  CustomerID: 7,
  CompanyDisplayName: 'Ōtautahi Swim & Surf',
  StudentTerm: 'Swimmer',
  CourtText: 'Lane',
  CustomerPortalAllowOCR: false,
  AllowOCR: false,
  OnlineClassReservationsEnabled: false,
  ShowFinancialsTab: true,
  ShowBookingsTab: false,
  ShowNotificationsTab: true,
  ShowSkillSets: false,
  EnableMessages: false,
  social_media: [],
  fin_setup: { InvoicesPaidOnline: false, PaymentGatewayEnabled: false },
  global_settings: { bannerImage: null },
  localization: { DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$' },
};

function renderLanding(overrides: Record<string, unknown>) {
  const config = { ...base, ...overrides } as unknown as CompanyConfig;
  const queryClient = new QueryClient();
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
  const router = createMemoryRouter([{ path: '/hub', element: <WelcomeLanding /> }], { initialEntries: ['/hub'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'What you can do here' }));
}

afterEach(cleanup);

describe('the welcome landing’s feature texts follow the company’s switches', () => {
  it('promises no online payment when invoices cannot be paid online', () => {
    const cards = renderLanding({});
    expect(cards.getByRole('heading', { name: 'Invoices & receipts' })).toBeTruthy();
    expect(cards.queryByText(/pay securely online/i)).toBeNull();
  });

  it('offers online payment when invoices are paid online through a gateway', () => {
    const cards = renderLanding({ fin_setup: { InvoicesPaidOnline: true, PaymentGatewayEnabled: true } });
    expect(cards.getByRole('heading', { name: 'Invoices & payments' })).toBeTruthy();
    expect(cards.getByText('Check what is due, view past invoices and pay securely online.')).toBeTruthy();
  });

  it('has no invoices card when financials are switched off, and a bookings card when bookings are on', () => {
    const cards = renderLanding({ ShowFinancialsTab: false, ShowBookingsTab: true });
    expect(cards.queryByRole('heading', { name: /Invoices/ })).toBeNull();
    expect(cards.getByText('Book a lane and see your upcoming bookings.')).toBeTruthy();
  });

  it('speaks of progress only when skill sets are shown', () => {
    expect(renderLanding({ ShowSkillSets: true }).getByText('See every upcoming lesson and how each swimmer is getting on.')).toBeTruthy();
    cleanup();
    expect(renderLanding({}).queryByText(/getting on/)).toBeNull();
  });

  it('names messages only when they are enabled, and drops the updates card when both are off', () => {
    expect(renderLanding({ EnableMessages: true }).getByText('Notifications and messages from Ōtautahi Swim & Surf, in one place.')).toBeTruthy();
    cleanup();
    expect(renderLanding({ ShowNotificationsTab: false, EnableMessages: true }).getByText('Messages from Ōtautahi Swim & Surf, in one place.')).toBeTruthy();
    cleanup();
    expect(renderLanding({ ShowNotificationsTab: false }).queryByRole('heading', { name: 'Always up to date' })).toBeNull();
  });
});
