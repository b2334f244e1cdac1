// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { bookingMessages, type Booking, type BookingList, type CancelBookingAnswer } from '@portal/shared/bookings-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import BookingsViewRoute from './bookings-view-route';

installMockServer();
afterEach(() => cleanup());

const config = formTestConfig({
  CourtText: 'Court',
  fin_setup: { TaxName: 'GST', TaxRatePercent: 10, TaxInclusive: true },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy', CourtLabel: 'Lane', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
});

const booking = (change: Partial<Booking> = {}): Booking => ({
  BookingID: 41,
  date: '2030-03-05',
  time: '18:00',
  endTime: '19:00',
  durationMinutes: 60,
  venueId: 3,
  venue: 'Riverside Pool',
  court: 'Lane 2',
  bookingType: 'Lane hire (1 hour)',
  price: 4000,
  status: 'Confirmed',
  invoiceNumber: 'INV-1007',
  // 18:00 on the 4th in Sydney (UTC+11).
  cancelBy: '2030-03-04T07:00:00.000Z',
  ...change,
});

const page = (bookings: Booking[]): BookingList => ({ current_page: 1, total_pages: 1, total_count: bookings.length, bookings });

/**
 * The bookings server: the customer's bookings by filter, and each cancel it receives. A cancel is
 * answered after a moment, as over a network, or refused with `refusal`.
 */
function serveBookings(initial: Booking[], { refusal }: { refusal?: ApiError } = {}) {
  let bookings = initial;
  const asked: string[] = [];
  const cancels: number[] = [];
  server.use(
    http.get<never, never, BookingList>('/api/bookings', ({ request }) => {
      const filter = new URL(request.url).searchParams.get('filter') ?? '';
      asked.push(filter);
      return HttpResponse.json(page(bookings.filter((b) => (filter === 'cancelled' ? b.status === 'Cancelled' : b.status === 'Confirmed'))));
    }),
    http.post<never, { booking_id: number }, CancelBookingAnswer | ApiError>('/api/bookings/cancel', async ({ request }) => {
      const { booking_id } = await request.json();
      cancels.push(booking_id);
      await delay(150);
      if (refusal) return HttpResponse.json(refusal, { status: 409 });
      bookings = bookings.map((b) => (b.BookingID === booking_id ? { ...b, status: 'Cancelled', cancelBy: null } : b));
      return HttpResponse.json({ success: true, booking: bookings.find((b) => b.BookingID === booking_id)! });
    }),
  );
  return { asked, cancels };
}

/** Clicks as a quick double-click lands them: two before the page has drawn anything (a browser's dblclick), and one some 50 ms later. */
async function doubleClick(element: HTMLElement) {
  fireEvent.click(element);
  fireEvent.click(element);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  fireEvent.click(element);
}

/** A booking's line of text as read, whatever parts of it (the invoice number) sit in their own element. */
const line = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;

const renderPage = (url = '/hub/bookings/view') => renderRoute(<BookingsViewRoute />, { url, config });

describe('Bookings (/hub/bookings/view)', () => {
  it('G2, G7: the upcoming bookings with day, time, lane, venue, price, invoice and until when each can be cancelled; the Cancelled tab asks for the cancelled ones', async () => {
    const { asked } = serveBookings([
      booking(),
      booking({ BookingID: 42, court: 'Lane 5', invoiceNumber: null, cancelBy: null }),
      booking({ BookingID: 40, status: 'Cancelled', cancelBy: null, date: '2030-02-26' }),
    ]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Upcoming bookings' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('05/03/2030 · 06:00 PM - 07:00 PM')).toBeTruthy();
    expect(within(first!).getByText('Lane hire (1 hour) · Lane 2 · Riverside Pool')).toBeTruthy();
    expect(within(first!).getByText(line('$40.00 · Invoice INV-1007 · Cancel by 04/03/2030 06:00 PM'))).toBeTruthy();
    expect(within(first!).getByRole('button', { name: /Cancel/ })).toBeTruthy();
    // Past its cut-off: no Cancel button, and the family is told why.
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(within(second!).getByText('$40.00 · Can no longer be cancelled online')).toBeTruthy();
    expect(screen.getByText('Your lane bookings.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Cancelled' }));
    // The upcoming list stays on screen while the cancelled one is on its way.
    const cancelled = await screen.findByRole('list', { name: 'Cancelled bookings' });
    expect(await within(cancelled).findByText('26/02/2030 · 06:00 PM - 07:00 PM')).toBeTruthy();
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(asked).toEqual(['upcoming', 'cancelled']);
  });

  it('a company whose prices leave out its tax says so beside each price, in the tax’s own name; one whose prices include it does not', async () => {
    serveBookings([booking()]);
    renderRoute(<BookingsViewRoute />, { url: '/hub/bookings/view', config: { ...config, fin_setup: { ...config.fin_setup, TaxName: 'Sales tax', TaxRatePercent: 8.875, TaxInclusive: false } } });
    const list = await screen.findByRole('list', { name: 'Upcoming bookings' });
    expect(within(list).getByText(line('Price before Sales tax: $40.00 · Invoice INV-1007 · Cancel by 04/03/2030 06:00 PM'))).toBeTruthy();
    expect(within(list).getByText('INV-1007').className).toContain('whitespace-nowrap');
    cleanup();
    serveBookings([booking()]);
    renderRoute(<BookingsViewRoute />, { url: '/hub/bookings/view', config: { ...config, fin_setup: { ...config.fin_setup, TaxName: 'GST', TaxRatePercent: 10, TaxInclusive: true } } });
    expect(await screen.findByText(line('$40.00 · Invoice INV-1007 · Cancel by 04/03/2030 06:00 PM'))).toBeTruthy();
  });

  it('cancel before the cut-off: asked first, sent once even on a double-click, then the lists are read again and the booking is under Cancelled', async () => {
    const { asked, cancels } = serveBookings([booking()]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Lane 2 on 05/03/2030 at 06:00 PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    // What happens to the money is said before the family confirms (decision 025: refunds are the company's).
    expect(
      within(dialog).getByText(
        `Lane hire (1 hour), Lane 2 at Riverside Pool, 05/03/2030 06:00 PM - 07:00 PM. The lane is freed, and taken off invoice INV-1007 if that is still to be paid. Anything you have paid is not refunded here: please contact ${config.CompanyDisplayName} about a refund or a credit.`,
      ),
    ).toBeTruthy();
    expect(cancels).toEqual([]);
    await doubleClick(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Your booking has been cancelled.')).toBeTruthy();
    expect(await screen.findByText('No upcoming bookings.')).toBeTruthy();
    expect(cancels).toEqual([41]);
    expect(asked).toEqual(['upcoming', 'upcoming']);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await within(await screen.findByRole('list', { name: 'Cancelled bookings' })).findByText('05/03/2030 · 06:00 PM - 07:00 PM')).toBeTruthy();
  });

  it('a cancel refused because the cut-off passed meanwhile (409): the server’s words, the dialog closes and nothing is said to be cancelled', async () => {
    const { asked, cancels } = serveBookings([booking()], { refusal: { code: 'CANCEL_CLOSED', message: bookingMessages.cancelClosed(24) } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Cancel booking of Lane 2/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Bookings can be cancelled online until 24 hours before they start.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toEqual([41]);
    expect(screen.queryByText('Your booking has been cancelled.')).toBeNull();
    expect(asked).toEqual(['upcoming']);
  });
});

describe('Bookings paged', () => {
  it('cancelling the only booking of the last page goes back to the page before, not to "No upcoming bookings."', async () => {
    let bookings = Array.from({ length: 11 }, (_, i) => booking({ BookingID: 100 + i, court: `Lane ${i + 1}` }));
    server.use(
      http.get<never, never, BookingList>('/api/bookings', ({ request }) => {
        const pageNo = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const live = bookings.filter((b) => b.status === 'Confirmed');
        const pages = Math.max(1, Math.ceil(live.length / 10));
        return HttpResponse.json({ current_page: pageNo, total_pages: pages, total_count: live.length, bookings: live.slice((pageNo - 1) * 10, pageNo * 10) });
      }),
      http.post<never, { booking_id: number }, CancelBookingAnswer>('/api/bookings/cancel', async ({ request }) => {
        const { booking_id } = await request.json();
        bookings = bookings.map((b) => (b.BookingID === booking_id ? { ...b, status: 'Cancelled', cancelBy: null } : b));
        return HttpResponse.json({ success: true, booking: bookings.find((b) => b.BookingID === booking_id)! });
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText(/· Lane 11 ·/);
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel booking|Yes/ }));
    expect(await screen.findByText(/· Lane 10 ·/)).toBeTruthy();
    expect(screen.queryByText('No upcoming bookings.')).toBeNull();
  });
});
