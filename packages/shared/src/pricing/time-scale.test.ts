import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsoDay, TimeScaleBand } from './pricing-types.ts';
import { addDays, daysBetween, isoDayOf, parseClockMinutes, splitByTimeScale } from './time-scale.ts';

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const WEEKEND = [6, 7] as const;
/** Off-peak weekdays before 17:00 at $20/h, peak weekdays 17:00–22:00 at $36/h, weekends all day at $30/h. */
const BANDS: TimeScaleBand[] = [
  { days: WEEKDAYS, from: '06:00', to: '17:00', hourlyRateCents: 2000 },
  { days: WEEKDAYS, from: '17:00', to: '22:00', hourlyRateCents: 3600 },
  { days: WEEKEND, from: '00:00', to: '24:00', hourlyRateCents: 3000 },
];

describe('calendar helpers', () => {
  it('numbers days Monday 1 to Sunday 7', () => {
    expect(isoDayOf('2026-11-23')).toBe(1);
    expect(isoDayOf('2026-11-28')).toBe(6);
    expect(isoDayOf('2026-11-29')).toBe(7);
  });

  it('counts days across months and leap years', () => {
    expect(daysBetween('2026-11-23', '2026-12-01')).toBe(8);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-12-01', '2026-11-23')).toBe(-8);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses dates and times that do not exist', () => {
    expect(() => isoDayOf('2026-02-30')).toThrow(RangeError);
    expect(() => parseClockMinutes('7:00')).toThrow(RangeError);
    expect(() => parseClockMinutes('12:60')).toThrow(RangeError);
    expect(() => parseClockMinutes('24:30')).toThrow(RangeError);
    expect(parseClockMinutes('24:00')).toBe(1440);
  });
});

describe('splitByTimeScale', () => {
  const price = (date: string, startTime: string, durationMinutes: number, priceCents = 2500) => splitByTimeScale({ date, startTime, durationMinutes, priceCents, bands: BANDS });

  it('prices an hour inside one band at its hourly rate', () => {
    expect(price('2026-11-24', '10:00', 60)).toEqual([{ date: '2026-11-24', day: 2, from: '10:00', to: '11:00', minutes: 60, hourlyRateCents: 2000, cents: 2000 }]);
  });

  it('splits a booking across off-peak and peak at the band edge', () => {
    const segments = price('2026-11-24', '16:30', 60);
    expect(segments.map((s) => [s.from, s.to, s.cents])).toEqual([
      ['16:30', '17:00', 1000],
      ['17:00', '17:30', 1800],
    ]);
  });

  it('uses the weekend rate by day of week', () => {
    expect(price('2026-11-28', '16:30', 60).map((s) => s.cents)).toEqual([3000]);
  });

  it('charges minutes no band covers at the booking price pro rata', () => {
    // Weekday 21:30–22:30: 30 min peak ($18), 30 min uncovered at $25 per 60 min ($12.50).
    const segments = price('2026-11-24', '21:30', 60);
    expect(segments.map((s) => [s.from, s.to, s.hourlyRateCents, s.cents])).toEqual([
      ['21:30', '22:00', 3600, 1800],
      ['22:00', '22:30', null, 1250],
    ]);
  });

  it('continues past midnight on the next day with that day’s bands', () => {
    // Friday 23:30 for 60 minutes: 30 uncovered minutes on Friday, then Saturday's all-day rate.
    const segments = price('2026-11-27', '23:30', 60, 3000);
    expect(segments.map((s) => [s.date, s.day, s.from, s.to, s.cents])).toEqual([
      ['2026-11-27', 5, '23:30', '24:00', 1500],
      ['2026-11-28', 6, '00:00', '00:30', 1500],
    ]);
  });

  it('rounds each piece half up on its own', () => {
    // 7 minutes at $20/h = 233.33 → 233; 8 minutes at $36/h = 480.
    expect(price('2026-11-24', '16:53', 15).map((s) => s.cents)).toEqual([233, 480]);
    // 1 minute at $0.30/h = 0.5 → 1
    expect(
      splitByTimeScale({ date: '2026-11-24', startTime: '10:00', durationMinutes: 1, priceCents: 0, bands: [{ days: WEEKDAYS, from: '00:00', to: '24:00', hourlyRateCents: 30 }] })[0]?.cents,
    ).toBe(1);
  });

  it('lets the earlier band win where two overlap, without splitting inside it', () => {
    const overlapping: TimeScaleBand[] = [
      { days: WEEKDAYS, from: '09:00', to: '12:00', hourlyRateCents: 1000 },
      { days: WEEKDAYS, from: '10:00', to: '11:00', hourlyRateCents: 9000 },
    ];
    const segments = splitByTimeScale({ date: '2026-11-24', startTime: '09:30', durationMinutes: 120, priceCents: 0, bands: overlapping });
    expect(segments.map((s) => [s.from, s.to, s.cents])).toEqual([['09:30', '11:30', 2000]]);
  });
});

describe('splitByTimeScale properties', () => {
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const band = fc
    .record({
      days: fc.subarray<IsoDay>([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      a: fc.integer({ min: 0, max: 1440 }),
      b: fc.integer({ min: 0, max: 1440 }),
      rate: fc.integer({ min: 0, max: 20000 }),
    })
    .filter(({ a, b }) => a !== b)
    .map(({ days, a, b, rate }): TimeScaleBand => ({ days, from: clock(Math.min(a, b)), to: clock(Math.max(a, b)), hourlyRateCents: rate }));

  it('covers the booking minute for minute, each piece priced by the band that covers it, within half a cent', () => {
    fc.assert(
      fc.property(
        fc.array(band, { maxLength: 4 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 0, max: 50000 }),
        (bands, start, durationMinutes, priceCents) => {
          const segments = splitByTimeScale({ date: '2026-11-27', startTime: clock(start), durationMinutes, priceCents, bands });
          expect(segments.reduce((sum, s) => sum + s.minutes, 0)).toBe(durationMinutes);
          let at = start;
          for (const s of segments) {
            expect(parseClockMinutes(s.from)).toBe(at % 1440);
            expect(parseClockMinutes(s.to) - parseClockMinutes(s.from)).toBe(s.minutes);
            expect(s.day).toBe(isoDayOf(s.date));
            // |cents − minutes × rate / 60| ≤ ½ (or per minute of the booking price when no band covers it).
            if (s.hourlyRateCents === null) expect(Math.abs(2 * (s.cents * durationMinutes - s.minutes * priceCents))).toBeLessThanOrEqual(durationMinutes);
            else expect(Math.abs(2 * (s.cents * 60 - s.minutes * s.hourlyRateCents))).toBeLessThanOrEqual(60);
            // The first band (in list order) covering the piece's first minute prices all of it.
            const from = parseClockMinutes(s.from);
            const covering = bands.find((b) => b.days.includes(s.day) && parseClockMinutes(b.from) <= from && from < parseClockMinutes(b.to));
            expect(s.hourlyRateCents).toBe(covering ? covering.hourlyRateCents : null);
            if (covering) expect(parseClockMinutes(s.to)).toBeLessThanOrEqual(parseClockMinutes(covering.to));
            at += s.minutes;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
