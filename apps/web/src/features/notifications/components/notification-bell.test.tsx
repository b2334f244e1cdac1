// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { NotificationContact, NotificationList, NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useSessionStore } from '@/lib/session-store';
import { server, installMockServer } from '@/test/msw';
import { NotificationBell } from './notification-bell';

const config = {
  ShowNotificationsTab: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
} as unknown as CompanyConfig;

let newCount = 0;
let contacts: NotificationContact[] = [];
const requested: string[] = [];

installMockServer();

function renderBell(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: mobile, media: query, addEventListener() {}, removeEventListener() {} }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
  const router = createMemoryRouter([{ path: '*', element: <NotificationBell /> }]);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

beforeEach(() => {
  requested.length = 0;
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
  contacts = [];
  server.use(
    http.get<never, never, NotificationList>('/api/notification', ({ request }) => {
      const url = new URL(request.url);
      requested.push(`${url.pathname}${url.search}`);
      return HttpResponse.json({ total_count: Math.max(newCount, contacts.length), total_count_new: newCount, notificationContacts: contacts });
    }),
  );
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

  it('B5: an empty list says No Notifications Found, with View all', async () => {
    newCount = 0;
    renderBell(false);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(requested.length).toBe(1));
    fireEvent.keyDown(bell, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('No Notifications Found')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['View all notifications']);
  });

  it('opened before its rows arrive, the first row to come takes the focus from the panel', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    newCount = 1;
    contacts = [
      {
        NotificationContactID: 7001,
        Status: 'New',
        Notifications: { ClientInAppTitle: 'Pool closed Friday', ClientInAppContent: 'Details', DateTimeCreated: '2025-05-01T00:00:00.000Z', TagData: null },
      },
    ];
    server.use(
      http.get<never, never, NotificationList>('/api/notification', async () => {
        await answered;
        return HttpResponse.json({ total_count: 1, total_count_new: 1, notificationContacts: contacts });
      }),
    );
    renderBell(false);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Notifications' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(menu));
    answer();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Pool closed Friday'));
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem');
  });

  it('Tab leaves the open bell: the menu closes and the focus is back on the bell', async () => {
    newCount = 1;
    contacts = [
      {
        NotificationContactID: 7002,
        Status: 'New',
        Notifications: { ClientInAppTitle: 'Pool closed Friday', ClientInAppContent: 'Details', DateTimeCreated: '2025-05-01T00:00:00.000Z', TagData: null },
      },
    ];
    renderBell(false);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 new' });
    fireEvent.keyDown(bell, { key: 'Enter' });
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('J6/T9: rows cut words to 15 characters and keep at most one line break', async () => {
    const longWord = 'Supercalifragilisticexpialidoc'; // 30 characters
    newCount = 1;
    contacts = [
      {
        NotificationContactID: 9001,
        Status: 'New',
        Notifications: { ClientInAppTitle: `Title ${longWord}`, ClientInAppContent: `First ${longWord} line\nSecond line\nThird line`, DateTimeCreated: '2025-05-01T00:00:00.000Z', TagData: null },
      },
    ];
    renderBell(false);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Notifications, 1 new' }), { key: 'Enter' });
    const row = (await screen.findAllByRole('menuitem'))[0]!;
    const text = row.textContent ?? '';
    expect(text).toContain(`Title ${longWord.slice(0, 15)}…`);
    expect(text).not.toContain(longWord.slice(0, 16));
    expect(text).toContain(`First ${longWord.slice(0, 15)}… line\nSecond line…`);
    expect(text).not.toContain('Third line');
  });

  it('decision 079: a row about an invoice marks it read and opens the invoice; a row about nothing opens it on the notifications page', async () => {
    const marked: number[] = [];
    server.use(
      http.post<never, { notificationContactID: number }, NotificationMarkReadAnswer>('/api/notification/mark-read', async ({ request }) => {
        marked.push((await request.json()).notificationContactID);
        return HttpResponse.json({ success: true, total_count_new: 0 });
      }),
    );
    newCount = 1;
    const note = (id: number, title: string, status: 'New' | 'Read', TagData: Record<string, unknown> | null): NotificationContact => ({
      NotificationContactID: id,
      Status: status,
      Notifications: { ClientInAppTitle: title, ClientInAppContent: 'Details', DateTimeCreated: '2025-05-01T00:00:00.000Z', TagData },
    });
    contacts = [note(41, 'Invoice INV-10231 issued', 'New', { kind: 'invoice', invoice_no: 'INV-10231' }), note(42, 'Carnival on Sunday', 'Read', { type: 'event' })];
    const { router } = renderBell(false);
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Notifications, 1 new' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: /Invoice INV-10231 issued/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hub/financials/INV-10231'));
    expect(marked).toEqual([41]);

    fireEvent.keyDown(screen.getByRole('button', { name: /^Notifications/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Carnival on Sunday/ }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/hub/notifications?id=42'));
    expect(marked).toEqual([41]);
  });

  it('renders nothing and never polls for a guest', async () => {
    useSessionStore.setState({ user: null });
    const { container, queryClient } = renderBell(false);
    // The bell is mounted and its poll is registered, switched off.
    await waitFor(() => {
      const polls = queryClient.getQueryCache().findAll({ queryKey: ['notifications'] });
      expect(polls.map((q) => [q.getObserversCount(), q.isDisabled()])).toEqual([[1, true]]);
    });
    expect(queryClient.isFetching()).toBe(0);
    expect(container.textContent).toBe('');
    expect(requested).toEqual([]);
  });
});
