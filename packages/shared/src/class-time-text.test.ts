import { describe, expect, it } from 'vitest';
import { clockTime } from './date-time-text.ts';
import { addMinutes, dayAbbreviation, DAY_ABBREVIATIONS, durationText, isoDayOf, startTimeText, timeRangeText, weeklyClassText } from './class-time-text.ts';

describe('class time wording (C20, C21, F14)', () => {
  it('C20: days read Mon … Sun, Monday first; ISO days from dates', () => {
    expect(DAY_ABBREVIATIONS).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect([1, 2, 3, 4, 5, 6, 7].map(dayAbbreviation)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect([0, 8].map(dayAbbreviation)).toEqual(['', '']);
    // 2026-03-09 is a Monday, 2026-03-15 a Sunday.
    expect(['2026-03-09', '2026-03-15'].map(isoDayOf)).toEqual([1, 7]);
  });

  it('start times read in hours and minutes, hh:mm a', () => {
    expect(['00:15', '09:30', '12:00', '16:05', '23:59'].map(clockTime)).toEqual(['12:15 AM', '09:30 AM', '12:00 PM', '04:05 PM', '11:59 PM']);
    expect(addMinutes('23:30', 45)).toBe('00:15');
  });

  it('HoursAndMinutes: hours and minutes in words', () => {
    expect([90, 60, 120, 45, 1, 61, 0].map((m) => durationText(m, 'HoursAndMinutes'))).toEqual(['1 hour 30 minutes', '1 hour', '2 hours', '45 minutes', '1 minute', '1 hour 1 minute', '0 minutes']);
    expect(startTimeText('16:00', 'HoursAndMinutes')).toBe('04:00 PM');
    expect(timeRangeText('16:00', 90, 'HoursAndMinutes')).toBe('04:00 PM - 05:30 PM');
    expect(weeklyClassText(2, '16:00', 90, 'HoursAndMinutes')).toBe('Tue 04:00 PM · 1 hour 30 minutes');
  });

  it('HoursAndMinutes is what a company that sets nothing gets', () => {
    expect(durationText(90, undefined)).toBe('1 hour 30 minutes');
    expect(weeklyClassText(2, '16:00', 90, undefined)).toBe('Tue 04:00 PM · 1 hour 30 minutes');
  });

  it('Minutes: the whole length in minutes', () => {
    expect([90, 60, 45, 1].map((m) => durationText(m, 'Minutes'))).toEqual(['90 minutes', '60 minutes', '45 minutes', '1 minute']);
    expect(startTimeText('16:00', 'Minutes')).toBe('04:00 PM');
    expect(timeRangeText('16:00', 90, 'Minutes')).toBe('04:00 PM - 05:30 PM');
    expect(weeklyClassText(7, '09:30', 90, 'Minutes')).toBe('Sun 09:30 AM · 90 minutes');
  });

  it('NoTimeDisplayed: no start time and no duration, the day alone', () => {
    expect(durationText(90, 'NoTimeDisplayed')).toBe('');
    expect(startTimeText('16:00', 'NoTimeDisplayed')).toBe('');
    expect(timeRangeText('16:00', 90, 'NoTimeDisplayed')).toBe('');
    expect(weeklyClassText(2, '16:00', 90, 'NoTimeDisplayed')).toBe('Tue');
  });
});
