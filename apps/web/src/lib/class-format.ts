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

/**
 * When a class runs, from its sessions where they fall on more than one weekday (a holiday
 * intensive, Wednesday to Sunday): "Wed 23/12/2026 to Sun 27/12/2026 · 11:00 AM · 45 minutes", where
 * the class's one weekday would send a family on the wrong day. A weekly class: `classWhen`.
 */
export function classWhenOn(c: { Day: number; Time: string; Duration: number; dates: readonly string[] }, display: TimeDisplay | undefined, dateFormat: DateFormat | undefined): string {
  const span = daysRun(c.dates, dateFormat);
  if (span === null) return classWhen(c.Day, c.Time, c.Duration, display);
  return [span, classTime(c.Time, display), classDuration(c.Duration, display)].filter(Boolean).join(' · ');
}

/** "Wed 23/12/2026 to Sun 27/12/2026" for sessions on more than one weekday; null for a weekly class (or none). */
function daysRun(sessions: readonly string[], dateFormat: DateFormat | undefined): string | null {
  const dates = [...sessions].sort();
  if (new Set(dates.map(isoDayOf)).size <= 1) return null;
  return `${dayAndDate(dates[0]!, dateFormat)} to ${dayAndDate(dates.at(-1)!, dateFormat)}`;
}

/** One session's day: "Thu 24/12/2026". */
export function dayAndDate(date: string, dateFormat: DateFormat | undefined): string {
  return `${dayName(isoDayOf(date))} ${formatDate(date, dateFormat)}`;
}

/**
 * When and where a class runs, as one line: "Mon 04:00 PM · Main Pool"; from its sessions where
 * they fall on several weekdays ("Wed 23/12/2026 to Sun 27/12/2026 11:00 AM · Main Pool", as
 * `classWhenOn`), or on another weekday than the class's own (one session of it chosen).
 */
export function classPlace(c: { Day: number; Time: string; Venue: string; dates?: readonly string[] }, display: TimeDisplay | undefined, dateFormat: DateFormat | undefined): string {
  const first = c.dates?.[0];
  const when = daysRun(c.dates ?? [], dateFormat) ?? dayName(first ? isoDayOf(first) : c.Day);
  return `${when} ${classTime(c.Time, display)}`.trim() + ` · ${c.Venue}`;
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
