import { describe, expect, it } from 'vitest';
import { formatBadge, formatDate, formatDateTime, formatMoney, formatTime, resolveDateFormat } from './format';

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

describe('formatMoney (C15)', () => {
  it('formats integer cents with the symbol and two decimals', () => {
    expect(formatMoney(1250, '$')).toBe('$12.50');
    expect(formatMoney(1250, '£')).toBe('£12.50');
    expect(formatMoney(123456, '$')).toBe('$1,234.56');
    expect(formatMoney(-500, '$')).toBe('-$5.00');
    expect(formatMoney(0, '$')).toBe('$0.00');
    expect(formatMoney(123456789, '$')).toBe('$1,234,567.89');
    expect(formatMoney(-100000, '€')).toBe('-€1,000.00');
    expect(formatMoney(7, '$')).toBe('$0.07');
    expect(formatMoney(12.6, '$')).toBe('$0.13');
    expect(formatMoney(null, '$')).toBe('$0.00');
  });
});

describe('formatBadge (B8)', () => {
  it('caps at 99+ from 100', () => {
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(1)).toBe('1');
  });
});
