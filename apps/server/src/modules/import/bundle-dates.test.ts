import { describe, expect, it } from 'vitest';
import { resolveInstant, zonedToUtc } from './bundle-dates.ts';

const TODAY = '2026-03-10';

describe('bundle dates', () => {
  it('turns company-local wall time into UTC, across daylight saving', () => {
    expect(resolveInstant('today-2T09:30', TODAY, 'Australia/Sydney')).toBe('2026-03-07T22:30:00.000Z'); // AEDT, +11
    expect(resolveInstant('2026-04-06T09:30', TODAY, 'Australia/Sydney')).toBe('2026-04-05T23:30:00.000Z'); // AEST, +10
    expect(resolveInstant('2026-03-01T09:30:00+05:00', TODAY, 'Australia/Sydney')).toBe('2026-03-01T04:30:00.000Z');
    // 02:30 does not exist in New York on 8 March 2026; it lands just after the jump.
    expect(zonedToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});
