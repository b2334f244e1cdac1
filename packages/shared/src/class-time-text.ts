import { clockRange, clockTime } from './date-time-text.ts';

/**
 * How a class's day, time and duration read, for the portal and for the answers the server words
 * itself (the class-session link): one wording for both (C20, C21, F14; decision 063).
 */

/** The company's classes_setup.TimeDisplay (D1 §3 enumeration). */
export const TIME_DISPLAYS = ['HoursAndMinutes', 'Minutes', 'NoTimeDisplayed'] as const;
export type TimeDisplay = (typeof TIME_DISPLAYS)[number];

/** ISO days 1 (Mon) … 7 (Sun), Monday first (C20). */
export const DAY_ABBREVIATIONS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** ISO day 1–7 → Mon…Sun; anything else → "". */
export function dayAbbreviation(isoDay: number): string {
  return DAY_ABBREVIATIONS[isoDay - 1] ?? '';
}

/** The ISO day (1 Mon … 7 Sun) of a yyyy-MM-dd date. */
export function isoDayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay() || 7;
}

/** Whether the company shows class times at all: NoTimeDisplayed shows neither start time nor duration. */
export function showsClassTime(display: TimeDisplay | undefined): boolean {
  return display !== 'NoTimeDisplayed';
}

/** HH:mm plus some minutes, on the same clock: ("23:30", 45) → "00:15". */
export function addMinutes(hhmm: string, minutes: number): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const day = 24 * 60;
  const total = (((h * 60 + m + minutes) % day) + day) % day;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A class's length as the company's TimeDisplay says: HoursAndMinutes "1 hour 30 minutes",
 * Minutes "90 minutes", NoTimeDisplayed "" (nothing is shown).
 */
export function durationText(minutes: number, display: TimeDisplay | undefined): string {
  if (!showsClassTime(display)) return '';
  const whole = Math.max(0, Math.round(minutes));
  if (display === 'Minutes') return plural(whole, 'minute');
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return [h ? plural(h, 'hour') : '', m || !h ? plural(m, 'minute') : ''].filter(Boolean).join(' ');
}

/** A class's start time as TimeDisplay says: "04:00 PM", or "" under NoTimeDisplayed. */
export function startTimeText(hhmm: string, display: TimeDisplay | undefined): string {
  return showsClassTime(display) ? clockTime(hhmm) : '';
}

/** From start to end: "04:00 PM - 04:30 PM", or "" under NoTimeDisplayed. */
export function timeRangeText(hhmm: string, minutes: number, display: TimeDisplay | undefined): string {
  return showsClassTime(display) ? clockRange(hhmm, addMinutes(hhmm, minutes)) : '';
}

/** When a weekly class runs: "Tue 04:00 PM · 1 hour 30 minutes", "Tue 04:00 PM · 90 minutes" or just "Tue". */
export function weeklyClassText(isoDay: number, hhmm: string, minutes: number, display: TimeDisplay | undefined): string {
  return [`${dayAbbreviation(isoDay)} ${startTimeText(hhmm, display)}`.trim(), durationText(minutes, display)].filter(Boolean).join(' · ');
}
