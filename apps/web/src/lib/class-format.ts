import { dayAbbreviation, durationText, isoDayOf, startTimeText, weeklyClassText, type TimeDisplay } from '@portal/shared/class-time-text';
import { formatDate, type DateFormat } from './format';

/**
 * Every class day, time and duration the portal shows goes through here, in the company's
 * TimeDisplay (C20, C21, F14; decision 063): the wording itself is the shared one the server's
 * class-session link uses too.
 */

/** ISO day 1–7 → Mon…Sun. */
export const dayName = dayAbbreviation;

/** A duration: "1 hour 30 minutes", "90 minutes" or "" (NoTimeDisplayed). */
export const classDuration = durationText;

/** A class's start time: "04:00 PM", or "" (NoTimeDisplayed). */
export const classTime = startTimeText;

/** When a weekly class runs: "Mon 04:00 PM · 30 minutes", or just "Mon" where TimeDisplay hides the time. */
export const classWhen = weeklyClassText;

/** When and where a weekly class runs, as one line: "Mon 04:00 PM · Main Pool". */
export function classPlace(c: { Day: number; Time: string; Venue: string }, display: TimeDisplay | undefined): string {
  return `${dayName(c.Day)} ${classTime(c.Time, display)}`.trim() + ` · ${c.Venue}`;
}

/** One session: "04/03/2025 04:00 PM", or "Tue 04/03/2025 04:00 PM" with its day; the date alone under NoTimeDisplayed. */
export function sessionWhen(date: string, time: string, dateFormat: DateFormat | undefined, display: TimeDisplay | undefined, withDay = false): string {
  return [withDay ? dayName(isoDayOf(date)) : '', formatDate(date, dateFormat), classTime(time, display)].filter(Boolean).join(' ');
}

/**
 * How a make-up credit's absence is told: an absence notified ahead earns its credit before the
 * session, so until that day has come (in the company's time zone) the child will miss it, not missed it.
 */
export function absenceVerb(missedDate: string, today: string): 'Will miss' | 'Missed' {
  return missedDate > today ? 'Will miss' : 'Missed';
}
