import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import type { CompanyConfig } from './company-config.ts';

/**
 * The one way a date or a time reads, wherever a family sees it: the portal, the e-mails, the
 * PDFs and the texts the server writes once (invoice lines). Dates in the company's DateFormat;
 * times as hh:mm a ("04:00 PM") and, for a timestamp, hh:mm:ss a ("02:05:09 PM"), the time of
 * C13 for every company (decision 080). Nothing else formats a date or a time for display: a
 * lint rule keeps date-fns' format and the browser's toLocale… texts to this file.
 */

export type DateFormat = CompanyConfig['localization']['DateFormat'];

/** C13: a time of day, and a timestamp (when a message was published, an agreement signed). */
const CLOCK = 'hh:mm a';
const STAMP = 'hh:mm:ss a';

/**
 * X1: the server always sends DateFormat; if it is ever missing, US companies get
 * MM/dd/yyyy and everyone else dd/MM/yyyy.
 */
export function resolveDateFormat(config: { ServerLocation?: string; localization?: { DateFormat?: string; CountryCode?: string } } | null | undefined): DateFormat {
  const explicit = config?.localization?.DateFormat;
  if (explicit) return explicit as DateFormat;
  const country = (config?.localization?.CountryCode || config?.ServerLocation || '').toUpperCase();
  return country === 'US' ? 'MM/dd/yyyy' : 'dd/MM/yyyy';
}

/** The company's IANA zone from its localization block, e.g. "Australia/Sydney". */
export function companyTimeZone(config: { localization?: { TimeZoneRegion?: string; TimeZoneCity?: string } } | null | undefined): string | undefined {
  const region = config?.localization?.TimeZoneRegion;
  const city = config?.localization?.TimeZoneCity;
  if (!region || !city) return undefined;
  return city.includes('/') ? city : `${region}/${city.replace(/ /g, '_')}`;
}

/** Today's date (yyyy-MM-dd) in a time zone: the company's, or the device's own where none is given. */
export function todayIn(timeZone?: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Has an explicit offset or Z, i.e. an instant rather than a local wall-clock value. */
const INSTANT = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Dates (yyyy-MM-dd) and local times (yyyy-MM-ddTHH:mm) are wall-clock values and are shown as
 * they are; instants are shown in the company's time zone when one is given, as a TZDate (the
 * browser's or the server's own zone and its daylight-saving gaps play no part).
 */
function toDisplayDate(value: string | Date, timeZone?: string): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return null;
  const isInstant = typeof value !== 'string' || INSTANT.test(value);
  if (!timeZone || !isInstant) return date;
  const zoned = new TZDate(date.getTime(), timeZone);
  // An unknown zone name: show the local time rather than nothing.
  return isValid(zoned) ? zoned : date;
}

/** A date in the company's DateFormat: "30/11/2026", "11/30/2026". */
export function formatDate(value: string | Date | null | undefined, dateFormat: DateFormat | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return typeof value === 'string' ? value : '';
  return format(date, dateFormat ?? 'dd/MM/yyyy');
}

/** The time of a timestamp, hh:mm:ss a (02:05:09 PM); withSeconds=false for hh:mm a. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string, withSeconds = true): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return '';
  return format(date, withSeconds ? STAMP : CLOCK);
}

/** An instant as a moment to be at: "01/12/2026 at 09:00 AM", in the company's date style and time zone. */
export function formatDateAtTime(value: string | Date, dateFormat: DateFormat | undefined, timeZone?: string): string {
  return `${formatDate(value, dateFormat, timeZone)} at ${formatTime(value, timeZone, false)}`;
}

/** A timestamp: "04/03/2025 02:05:09 PM"; withSeconds=false for "04/03/2025 02:05 PM". */
export function formatDateTime(value: string | Date | null | undefined, dateFormat: DateFormat | undefined, timeZone?: string, withSeconds = true): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return typeof value === 'string' ? value : '';
  return format(date, `${dateFormat ?? 'dd/MM/yyyy'} ${withSeconds ? STAMP : CLOCK}`);
}

/** A wall-clock time of day, HH:mm (24-hour, as stored), as the portal's times read: "16:00" → "04:00 PM"; "24:00" (a day's end) → "12:00 AM". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return format(new Date(2000, 0, 1, h % 24, m), CLOCK);
}

/** From one wall-clock time to another: "04:00 PM - 05:30 PM". */
export function clockRange(from: string, to: string): string {
  return `${clockTime(from)} - ${clockTime(to)}`;
}

/** A day and a time of day: "30/11/2026 04:00 PM". */
export function dateAndClock(isoDate: string, hhmm: string, dateFormat: DateFormat | undefined): string {
  return `${formatDate(isoDate, dateFormat)} ${clockTime(hhmm)}`;
}

/** A number of hours as the portal says it: "1 hour", "24 hours" (a booking's cancel cut-off). */
export const hoursText = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** Which clock a time is on, as the portal names it beside the time: "Sydney time" for "Australia/Sydney". */
export function clockName(timeZone: string): string {
  return `${(timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')} time`;
}
