// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { NotificationContact, NotificationList, NotificationMarkReadAnswer } from '@portal/shared/notification-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import NotificationsRoute from './notifications-route';

installMockServer();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
/** A phone: where a parent opens notifications from the bell, which is a link to this page there. */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});

const config = formTestConfig({
  StudentTerm: 'Swimmer',
  ShowNotificationsTab: true,
  localization: { DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
});

const note = (id: number, title: string, status: 'New' | 'Read', TagData: Record<string, unknown> | null): NotificationContact => ({
  NotificationContactID: id,
  Status: status,
  Notifications: { ClientInAppTitle: title, ClientInAppContent: 'Details', DateTimeCreated: '2026-11-20T01:15:00.000Z', TagData },
});

const contacts = [
  note(1, 'Invoice INV-10231 issued', 'New', { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10231' }),
  note(2, 'Payment received', 'Read', { kind: 'payment', invoice_nos: ['INV-10219', 'INV-10225'], receipt_no: 'RCT-1' }),
  note(3, 'Make-up lesson available', 'Read', { kind: 'makeup' }),
  note(4, 'A place is free in Turtle', 'Read', { kind: 'waitlist_offer', class_id: 5, waitlist_id: 9 }),
  note(5, 'Lane change for Noah', 'Read', { kind: 'enrolment' }),
  note(6, 'Progress report ready', 'Read', { kind: 'student' }),
  note(7, 'Swimming carnival this Sunday', 'Read', { type: 'event' }),
  note(8, 'Odd tag', 'Read', { kind: 'invoice' }),
];

function serveNotifications() {
  const marked: number[] = [];
  server.use(
    http.get<never, never, NotificationList>('/api/notification', () =>
      HttpResponse.json({
        total_count: contacts.length,
        total_count_new: marked.length ? 0 : 1,
        notificationContacts: contacts.map((c) => (marked.includes(c.NotificationContactID) ? { ...c, Status: 'Read' as const } : c)),
      }),
    ),
    http.post<never, { notificationContactID: number }, NotificationMarkReadAnswer>('/api/notification/mark-read', async ({ request }) => {
      marked.push((await request.json()).notificationContactID);
      return HttpResponse.json({ success: true, total_count_new: 0 });
    }),
  );
  return marked;
}

function InvoicePage() {
  return <h1>Invoice {useParams().invoiceNo}</h1>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/hub/notifications']}>
        <Routes>
          <Route path="/hub/notifications" element={<NotificationsRoute />} />
          <Route path="/hub/financials/:invoiceNo" element={<InvoicePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (title: string) => screen.getByRole('article', { name: title });

describe('notifications link to what they are about (decision 079), on a phone', () => {
  it('each notification that names an invoice, a payment, a make-up, an offer, a class or a student links to its page; the rest link nowhere', async () => {
    serveNotifications();
    renderPage();
    await screen.findByRole('article', { name: 'Invoice INV-10231 issued' });
    const link = (title: string) => within(item(title)).queryByRole('link');
    expect(link('Invoice INV-10231 issued')?.getAttribute('href')).toBe('/hub/financials/INV-10231');
    expect(link('Invoice INV-10231 issued')?.textContent).toBe('View invoice INV-10231');
    expect(link('Payment received')?.getAttribute('href')).toBe('/hub/financials/invoices-and-receipts');
    expect(link('Make-up lesson available')?.getAttribute('href')).toBe('/hub/classes/makeups');
    expect(link('A place is free in Turtle')?.getAttribute('href')).toBe('/hub/classes');
    expect(link('Lane change for Noah')?.getAttribute('href')).toBe('/hub/classes/view-enrollments');
    expect(link('Progress report ready')?.textContent).toBe('View Swimmers');
    expect(link('Swimming carnival this Sunday')).toBeNull();
    expect(link('Odd tag')).toBeNull();
  });

  it('following a new notification’s link marks it read and lands on the invoice', async () => {
    const marked = serveNotifications();
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'View invoice INV-10231' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-10231' })).toBeTruthy();
    await waitFor(() => expect(marked).toEqual([1]));
  });

  it('Mark as read keeps the focus on the notification it marked, not the top of the page', async () => {
    const marked = serveNotifications();
    renderPage();
    const mark = await screen.findByRole('button', { name: 'Mark as read: Invoice INV-10231 issued' });
    mark.focus();
    fireEvent.click(mark);
    await waitFor(() => expect(marked).toEqual([1]));
    await waitFor(() => expect(document.activeElement).toBe(item('Invoice INV-10231 issued')));
    expect(screen.queryByRole('button', { name: 'Mark as read: Invoice INV-10231 issued' })).toBeNull();
  });

  it('in New, a notification marked read leaves the list and the focus goes to the next one, not the top of the page', async () => {
    const news = [note(11, 'Term starts Monday', 'New', null), note(12, 'Pool closed Friday', 'New', null)];
    const marked: number[] = [];
    server.use(
      http.get<never, never, NotificationList>('/api/notification', ({ request }) => {
        const onlyNew = new URL(request.url).searchParams.get('status') === 'New';
        const all = news.map((c) => (marked.includes(c.NotificationContactID) ? { ...c, Status: 'Read' as const } : c));
        const shown = onlyNew ? all.filter((c) => c.Status === 'New') : all;
        return HttpResponse.json({ total_count: shown.length, total_count_new: all.filter((c) => c.Status === 'New').length, notificationContacts: shown });
      }),
      http.post<never, { notificationContactID: number }, NotificationMarkReadAnswer>('/api/notification/mark-read', async ({ request }) => {
        marked.push((await request.json()).notificationContactID);
        return HttpResponse.json({ success: true, total_count_new: 1 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(companyConfigQueryOptions.queryKey, config);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/hub/notifications?status=New']}>
          <NotificationsRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const mark = await screen.findByRole('button', { name: 'Mark as read: Term starts Monday' });
    mark.focus();
    fireEvent.click(mark);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Term starts Monday' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(item('Pool closed Friday')));
  });

  it('a Mark as read that fails while the server is down keeps the list on screen and says why', async () => {
    serveNotifications();
    renderPage();
    const mark = await screen.findByRole('button', { name: 'Mark as read: Invoice INV-10231 issued' });
    server.use(
      http.get('/api/notification', () => HttpResponse.json({ success: false, message: 'The service is unavailable.' }, { status: 503 })),
      http.post('/api/notification/mark-read', () => HttpResponse.error()),
    );
    fireEvent.click(mark);
    expect(await screen.findByRole('alert')).toBeTruthy();
    // The refetch after the failed mark fails too: the list stays, the notification still new.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(item('Invoice INV-10231 issued')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as read: Invoice INV-10231 issued' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('two receipts refused one after the other (the server down) leave both notifications new', async () => {
    const news = [note(21, 'Term starts Monday', 'New', null), note(22, 'Pool closed Friday', 'New', null)];
    let up = true;
    server.use(
      http.get<never, never, NotificationList>('/api/notification', () =>
        up ? HttpResponse.json({ total_count: 2, total_count_new: 2, notificationContacts: news }) : HttpResponse.json({ success: false, message: 'Down' } as never, { status: 503 }),
      ),
      http.post('/api/notification/mark-read', async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return HttpResponse.error();
      }),
    );
    renderPage();
    const first = await screen.findByRole('button', { name: 'Mark as read: Term starts Monday' });
    up = false;
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Pool closed Friday' }));
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as read: Term starts Monday' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Mark as read: Pool closed Friday' })).toBeTruthy();
  });
});
