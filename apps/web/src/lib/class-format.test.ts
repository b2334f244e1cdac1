import { describe, expect, it } from 'vitest';
import { classDuration, classPlace, classTime, classWhen, classWhenOn, dayName, sessionWhen } from './class-format';

const seahorse = { Day: 2, Time: '16:00', Venue: 'Bondi' };

describe('the portal’s class times per TimeDisplay (C21, F14)', () => {
  it('HoursAndMinutes', () => {
    expect(classWhen(2, '16:00', 90, 'HoursAndMinutes')).toBe('Tue 04:00 PM · 1 hour 30 minutes');
    expect(classDuration(30, 'HoursAndMinutes')).toBe('30 minutes');
    expect(classPlace(seahorse, 'HoursAndMinutes', 'dd/MM/yyyy')).toBe('Tue 04:00 PM · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'HoursAndMinutes')).toBe('10/03/2026 04:00 PM');
    expect(sessionWhen('2026-03-10', '16:00', 'MM/dd/yyyy', 'HoursAndMinutes', true)).toBe('Tue 03/10/2026 04:00 PM');
  });

  it('Minutes', () => {
    expect(classWhen(2, '16:00', 90, 'Minutes')).toBe('Tue 04:00 PM · 90 minutes');
    expect(classPlace(seahorse, 'Minutes', 'dd/MM/yyyy')).toBe('Tue 04:00 PM · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'Minutes')).toBe('10/03/2026 04:00 PM');
  });

  it('NoTimeDisplayed: days and dates stay, times and durations go', () => {
    expect(classWhen(2, '16:00', 90, 'NoTimeDisplayed')).toBe('Tue');
    expect(classTime('16:00', 'NoTimeDisplayed')).toBe('');
    expect(classDuration(90, 'NoTimeDisplayed')).toBe('');
    expect(classPlace(seahorse, 'NoTimeDisplayed', 'dd/MM/yyyy')).toBe('Tue · Bondi');
    expect(sessionWhen('2026-03-10', '16:00', 'dd/MM/yyyy', 'NoTimeDisplayed', true)).toBe('Tue 10/03/2026');
  });

  it('C20: Mon … Sun', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(dayName).join(' ')).toBe('Mon Tue Wed Thu Fri Sat Sun');
  });
});

describe('classWhenOn', () => {
  const intensive = { Day: 1, Time: '11:00', Duration: 45 };
  it('a class whose sessions fall on several weekdays says the days they run, not its one weekday', () => {
    // 23 December 2026 is a Wednesday, the 27th a Sunday: the class's Monday would send a family on the wrong day.
    const dates = ['2026-12-25', '2026-12-23', '2026-12-24', '2026-12-27', '2026-12-26'];
    expect(classWhenOn({ ...intensive, dates }, 'Minutes', 'dd/MM/yyyy')).toBe('Wed 23/12/2026 to Sun 27/12/2026 · 11:00 AM · 45 minutes');
    expect(classWhenOn({ ...intensive, dates }, 'NoTimeDisplayed', 'dd/MM/yyyy')).toBe('Wed 23/12/2026 to Sun 27/12/2026');
  });
  it('classPlace, in the registration’s and the cart’s dialogs, says the same days; one session chosen, its own weekday', () => {
    const dates = ['2026-12-23', '2026-12-24', '2026-12-27'];
    expect(classPlace({ ...intensive, Venue: 'Bondi', dates }, 'Minutes', 'dd/MM/yyyy')).toBe('Wed 23/12/2026 to Sun 27/12/2026 11:00 AM · Bondi');
    expect(classPlace({ ...intensive, Venue: 'Bondi', dates: ['2026-12-24'] }, 'Minutes', 'dd/MM/yyyy')).toBe('Thu 11:00 AM · Bondi');
  });
  it('a weekly class (or none left) reads as before', () => {
    expect(classWhenOn({ ...intensive, dates: ['2026-12-21', '2026-12-28'] }, 'Minutes', 'dd/MM/yyyy')).toBe('Mon 11:00 AM · 45 minutes');
    expect(classWhenOn({ ...intensive, dates: [] }, 'Minutes', 'dd/MM/yyyy')).toBe('Mon 11:00 AM · 45 minutes');
  });
});
