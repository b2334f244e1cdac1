// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/lib/company-config';
import { useSessionStore } from '@/lib/session-store';
import { NotificationBell } from './notification-bell';

const config = {
  ShowNotificationsTab: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
} as unknown as CompanyConfig;

let newCount = 0;
const requested: string[] = [];

function renderBell(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: mobile, media: query, addEventListener() {}, removeEventListener() {} }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
  const router = createMemoryRouter([{ path: '*', element: <NotificationBell /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  requested.length = 0;
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
  vi.stubGlobal('fetch', async (input: string) => {
    requested.push(input);
    return new Response(JSON.stringify({ total_count: newCount, total_count_new: newCount, notificationContacts: [] }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('polls page 1, limit 5, status All and caps the badge at 99+', async () => {
    newCount = 100;
    renderBell(false);
    await screen.findByRole('button', { name: 'Notifications, 99+ new' });
    expect(screen.getByText('99+')).toBeTruthy();
    expect(requested).toEqual(['/api/notification?page=1&limit=5&status=All']);
  });

  it('shows the exact count below 100 and no badge at 0', async () => {
    newCount = 99;
    const first = renderBell(false);
    await screen.findByText('99');
    first.unmount();
    newCount = 0;
    renderBell(false);
    await waitFor(() => expect(requested.length).toBe(2));
    expect(screen.getByRole('button', { name: 'Notifications' }).textContent).toBe('');
  });

  it('is a link to the notifications page on phones', async () => {
    newCount = 3;
    renderBell(true);
    const link = await screen.findByRole('link', { name: 'Notifications, 3 new' });
    expect(link.getAttribute('href')).toBe('/hub/notifications');
  });

  it('renders nothing and never polls for a guest', async () => {
    useSessionStore.setState({ user: null });
    const { container } = renderBell(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe('');
    expect(requested).toEqual([]);
  });
});
