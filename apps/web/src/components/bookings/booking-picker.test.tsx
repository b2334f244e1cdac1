// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Availability, BookingOptions } from '@portal/shared/bookings-schemas';
import { formTestConfig } from '@/test/form-config';
import { renderRoute } from '@/test/render-route';
import { BookingChoiceBar, BookingPicker, useBookingChoice } from './booking-picker';
import { FreeTimes, type SlotChoice } from './free-times';

// A phone's width: three times to a row (jsdom has no matchMedia).
beforeEach(() => vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = formTestConfig({
  fin_setup: { TaxName: 'GST', TaxRatePercent: 10, TaxInclusive: true },
  localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' },
});

const options: BookingOptions = {
  today: '2030-09-28',
  lastDay: '2030-10-03',
  timeInterval: 30,
  cancelCutoffHours: 24,
  venues: [
    { VenueID: 1, Name: 'Riverside Courts', Address: '1 River Rd', Courts: ['Court 1'] },
    { VenueID: 2, Name: 'The Bubble', Address: '2 Dome St', Courts: ['Indoor 1'] },
  ],
  bookingTypes: [
    // Evenings cost more (a time-scale band): the menu says what the lowest is. The Bubble opens in the evenings only.
    {
      BookingTypeID: 1,
      Name: 'Court hire (1 hour)',
      DurationMinutes: 60,
      PriceCents: 4000,
      PriceRanges: [
        { VenueID: 1, LowestPriceCents: 4000, HighestPriceCents: 5500 },
        { VenueID: 2, LowestPriceCents: 5500, HighestPriceCents: 5500 },
      ],
      VenueIDs: [],
    },
    { BookingTypeID: 2, Name: 'Ball machine (30 min)', DurationMinutes: 30, PriceCents: 2500, PriceRanges: [{ VenueID: 1, LowestPriceCents: 2500, HighestPriceCents: 2500 }], VenueIDs: [1] },
  ],
};

const pending = { isPending: true, isError: false } as UseQueryResult<Availability>;

function Picker() {
  const choice = useBookingChoice(options);
  return <BookingPicker choice={choice} availability={pending} />;
}

describe('the booking pickers', () => {
  it('the day buttons name the month on the first button and on the first day of a month', () => {
    renderRoute(<Picker />, { url: '/hub/bookings/add', config });
    const days = within(screen.getByRole('group', { name: 'Day' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(days).toEqual(['Sat28Sep', 'Sun29', 'Mon30', 'Tue1Oct', 'Wed2', 'Thu3']);
  });

  it('the days are one Tab stop, the chosen day; the arrows, Home and End move among them (a keyboard went through every day)', () => {
    renderRoute(<Picker />, { url: '/hub/bookings/add', config });
    const days = within(screen.getByRole('group', { name: 'Day' })).getAllByRole('button');
    expect(days.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    days[0]!.focus();
    fireEvent.keyDown(days[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(days[1]);
    fireEvent.keyDown(days[1]!, { key: 'End' });
    expect(document.activeElement).toBe(days[5]);
    fireEvent.keyDown(days[5]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(days[5]);
    fireEvent.keyDown(days[5]!, { key: 'Home' });
    expect(document.activeElement).toBe(days[0]);
    fireEvent.keyDown(days[0]!, { key: 'ArrowRight' });
    fireEvent.click(days[1]!);
    // The chosen day is the group's Tab stop from now on.
    expect(days.map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1, -1, -1]);
  });

  it('the free times are one Tab stop; the arrows move along them and Enter opens a time’s courts', () => {
    const slots = [
      { time: '09:00', endTime: '10:00', freeCourts: ['Court 1'], priceCents: 4000 },
      { time: '09:30', endTime: '10:30', freeCourts: ['Court 1'], priceCents: 4000 },
      { time: '10:00', endTime: '11:00', freeCourts: ['Court 1'], priceCents: 4000 },
    ];
    renderRoute(<FreeTimes slots={slots} chosen={null} onChoose={() => undefined} listPriceCents={4000} />, { url: '/hub/bookings/add', config });
    const times = screen.getAllByRole('button', { expanded: false });
    expect(times.map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    times[0]!.focus();
    fireEvent.keyDown(times[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(times[1]);
    fireEvent.keyDown(times[1]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(times[0]);
  });

  it('a booking type priced higher at some times offers its lowest price, "from"; one flat price is shown as it is', () => {
    renderRoute(<Picker />, { url: '/hub/bookings/add', config });
    const types = within(screen.getByLabelText('Booking type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(types).toEqual(['Court hire (1 hour) – from $40.00', 'Ball machine (30 min) – $25.00']);
    // At a venue whose every time is in the evening band, the price is that band's, and no "from".
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: '2' } });
    const atBubble = within(screen.getByLabelText('Booking type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(atBubble).toEqual(['Court hire (1 hour) – $55.00']);
  });

  it('the free times say their prices leave out the company’s tax, where they do', () => {
    const taxed = { ...config, fin_setup: { ...config.fin_setup, TaxName: 'Sales tax', TaxRatePercent: 8.875, TaxInclusive: false } };
    renderRoute(<Picker />, { url: '/hub/bookings/add', config: taxed });
    expect(screen.getByText('Prices before Sales tax.')).toBeTruthy();
    cleanup();
    renderRoute(<Picker />, { url: '/hub/bookings/add', config: { ...config, fin_setup: { ...config.fin_setup, TaxRatePercent: 10, TaxInclusive: true } } });
    expect(screen.queryByText(/Prices before/)).toBeNull();
  });

  it('a time’s count of free courts leaves out the court the family already has in its cart, and says it is in the cart', () => {
    const slots = [
      { time: '18:00', endTime: '19:00', freeCourts: ['Court 1', 'Court 2', 'Court 3'], priceCents: 5500 },
      { time: '19:00', endTime: '20:00', freeCourts: ['Court 2'], priceCents: 5500 },
    ];
    // Court 2 from 06:00 PM to 08:00 PM is in the cart: the server still answers it free to this family (its own hold).
    const inCart = (s: { court: string }) => (s.court === 'Court 2' ? 'in your cart' : null);
    let chosen: unknown = undefined;
    renderRoute(<FreeTimes slots={slots} chosen={null} onChoose={(c) => (chosen = c)} listPriceCents={4000} unavailable={inCart} />, { url: '/hub/bookings/add', config });
    const six = screen.getByRole('button', { name: '06:00 PM, 2 courts free, 1 in your cart, $55.00' });
    expect(six.textContent).toBe('06:00 PM$55.00 · 2 free');
    const seven = screen.getByRole('button', { name: '07:00 PM, 0 courts free, 1 in your cart, $55.00' });
    expect(seven.textContent).toBe('07:00 PM$55.00 · 0 free');
    // Chosen, the time takes a court the family can still add, and lists the one in the cart as such.
    fireEvent.click(six);
    expect(chosen).toMatchObject({ time: '18:00', court: 'Court 1' });
    expect((screen.getByRole('button', { name: 'Court 2 at 06:00 PM (in your cart)' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it('a time whose every free court is in the cart keeps the court chosen before, and its panel says why', () => {
    const slots = [
      { time: '18:00', endTime: '19:00', freeCourts: ['Court 1', 'Court 2'], priceCents: 5500 },
      { time: '19:00', endTime: '20:00', freeCourts: ['Court 2'], priceCents: 5500 },
    ];
    const inCart = (s: { time: string; court: string }) => (s.time === '19:00' && s.court === 'Court 2' ? 'in your cart' : null);
    const calls: unknown[] = [];
    const before = { time: '18:00', endTime: '19:00', court: 'Court 1', priceCents: 5500 };
    renderRoute(<FreeTimes slots={slots} chosen={before} onChoose={(c) => calls.push(c)} listPriceCents={4000} unavailable={inCart} />, { url: '/hub/bookings/add', config });
    fireEvent.click(screen.getByRole('button', { name: '07:00 PM, 0 courts free, 1 in your cart, $55.00' }));
    // Nothing is chosen for the family at that time, and the court it had chosen stays chosen.
    expect(calls).toEqual([]);
    expect(screen.getByText('Every court free at 07:00 PM - 08:00 PM is in your cart.')).toBeTruthy();
  });

  it('a time tells a screen reader it opens its courts, and the bar announces what is chosen', () => {
    const slots = [{ time: '18:00', endTime: '19:00', freeCourts: ['Court 1', 'Court 2'], priceCents: 5500 }];
    function Times() {
      const [chosen, setChosen] = useState<SlotChoice | null>(null);
      return <FreeTimes slots={slots} chosen={chosen} onChoose={setChosen} listPriceCents={4000} />;
    }
    renderRoute(<Times />, { url: '/hub/bookings/add', config });
    const six = screen.getByRole('button', { name: '06:00 PM, 2 courts free, $55.00' });
    expect(six.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(six);
    expect(six.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(six.getAttribute('aria-controls') ?? '');
    expect(panel && within(panel).getByRole('button', { name: 'Court 1 at 06:00 PM' }).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    // The bar under the pickers is a live region: the court a time takes is read out as it changes.
    function WithBar() {
      const choice = useBookingChoice(options);
      return <BookingChoiceBar choice={choice} action={null} />;
    }
    renderRoute(<WithBar />, { url: '/hub/bookings/add', config: { ...config, booking_setup: { AdvanceBookingDays: 14, CancelCutoffHours: 24, HoldMinutes: 10 } } });
    expect(screen.getByRole('status').textContent).toBe('Choose a time and a court.');
  });
});
