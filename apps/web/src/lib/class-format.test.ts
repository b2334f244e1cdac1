import { describe, expect, it } from 'vitest';
import { classDuration, classPlace, classTime, classWhen, dayName, sessionWhen } from './class-format';

const seahorse = { Day: 2, Time: '16:00', Venue: 'Bondi' };

describe('the portal’s class times per TimeDisplay (C21, F14)', () => {
  it('HoursAndMinutes', () => {
    expect(classWhen(2, '16:00', 90, 'HoursAndMinutes')).toBe('Tue 04:00 PM · 1 hour 30 minutes');
    expect(classDuration(30, 'HoursAndMinutes')).toBe('30 minutes');
    expect(classPlace(seahorse, 'HoursAndMinutes')).toBe('Tue 04:00 PM · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'HoursAndMinutes')).toBe('10/03/2026 04:00 PM');
    expect(sessionWhen('2026-03-10', '16:00', 'MM/dd/yyyy', 'HoursAndMinutes', true)).toBe('Tue 03/10/2026 04:00 PM');
  });

  it('Minutes', () => {
    expect(classWhen(2, '16:00', 90, 'Minutes')).toBe('Tue 04:00 PM · 90 minutes');
    expect(classPlace(seahorse, 'Minutes')).toBe('Tue 04:00 PM · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'Minutes')).toBe('10/03/2026 04:00 PM');
  });

  it('NoTimeDisplayed: days and dates stay, times and durations go', () => {
    expect(classWhen(2, '16:00', 90, 'NoTimeDisplayed')).toBe('Tue');
    expect(classTime('16:00', 'NoTimeDisplayed')).toBe('');
    expect(classDuration(90, 'NoTimeDisplayed')).toBe('');
    expect(classPlace(seahorse, 'NoTimeDisplayed')).toBe('Tue · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'NoTimeDisplayed', true)).toBe('Tue 10/03/2026');
  });

  it('C20: Mon … Sun', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(dayName).join(' ')).toBe('Mon Tue Wed Thu Fri Sat Sun');
  });
});
