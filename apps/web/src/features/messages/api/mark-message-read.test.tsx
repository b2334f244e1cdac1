// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { forgetHeldAnswers } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { MessageBell } from '../components/message-bell';
import { useMarkMessageRead } from './mark-message-read';

const config = {
  EnableMessages: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
} as unknown as CompanyConfig;

/** A server in miniature: three unread messages; a poll reads them when it arrives, and its answer can be held back. */
let read: Set<number>;
let holdNextPoll: boolean;
let releases: (() => void)[];
let requested: string[];

function pollAnswer() {
  const messages = [1, 2, 3].map((id) => ({
    CPMessageID: id,
    Title: `Message ${id}`,
    Body: 'Hi',
    PublishedTimestamp: '2026-11-20T09:00:00.000Z',
    CP_CustomersMessagesRead: read.has(id) ? [{ ReadTimestamp: '2026-11-23T09:00:00.000Z' }] : [],
  }));
  return { total_count: 3, unread_messages_count: 3 - read.size, messages };
}

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  read = new Set();
  holdNextPoll = false;
  releases = [];
  requested = [];
  forgetHeldAnswers();
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requested.push(`${init.method ?? 'GET'} ${url}`);
    if (url === '/api/messages/mark-read') {
      read.add((JSON.parse(String(init.body)) as { message_id: number }).message_id);
      return json({ success: true, unread_messages_count: 3 - read.size });
    }
    const answer = json(pollAnswer()); // what the server read when the poll arrived
    if (!holdNextPoll) return answer;
    holdNextPoll = false;
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      releases.push(() => resolve(answer));
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Opener() {
  const markRead = useMarkMessageRead();
  return (
    <button type="button" onClick={() => markRead.mutate(2)}>
      Open message 2
    </button>
  );
}

function renderBellAndPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <MessageBell />
          <Opener />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('opening a message while the bell polls', () => {
  it("a read receipt made while the bell's first poll is on its way wins over that poll's answer", async () => {
    holdNextPoll = true;
    const queryClient = renderBellAndPage();
    await waitFor(() => expect(requested).toEqual(['GET /api/messages?page=1&limit=5&status=All']));

    fireEvent.click(screen.getByRole('button', { name: 'Open message 2' }));
    await waitFor(() => expect(requested).toContain('POST /api/messages/mark-read'));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0)); // the receipt's answer is handled
    // The poll sent before the receipt answers now, with the count it read then.
    expect(releases).toHaveLength(1);
    for (const release of releases) release();

    // Nothing left on its way: what the bell shows now is what it keeps.
    await waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
      expect(screen.getByRole('button', { name: 'Messages, 2 unread' })).toBeTruthy();
    });
    expect(requested.filter((r) => r.startsWith('GET'))).toHaveLength(2); // the held poll and the refetch after the receipt
    expect(screen.queryByRole('button', { name: 'Messages, 3 unread' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Messages, 2 unread' })).toBeTruthy();
  });

  it('a read receipt made while a later poll is on its way wins too', async () => {
    const queryClient = renderBellAndPage();
    expect(await screen.findByRole('button', { name: 'Messages, 3 unread' })).toBeTruthy();
    holdNextPoll = true;
    // The next poll leaves (as the 60-second interval would) and is held on its way.
    void queryClient.refetchQueries({ queryKey: ['messages'] });
    await waitFor(() => expect(requested.filter((r) => r.startsWith('GET'))).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Open message 2' }));
    await waitFor(() => expect(requested).toContain('POST /api/messages/mark-read'));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(releases).toHaveLength(1);
    for (const release of releases) release();
    // Nothing left on its way: what the bell shows now is what it keeps.
    await waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
      expect(screen.getByRole('button', { name: 'Messages, 2 unread' })).toBeTruthy();
    });
    expect(requested.filter((r) => r.startsWith('GET'))).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Messages, 3 unread' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Messages, 2 unread' })).toBeTruthy();
  });
});
