import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIntervals, INSTALMENT_INTERVALS, instalmentSchedule } from './instalments.ts';

describe('instalment schedules (decision 105)', () => {
  it('adds up to the total to the cent, with the deposit at least its minimum and the rest a cent apart at most', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...INSTALMENT_INTERVALS),
        (total, count, percent, interval) => {
          const schedule = instalmentSchedule(total, { Count: count, Interval: interval, MinimumDepositPercent: percent }, '2026-01-31');
          expect(schedule).toHaveLength(count);
          expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(total);
          expect(schedule[0]!.amountCents).toBeGreaterThanOrEqual(Math.ceil((total * percent) / 100));
          const later = schedule.slice(1).map((i) => i.amountCents);
          expect(Math.max(...later) - Math.min(...later)).toBeLessThanOrEqual(1);
          expect(schedule.every((i) => i.amountCents >= 0)).toBe(true);
          const dates = schedule.map((i) => i.dueDate);
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(count);
        },
      ),
    );
  });

  it('splits £100 in 3 as 33.34, 33.33, 33.33, and a 50 % deposit first', () => {
    expect(instalmentSchedule(10_000, { Count: 3, Interval: 'month', MinimumDepositPercent: 0 }, '2026-03-15').map((i) => i.amountCents)).toEqual([3_334, 3_333, 3_333]);
    expect(instalmentSchedule(10_001, { Count: 3, Interval: 'month', MinimumDepositPercent: 50 }, '2026-03-15')).toEqual([
      { dueDate: '2026-03-15', amountCents: 5_001 },
      { dueDate: '2026-04-15', amountCents: 2_500 },
      { dueDate: '2026-05-15', amountCents: 2_500 },
    ]);
  });

  it('a month after the 31st is the month’s last day; weeks and fortnights are 7 and 14 days', () => {
    expect(addIntervals('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(addIntervals('2026-01-31', 'month', 2)).toBe('2026-03-31');
    expect(addIntervals('2026-12-15', 'month', 1)).toBe('2027-01-15');
    expect(addIntervals('2026-12-29', 'week', 1)).toBe('2027-01-05');
    expect(addIntervals('2026-03-01', 'fortnight', 2)).toBe('2026-03-29');
  });
});
