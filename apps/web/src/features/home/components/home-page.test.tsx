// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HomeInvoice, UpcomingClass } from '@portal/shared/home-schemas';
import type { Paged } from '@portal/shared/api-schemas';
import { http, HttpResponse } from 'msw';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useSessionStore } from '@/lib/session-store';
import { useCartStore } from '@/lib/cart-store';
import type { AmountOwed } from '@portal/shared/home-schemas';
import { server, installMockServer } from '@/test/msw';
import { HomePage } from './home-page';

const config = {
  CustomerID: 7,
  CompanyDisplayName: 'Splash Swim School',
  StudentTerm: 'Swimmer',
  CourtText: 'Court',
  CustomerPortalAllowOCR: true,
  AllowOCR: true,
  OnlineClassReservationsEnabled: true,
  ShowFinancialsTab: true,
  EnableMessages: true,
  social_media: [],
  global_settings: { bannerImage: null },
  localization: { DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', CourtLabel: 'Lane' },
  fin_setup: { InvoicesPaidOnline: false },
} as unknown as CompanyConfig;

function upcoming(n: number, offset = 0): UpcomingClass[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2030-03-0${(i % 9) + 1}T16:30`,
    student_name: `Swimmer ${offset + i + 1}`,
    lesson_format_id: 1,
    lesson_format: 'Group lesson',
    venue_id: 1,
    venue: 'North Pool',
    court: 'Lane 2',
    profile_picture: null,
    student_id: 100 + offset + i,
    class_id: 200,
    session_id: 300 + offset + i,
    standard: 'Level 1',
    kind: 'term' as const,
    absent: false,
  }));
}

const invoice = (InvoiceNo: string, status: HomeInvoice['status'], DebitDate: string | null = null): HomeInvoice => ({
  InvoiceNo,
  InvoiceDate: '2030-04-01',
  PaymentDate: '2030-05-01',
  Total: 12_500,
  balance_due: 1_000,
  status,
  DebitDate,
});

type ClassesPage = Paged & { upcoming_classes: UpcomingClass[] };
type InvoicesPage = Paged & { invoices: HomeInvoice[] };
type Answers = { classes: (page: number) => ClassesPage; invoices: (page: number) => InvoicesPage };
let answers: Answers;
const requested: string[] = [];

installMockServer();

function renderHome(company: CompanyConfig = config) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, company);
  const router = createMemoryRouter(
    [
      { path: '/hub/company', element: <HomePage /> },
      { path: '/hub/invoice-checkout', element: <p>The invoice checkout</p> },
    ],
    { initialEntries: ['/hub/company'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  requested.length = 0;
  useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } });
  // Desktop: the tables, not the cards.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  const seen = (request: Request) => {
    const url = new URL(request.url);
    requested.push(`${url.pathname}${url.search}`);
    return Number(url.searchParams.get('page'));
  };
  server.use(
    http.get<never, never, ClassesPage>('/api/home/get-upcoming-classes', ({ request }) => HttpResponse.json(answers.classes(seen(request)))),
    http.get<never, never, InvoicesPage>('/api/home/get-outstanding-invoices', ({ request }) => HttpResponse.json(answers.invoices(seen(request)))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noClasses = (): ClassesPage => ({ current_page: 1, total_pages: 0, upcoming_classes: [] });
const noInvoices = (): InvoicesPage => ({ current_page: 1, total_pages: 0, invoices: [] });

describe('HomePage', () => {
  it('paints the greeting at once; only the lists wait for their answers', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answers = { classes: () => ({ current_page: 1, total_pages: 1, upcoming_classes: upcoming(1) }), invoices: noInvoices };
    server.use(
      http.get<never, never, ClassesPage>('/api/home/get-upcoming-classes', async () => {
        await answered;
        return HttpResponse.json(answers.classes(1));
      }),
    );
    renderHome();
    // The greeting is true for a family that registered a minute ago as much as for one that is back ("Hi {FirstName}", as the sidebar).
    expect(screen.getByRole('heading', { level: 1, name: 'Hi Jane' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading your classes and invoices…');
    expect(screen.queryByRole('heading', { name: 'Upcoming Classes' })).toBeNull();
    answer();
    await screen.findByRole('heading', { name: 'Upcoming Classes' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what it lists in the words of what the one signed in may see: a payer no classes, a viewer no money', async () => {
    answers = { classes: () => ({ current_page: 1, total_pages: 1, upcoming_classes: upcoming(1) }), invoices: () => ({ current_page: 1, total_pages: 1, invoices: [invoice('INV-1', 'Unpaid')] }) };
    renderHome();
    expect(await screen.findByText('Your upcoming classes and anything waiting to be paid.')).toBeTruthy();
    cleanup();
    useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Gran', LastName: 'Parent', total_barcodes: 0, Role: 'payer' } });
    renderHome();
    expect(await screen.findByText('Anything waiting to be paid.')).toBeTruthy();
    expect(screen.queryByText(/upcoming classes/i)).toBeNull();
    cleanup();
    useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Uncle', LastName: 'Parent', total_barcodes: 0, Role: 'viewer' } });
    renderHome();
    expect(await screen.findByText('Your upcoming classes.')).toBeTruthy();
  });

  it('asks for the first page of 6 of both lists', async () => {
    answers = { classes: noClasses, invoices: noInvoices };
    renderHome();
    await screen.findByText('Welcome to your Customer Hub!');
    expect(requested).toContain('/api/home/get-upcoming-classes?page=1&limit=6');
    expect(requested).toContain('/api/home/get-outstanding-invoices?page=1&limit=6');
  });

  it('shows both tabs with Upcoming Classes first, using the student term and court label', async () => {
    answers = {
      classes: () => ({ current_page: 1, total_pages: 1, upcoming_classes: upcoming(2) }),
      invoices: () => ({ current_page: 1, total_pages: 1, invoices: [invoice('INV-1', 'Unpaid')] }),
    };
    renderHome();
    const classesTab = await screen.findByRole('tab', { name: 'Upcoming Classes' });
    expect(classesTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Open Invoices' }).getAttribute('aria-selected')).toBe('false');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(0, 5)).toEqual(['Date & Time', 'Swimmer', 'Lesson Format', 'Venue', 'Lane']);
    const link = screen.getByRole('link', { name: 'View enrollments for Swimmer 1' });
    expect(link.getAttribute('href')).toBe('/hub/students/100?tab=Enrollments&from_home=true&class_id=200&session_id=300');
    expect(screen.getAllByText('01/03/2030').length).toBeGreaterThan(0);
  });

  it.each([
    ['HoursAndMinutes', 'Fri · 04:30 PM'],
    ['Minutes', 'Fri · 04:30 PM'],
    ['NoTimeDisplayed', 'Fri'],
  ] as const)('C20, F14: under %s a class’s day and time read "%s"', async (TimeDisplay, when) => {
    answers = { classes: () => ({ current_page: 1, total_pages: 1, upcoming_classes: upcoming(1) }), invoices: noInvoices };
    renderHome({ ...config, classes_setup: { ...config.classes_setup, TimeDisplay } });
    const row = (await screen.findByText('Swimmer 1')).closest('tr')!;
    expect(within(row).getByText(when)).toBeTruthy();
  });

  it('opens on the invoices when there are no classes, with no link for Debit Scheduled', async () => {
    answers = {
      classes: noClasses,
      invoices: () => ({ current_page: 1, total_pages: 1, invoices: [invoice('INV-1', 'Overdue'), invoice('INV-2', 'Debit Scheduled')] }),
    };
    renderHome();
    await screen.findByRole('heading', { name: 'Open Invoices' });
    expect(screen.queryByRole('tablist')).toBeNull();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/hub/financials/INV-1');
    expect(within(rows[0]!).getByText('01/05/2030')).toBeTruthy();
    expect(within(rows[0]!).getByText('$125.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('$10.00')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
  });

  it('says on which day a direct debit takes the money, once its provider has set it', async () => {
    answers = {
      classes: noClasses,
      invoices: () => ({ current_page: 1, total_pages: 1, invoices: [invoice('INV-2', 'Debit Scheduled', '2030-05-04'), invoice('INV-3', 'Debit Scheduled')] }),
    };
    renderHome();
    await screen.findByRole('heading', { name: 'Open Invoices' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Debit on 04/05/2030')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/^Debit on/)).toBeNull();
  });

  it('loads the next page with Load more and hides it after the last page', async () => {
    answers = {
      classes: (page) => ({ current_page: page, total_pages: 2, upcoming_classes: page === 1 ? upcoming(6) : upcoming(1, 6) }),
      invoices: noInvoices,
    };
    renderHome();
    await screen.findByText('Swimmer 6');
    expect(screen.queryByText('Swimmer 7')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Swimmer 7');
    expect(requested).toContain('/api/home/get-upcoming-classes?page=2&limit=6');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The button gone with the last page, the focus goes to what it added, not to the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'View enrollments for Swimmer 7' })));
  });

  describe('You owe (decision 072)', () => {
    const payOnline = { ...config, fin_setup: { InvoicesPaidOnline: true } } as unknown as CompanyConfig;
    const owed: AmountOwed = {
      totalCents: 3_000,
      overdueCents: 2_000,
      invoices: [
        { ...invoice('INV-OD', 'Overdue'), balance_due: 2_000 },
        { ...invoice('INV-UN', 'Unpaid'), balance_due: 1_000 },
      ],
    };
    beforeEach(() => {
      useCartStore.getState().clear();
      answers = {
        classes: () => ({ current_page: 1, total_pages: 1, upcoming_classes: upcoming(1) }),
        invoices: () => ({ current_page: 1, total_pages: 1, invoices: [invoice('INV-SCH', 'Scheduled'), ...owed.invoices] }),
      };
      server.use(
        http.get<never, never, AmountOwed>('/api/home/get-amount-owed', ({ request }) => {
          requested.push(new URL(request.url).pathname);
          return HttpResponse.json(owed);
        }),
      );
    });

    it('says what is owed at the top, the overdue part first, and Pay puts every open invoice in the invoice checkout', async () => {
      useCartStore.getState().setInvoices(['INV-UN']);
      renderHome(payOnline);
      const banner = await screen.findByRole('region', { name: 'You owe $30.00' });
      expect(banner.textContent).toContain('$20.00 is overdue. 2 invoices to pay, all in one checkout.');
      fireEvent.click(within(banner).getByRole('button', { name: 'Pay $30.00' }));
      await screen.findByText('The invoice checkout');
      expect(useCartStore.getState().invoices).toEqual(['INV-OD', 'INV-UN']);
    });

    it('says before Pay that a card fee is added, where the company charges one', async () => {
      renderHome({ ...payOnline, fin_setup: { InvoicesPaidOnline: true, CardSurchargePercent: 1.5, CardSurchargeAmountCents: 30 } } as unknown as CompanyConfig);
      const banner = await screen.findByRole('region', { name: 'You owe $30.00' });
      expect(banner.textContent).toContain('2 invoices to pay, all in one checkout. Paid by card, a card fee ($0.30 + 1.5%) is added.');
      cleanup();
      renderHome(payOnline);
      expect((await screen.findByRole('region', { name: 'You owe $30.00' })).textContent).not.toContain('card fee');
    });

    it('says nothing and asks nothing where the company does not take invoices online', async () => {
      renderHome();
      await screen.findByRole('tab', { name: 'Upcoming Classes' });
      expect(screen.queryByRole('region', { name: /You owe/ })).toBeNull();
      expect(requested).not.toContain('/api/home/get-amount-owed');
    });

    it('says nothing when nothing is owed', async () => {
      server.use(http.get('/api/home/get-amount-owed', () => HttpResponse.json({ totalCents: 0, overdueCents: 0, invoices: [] })));
      renderHome(payOnline);
      await screen.findByRole('tab', { name: 'Upcoming Classes' });
      expect(screen.queryByRole('region', { name: /You owe/ })).toBeNull();
    });

    it('an amount owed that could not be fetched says so, and Try again brings it back', async () => {
      let up = false;
      server.use(http.get('/api/home/get-amount-owed', () => (up ? HttpResponse.json(owed) : HttpResponse.error())));
      renderHome(payOnline);
      await screen.findByRole('tab', { name: 'Upcoming Classes' });
      expect(screen.queryByRole('region', { name: /You owe/ })).toBeNull();
      up = true;
      fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('region', { name: 'You owe $30.00' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    });
  });
});
