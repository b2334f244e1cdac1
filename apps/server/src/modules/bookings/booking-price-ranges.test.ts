import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { companySettingsSchema } from '@portal/shared/company-config';
import { repoRoot } from '../../config/env.ts';
import type { Company } from '../../domain/company.ts';
import { bookingOptions } from './bookings.service.ts';

/** Monday 30 November 2026, midday in Sydney. */
const MONDAY_NOON = new Date('2026-11-30T01:00:00Z');

const example = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8')) as { company: { config: Record<string, unknown> } };

/** The example company (in Sydney) with court hire at $20 a half hour, and $12 on Sunday mornings (a time-scale band). */
function company(advanceBookingDays: number): Company {
  const settings = companySettingsSchema.parse({
    ...example.company.config,
    fin_setup: { TimeScalePricingEnabled: true, TimeScaleBands: [{ Days: [7], From: '08:00', To: '12:00', HourlyRateCents: 2400 }] },
    ob_venues: [{ VenueID: 1, Name: 'Harbour Courts', Courts: ['Court 1'] }],
    booking_types: [{ BookingTypeID: 1, Name: 'Court hire (30 min)', DurationMinutes: 30, PriceCents: 2000 }],
    booking_setup: { AdvanceBookingDays: advanceBookingDays },
  });
  return { id: 1, customerId: 1, companyDetailsId: 1, code: 'HARBOUR', tradingName: 'Harbour', application: 'portal', settings, configVersion: 1 };
}

const rangeOf = (advanceBookingDays: number) => bookingOptions(company(advanceBookingDays), MONDAY_NOON).bookingTypes[0]!.PriceRanges;

describe('the "from" price of a booking type', () => {
  it('is a price of a day open for booking: three days ahead, not Sunday’s cheaper mornings; a week or more, every weekday’s', () => {
    expect(bookingOptions(company(3), MONDAY_NOON).lastDay).toBe('2026-12-02');
    expect(rangeOf(3)).toEqual([{ VenueID: 1, LowestPriceCents: 2000, HighestPriceCents: 2000 }]);
    expect(rangeOf(7)).toEqual([{ VenueID: 1, LowestPriceCents: 1200, HighestPriceCents: 2000 }]);
    // Prices repeat weekly: a longer window has no other price.
    expect(rangeOf(30)).toEqual(rangeOf(7));
  });
});
