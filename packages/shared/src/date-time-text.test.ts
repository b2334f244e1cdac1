import { describe, expect, it } from 'vitest';
import { clockRange, clockTime, companyTimeZone, dateAndClock, formatDate, formatDateTime, formatTime, hoursText, resolveDateFormat } from './date-time-text.ts';
import { bookingMessages } from './bookings-schemas.ts';

describe('resolveDateFormat (X1)', () => {
  it('uses the company DateFormat when present', () => {
    expect(resolveDateFormat({ localization: { DateFormat: 'yyyy-MM-dd', CountryCode: 'US' } })).toBe('yyyy-MM-dd');
  });
  it('falls back to MM/dd/yyyy for US companies and dd/MM/yyyy for everyone else', () => {
    expect(resolveDateFormat({ ServerLocation: 'US', localization: {} })).toBe('MM/dd/yyyy');
    expect(resolveDateFormat({ localization: { CountryCode: 'US' } })).toBe('MM/dd/yyyy');
    expect(resolveDateFormat({ ServerLocation: 'AU', localization: {} })).toBe('dd/MM/yyyy');
    expect(resolveDateFormat(null)).toBe('dd/MM/yyyy');
  });
});

describe('formatDate / formatTime', () => {
  it('shows date-only values as the wall-clock day in the company format', () => {
    expect(formatDate('2025-03-04', 'yyyy-MM-dd')).toBe('2025-03-04');
    expect(formatDate('2025-03-04', 'MM/dd/yyyy')).toBe('03/04/2025');
    expect(formatDate('2025-03-04', 'dd.MM.yyyy')).toBe('04.03.2025');
  });
  it('shows times as hh:mm:ss a (C13)', () => {
    expect(formatTime('2025-03-04T14:05:09')).toBe('02:05:09 PM');
    expect(formatDateTime('2025-03-04T14:05:09', 'dd/MM/yyyy')).toBe('04/03/2025 02:05:09 PM');
  });
  it('shows instants in the company time zone', () => {
    expect(formatDateTime('2025-03-04T23:30:00Z', 'dd/MM/yyyy', 'Australia/Sydney', false)).toBe('05/03/2025 10:30 AM');
  });
  it('shows an instant on the right side of a daylight-saving change in the company zone', () => {
    // Sydney leaves summer time at 03:00 on 6 April 2025, so 02:30 happens twice:
    // 2025-04-05T15:30Z is 02:30 AEDT (UTC+11) and 2025-04-05T16:30Z is 02:30 AEST (UTC+10).
    expect(formatTime('2025-04-05T15:30:00Z', 'Australia/Sydney', false)).toBe('02:30 AM');
    expect(formatTime('2025-04-05T16:30:00Z', 'Australia/Sydney', false)).toBe('02:30 AM');
    expect(formatTime('2025-04-05T17:30:00Z', 'Australia/Sydney', false)).toBe('03:30 AM');
    // Half-hour zones keep their half hour.
    expect(formatDateTime('2025-01-15T10:00:00Z', 'yyyy-MM-dd', 'Asia/Kolkata', false)).toBe('2025-01-15 03:30 PM');
  });
  it('does not depend on the browser zone, even at a wall-clock time the browser zone skips', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 02:30 on 9 March 2025 does not exist in New York (clocks jump from 02:00 to 03:00),
      // yet it is a real time in Sydney: 2025-03-08T15:30Z.
      expect(formatDateTime('2025-03-08T15:30:00Z', 'dd/MM/yyyy', 'Australia/Sydney', false)).toBe('09/03/2025 02:30 AM');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
  it('falls back to the browser zone for an unknown zone name', () => {
    expect(formatDate('2025-03-04T12:00:00Z', 'yyyy-MM-dd', 'Nowhere/Atlantis')).toBe('2025-03-04');
  });
  it('returns empty text for empty values and the raw text for unparsable ones', () => {
    expect(formatDate(null, 'dd/MM/yyyy')).toBe('');
    expect(formatDate('soon', 'dd/MM/yyyy')).toBe('soon');
  });
});

describe('times of day (C13, decision 080)', () => {
  it('read hh:mm a for every company, from the HH:mm they are stored in', () => {
    expect(['00:15', '09:30', '12:00', '16:05', '23:59', '24:00'].map(clockTime)).toEqual(['12:15 AM', '09:30 AM', '12:00 PM', '04:05 PM', '11:59 PM', '12:00 AM']);
    expect(clockRange('17:00', '17:30')).toBe('05:00 PM - 05:30 PM');
    expect(dateAndClock('2026-11-30', '18:00', 'MM/dd/yyyy')).toBe('11/30/2026 06:00 PM');
    expect(dateAndClock('2026-11-30', '07:30', 'dd/MM/yyyy')).toBe('30/11/2026 07:30 AM');
  });
});

describe('companyTimeZone', () => {
  it('joins region and city, and takes a city that already names its zone', () => {
    expect(companyTimeZone({ localization: { TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } })).toBe('Australia/Sydney');
    expect(companyTimeZone({ localization: { TimeZoneRegion: 'America', TimeZoneCity: 'New York' } })).toBe('America/New_York');
    expect(companyTimeZone({ localization: { TimeZoneRegion: 'X', TimeZoneCity: 'Europe/London' } })).toBe('Europe/London');
    expect(companyTimeZone(null)).toBeUndefined();
  });
});

describe('hoursText', () => {
  it('says one hour alone, any other number in the plural, as the booking texts read', () => {
    expect([0, 1, 2, 24].map(hoursText)).toEqual(['0 hours', '1 hour', '2 hours', '24 hours']);
    expect(bookingMessages.cancelClosed(1)).toBe('Bookings can be cancelled online until 1 hour before they start.');
    expect(bookingMessages.cancelClosed(24)).toBe('Bookings can be cancelled online until 24 hours before they start.');
  });
});
