import { clockName, formatDateTime, type DateFormat } from '@portal/shared/date-time-text';

/** Current instant as ISO-8601 UTC text (the storage format on both engines). */
export function nowIso(now = new Date()): string {
  return now.toISOString();
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/**
 * One formatter per time zone, made on first use: building an Intl.DateTimeFormat costs far more
 * than formatting with it (it was most of a class search's own time), and a zone's rules do not
 * change while the process runs.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone (the one place that asks Intl for them). */
export function zonedParts(timeZone: string, at: Date) {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** A company's IANA time zone from its localization block. */
export function companyTimeZone(localization: { TimeZoneRegion: string; TimeZoneCity: string }): string {
  return `${localization.TimeZoneRegion}/${localization.TimeZoneCity}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date (yyyy-MM-dd) and the time (HH:mm) in a company's time zone. */
export function localNow(timeZone: string, now = new Date()): { date: string; time: string } {
  const p = zonedParts(timeZone, now);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * Whether a session (its day and HH:mm start, and its length) is over at a wall-clock moment of
 * its company's zone: a session is "next" until its end time, not its start (decision 081).
 */
export function sessionIsOver(session: { date: string; start_time: string }, durationMinutes: number, now: { date: string; time: string }): boolean {
  if (session.date !== now.date) return session.date < now.date;
  const minutes = (hhmm: string) => {
    const [h = 0, m = 0] = hhmm.split(':').map(Number);
    return h * 60 + m;
  };
  return minutes(session.start_time) + durationMinutes <= minutes(now.time);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An instant as the company's families read it in a message: its date format, its clock, and which clock ("30/11/2026 06:24:14 PM (Sydney time)"). */
export function companyClockText(localization: { TimeZoneRegion: string; TimeZoneCity: string; DateFormat: DateFormat }, at: Date): string {
  const zone = companyTimeZone(localization);
  return `${formatDateTime(at, localization.DateFormat, zone)} (${clockName(zone)})`;
}
