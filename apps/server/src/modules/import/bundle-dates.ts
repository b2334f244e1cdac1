import { zonedParts } from '../../lib/time.ts';
import { addDays } from '../../lib/time.ts';

/**
 * Bundles may write dates relative to the import day ("today+7") so that demo and test data
 * stays current; these helpers check the syntax and turn both forms into stored values.
 */
export const DATE_PATTERN = /^(?:today(?:[+-]\d{1,4})?|\d{4}-\d{2}-\d{2})$/;
const ZONED_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL_INSTANT_PATTERN = /^(today(?:[+-]\d{1,4})?|\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function isBundleDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  return value.startsWith('today') || isCalendarDate(value);
}

export function isBundleInstant(value: string): boolean {
  if (ZONED_INSTANT_PATTERN.test(value)) return !Number.isNaN(new Date(value).getTime()) && isCalendarDate(value.slice(0, 10));
  const m = LOCAL_INSTANT_PATTERN.exec(value);
  if (!m) return false;
  const [, day = '', hh = '', mm = '', ss = '0'] = m;
  return (day.startsWith('today') || isCalendarDate(day)) && Number(hh) < 24 && Number(mm) < 60 && Number(ss) < 60;
}

/** `today`, `today+7`, `today-3` or `yyyy-MM-dd` → `yyyy-MM-dd`. */
export function resolveDate(value: string, today: string): string {
  if (!value.startsWith('today')) return value;
  const offset = value.length > 5 ? Number.parseInt(value.slice(5), 10) : 0;
  return addDays(today, offset);
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at that instant. */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const p = zonedParts(timeZone, at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (ms: number) => zoneOffsetMinutes(timeZone, new Date(ms)) * 60_000;
  const first = wall - offsetAt(wall);
  if (offsetAt(first) === offsetAt(wall)) return new Date(first);
  // The first guess sat on the other side of a DST change: retry with the offset found there.
  const second = wall - offsetAt(first);
  if (offsetAt(second) === offsetAt(first)) return new Date(second);
  // Neither round-trips: the wall time does not exist (spring forward); take the later instant.
  return new Date(Math.max(first, second));
}

/** ISO-8601 with a zone is taken as is; a local form (`today-2T09:30`, `2026-03-01T09:30`) is company time. */
export function resolveInstant(value: string, today: string, timeZone: string): string {
  if (ZONED_INSTANT_PATTERN.test(value)) return new Date(value).toISOString();
  const m = LOCAL_INSTANT_PATTERN.exec(value);
  if (!m) throw new Error(`Not an instant: ${value}`);
  const [, day = '', hh = '00', mm = '00', ss = '00'] = m;
  return zonedToUtc(resolveDate(day, today), `${hh}:${mm}:${ss}`, timeZone).toISOString();
}

/** ISO weekday, Monday = 1 … Sunday = 7. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The class's weekly dates: `weeksBefore` occurrences before the import day and `weeksAfter`
 * on or after it, so a class on today's weekday has a session today.
 */
export function weeklyDates(dayOfWeek: number, today: string, weeksBefore: number, weeksAfter: number): string[] {
  const first = addDays(today, (dayOfWeek - isoWeekday(today) + 7) % 7);
  const dates: string[] = [];
  for (let i = -weeksBefore; i < weeksAfter; i++) dates.push(addDays(first, i * 7));
  return dates;
}
