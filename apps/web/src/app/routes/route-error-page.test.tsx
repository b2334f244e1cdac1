// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { HomeInvoice, UpcomingClass } from '@portal/shared/home-schemas';
import type { Paged } from '@portal/shared/api-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { HomePage } from '@/features/home/components/home-page';
import { useSessionStore } from '@/lib/session-store';
import { server, installMockServer } from '@/test/msw';
import { RouteErrorPage } from './route-error-page';

installMockServer();

const config = {
  CustomerID: 7,
  StudentTerm: 'Swimmer',
  social_media: [],
  global_settings: { bannerImage: null },
  localization: { DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', CourtLabel: 'Lane' },
  fin_setup: { InvoicesPaidOnline: false },
} as unknown as CompanyConfig;

beforeEach(() => {
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('B32: a page crashing on a malformed answer shows the generic error page with the error and a Home Page button', async () => {
    server.use(
      // An answer the shared type does not allow: a class that is null.
      http.get<never, never, Paged & { upcoming_classes: UpcomingClass[] }>('/api/home/get-upcoming-classes', () =>
        HttpResponse.json({ current_page: 1, total_pages: 1, upcoming_classes: [null as unknown as UpcomingClass] }),
      ),
      http.get<never, never, Paged & { invoices: HomeInvoice[] }>('/api/home/get-outstanding-invoices', () => HttpResponse.json({ current_page: 1, total_pages: 1, invoices: [] })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
    const router = createMemoryRouter([{ path: '/hub/company', element: <HomePage />, errorElement: <RouteErrorPage /> }], { initialEntries: ['/hub/company'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'OOPS! Something went wrong.' })).toBeTruthy();
    expect(screen.getByText(/null/)).toBeTruthy();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(screen.getByRole('button', { name: 'Home Page' }));
    expect(assign).toHaveBeenCalledWith('/hub/company');
  });

  it('a page whose code cannot be fetched offline says the connection is down, with Try again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const router = createMemoryRouter(
      [
        {
          path: '/hub/messages',
          lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/messages-route-x.js')),
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/hub/messages'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'You’re offline' })).toBeTruthy();
    expect(screen.getByText('This page could not be loaded. Check your connection, then try again.')).toBeTruthy();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalled();
  });
});
