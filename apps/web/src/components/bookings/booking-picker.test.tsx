// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Availability, BookingOptions } from '@portal/shared/bookings-schemas';
import { formTestConfig } from '@/test/form-config';
import { renderRoute } from '@/test/render-route';
import { BookingPicker, useBookingChoice } from './booking-picker';

afterEach(() => cleanup());

const config = formTestConfig({ localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' } });

const options: BookingOptions = {
  today: '2030-09-28',
  lastDay: '2030-10-03',
  timeInterval: 30,
  cancelCutoffHours: 24,
  venues: [{ VenueID: 1, Name: 'Riverside Courts', Address: '1 River Rd', Courts: ['Court 1'] }],
  bookingTypes: [{ BookingTypeID: 1, Name: 'Court hire (1 hour)', DurationMinutes: 60, PriceCents: 4000, VenueIDs: [] }],
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
});
