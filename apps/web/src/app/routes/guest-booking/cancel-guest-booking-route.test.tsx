// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { GuestBooking, GuestLinkAnswer } from '@portal/shared/guest-booking-schemas';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import CancelGuestBookingRoute from './cancel-guest-booking-route';

installMockServer();
afterEach(() => cleanup());

const config = formTestConfig({
  CustomerID: 2002,
  CompanyDisplayName: 'Ace Tennis Academy',
  CourtText: 'Court',
  fin_setup: { TaxRatePercent: 0, TaxInclusive: true, TaxName: 'Tax' },
  booking_setup: { AdvanceBookingDays: 14, CancelCutoffHours: 24, HoldMinutes: 10 },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
});
const TOKEN = 'tok3nOfTheLink_abcdefghijklmnopqrstuvwxyz';

const booking = (change: Partial<GuestBooking> = {}): GuestBooking => ({
  date: '2030-03-05',
  time: '18:00',
  endTime: '19:00',
  venue: 'Riverside Courts',
  court: 'Court 2',
  bookingType: 'Court hire (1 hour)',
  priceCents: 4000,
  // 18:00 on the 4th in Sydney (UTC+11).
  cancelBy: '2030-03-04T07:00:00.000Z',
  status: 'Confirmed',
  guestName: 'Jordan Lee',
  bookedInsideCutoff: false,
  paidCents: 4400,
  ...change,
});

function serveLink(shown: GuestBooking) {
  const tokens: { view: string[]; cancel: string[] } = { view: [], cancel: [] };
  server.use(
    http.post<never, { token: string }, GuestLinkAnswer>('/api/ob/booking', async ({ request }) => {
      tokens.view.push((await request.json()).token);
      return HttpResponse.json({ success: true, booking: shown });
    }),
    http.post<never, { token: string }, GuestLinkAnswer>('/api/ob/cancel', async ({ request }) => {
      tokens.cancel.push((await request.json()).token);
      return HttpResponse.json({ success: true, booking: { ...shown, status: 'Cancelled', cancelBy: null }, message: 'Your booking has been cancelled.' });
    }),
  );
  return tokens;
}

const renderPage = (url = `/ob/cancel?id=2002&token=${TOKEN}`) => renderRoute(<CancelGuestBookingRoute />, { url, config });

describe('the cancel link of a guest booking (/ob/cancel)', () => {
  it('before the cut-off: the booking, until when it can be cancelled, and Cancel after a confirmation says it is cancelled', async () => {
    const tokens = serveLink(booking());
    renderPage();
    const details = await screen.findByRole('region', { name: 'Your booking' });
    expect(within(details).getByText('05/03/2030')).toBeTruthy();
    expect(within(details).getByText('06:00 PM - 07:00 PM')).toBeTruthy();
    expect(within(details).getByText('Court 2')).toBeTruthy();
    expect(within(details).getByText('$40.00')).toBeTruthy();
    expect(within(details).getByText('Paid').nextElementSibling?.textContent).toBe('$44.00');
    expect(within(details).getByText('Jordan Lee')).toBeTruthy();
    expect(within(details).getByText('Confirmed')).toBeTruthy();
    // The refund names what the card was charged (tax included), not the price before tax.
    expect(screen.getByText('You can cancel online until 04/03/2030 06:00 PM; the $44.00 you paid is then refunded to your card.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/The \$44\.00 you paid is refunded to your card\.$/)).toBeTruthy();
    expect(tokens.cancel).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your booking has been cancelled.');
    // The button that opened the dialog is gone: the focus is on the confirmation, not the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(within(screen.getByRole('region', { name: 'Your booking' })).getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByText('The $44.00 you paid is refunded to the card you paid with; it can take a few days to appear.')).toBeTruthy();
    // Not a dead end: another time can be booked from here.
    expect(screen.getByRole('link', { name: 'Book another court' }).getAttribute('href')).toBe('/ob');
    expect(tokens).toEqual({ view: [TOKEN], cancel: [TOKEN] });
  });

  it('a free court: until when it can be cancelled, and no word of a payment or a refund before or after', async () => {
    serveLink(booking({ priceCents: 0, paidCents: 0 }));
    renderPage();
    expect(await screen.findByText('You can cancel online until 04/03/2030 06:00 PM.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText('Court hire (1 hour), Court 2 at Riverside Courts, 05/03/2030 06:00 PM - 07:00 PM.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your booking has been cancelled.');
    expect(screen.queryByText(/refund/)).toBeNull();
  });

  it('a cancel refused because the cut-off passed meanwhile (409): the message, the booking read again, and no Cancel button any more', async () => {
    const views: string[] = [];
    server.use(
      http.post<never, { token: string }, GuestLinkAnswer>('/api/ob/booking', async ({ request }) => {
        views.push((await request.json()).token);
        return HttpResponse.json({ success: true, booking: booking(views.length > 1 ? { cancelBy: null } : {}) });
      }),
      http.post<never, never, ApiError>('/api/ob/cancel', () =>
        HttpResponse.json({ message: 'Bookings can be cancelled online until 24 hours before they start.', code: 'CANCEL_CLOSED' }, { status: 409 }),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Bookings can be cancelled online until 24 hours before they start.');
    expect(await screen.findByText(/This booking can no longer be cancelled online/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(views).toEqual([TOKEN, TOKEN]);
  });

  it('Cancel booking tapped twice in the confirmation cancels once and shows no error', async () => {
    const tokens = serveLink(booking());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Cancel booking' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe('Your booking has been cancelled.');
    expect(tokens.cancel).toEqual([TOKEN]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Keep booking closes the confirmation and cancels nothing', async () => {
    const tokens = serveLink(booking());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A wrongly sent cancel would arrive after the dialog closed: give it the time to.
    await screen.findByRole('button', { name: 'Cancel booking' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tokens.cancel).toEqual([]);
  });

  it('booked after its cut-off, so never cancellable online: the page says so plainly, and who to contact, not until when it was possible', async () => {
    serveLink(booking({ cancelBy: null, bookedInsideCutoff: true }));
    renderPage();
    await screen.findByRole('region', { name: 'Your booking' });
    expect(
      screen.getByText(
        'This booking cannot be cancelled online: it was booked within 24 hours of its start, after online cancelling had closed. Please contact Ace Tennis Academy if your plans change.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Ace Tennis Academy' }).getAttribute('href')).toBe('/hub/contact-us');
    expect(screen.queryByText(/that was possible until/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('after the cut-off (cancelBy null): no Cancel button, and the page says until when cancelling was possible', async () => {
    serveLink(booking({ cancelBy: null }));
    renderPage();
    await screen.findByRole('region', { name: 'Your booking' });
    expect(screen.getByText(/This booking can no longer be cancelled online: that was possible until 04\/03\/2030 06:00 PM\./)).toBeTruthy();
    expect(screen.getByText(/Bookings can be cancelled online until 24 hours before they start\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('an unknown or used link (404): the server’s message, no booking', async () => {
    server.use(
      http.post<never, never, ApiError>('/api/ob/booking', () =>
        HttpResponse.json({ message: 'This link is not valid or the booking has already been cancelled.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderPage();
    expect(await screen.findByText('This link is not valid or the booking has already been cancelled.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your booking' })).toBeNull();
  });

  it('a link without a token asks the server nothing and says it is not valid', async () => {
    renderPage('/ob/cancel?id=2002');
    expect(screen.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeTruthy();
    expect(screen.getByText('This link is not valid or the booking has already been cancelled.')).toBeTruthy();
  });
});
