// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { MessageList } from '@portal/shared/message-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useSessionStore } from '@/lib/session-store';
import { server, installMockServer } from '@/test/msw';
import { MessageBell } from './message-bell';

const config = {
  EnableMessages: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
} as unknown as CompanyConfig;

installMockServer();

function renderBell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
  const router = createMemoryRouter([{ path: '*', element: <MessageBell /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessageBell', () => {
  it('B6: an empty list shows no badge and says No Messages Found, with View all', async () => {
    server.use(http.get<never, never, MessageList>('/api/messages', () => HttpResponse.json({ total_count: 0, messages: [], unread_messages_count: 0 })));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Messages' });
    expect(bell.textContent).toBe('');
    fireEvent.keyDown(bell, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('No Messages Found')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['View all messages']);
  });
});
