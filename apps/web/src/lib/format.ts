import { TZDate } from '@date-fns/tz';
import { format as formatWith, isValid, parseISO } from 'date-fns';
import { BADGE_CAP } from '@portal/shared/constants';
import type { CompanyConfig } from '@portal/shared/company-config';

export type DateFormat = CompanyConfig['localization']['DateFormat'];

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

/** Has an explicit offset or Z, i.e. an instant rather than a local wall-clock value. */
const INSTANT = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Dates (yyyy-MM-dd) and local times (yyyy-MM-ddTHH:mm) are wall-clock values and are
 * shown as they are; instants are shown in the company's time zone when one is given, as
 * a TZDate (the browser's own zone and its daylight-saving gaps play no part).
 */
function toDisplayDate(value: string | Date, timeZone?: string): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return null;
  const isInstant = typeof value !== 'string' || INSTANT.test(value);
  if (!timeZone || !isInstant) return date;
  const zoned = new TZDate(date.getTime(), timeZone);
  // An unknown zone name: show the browser's local time rather than nothing.
  return isValid(zoned) ? zoned : date;
}

export function formatDate(value: string | Date | null | undefined, dateFormat: DateFormat | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return typeof value === 'string' ? value : '';
  return formatWith(date, dateFormat ?? 'dd/MM/yyyy');
}

/** C13: times read hh:mm:ss a (02:05:09 PM); pass withSeconds=false for hh:mm a. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string, withSeconds = true): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return '';
  return formatWith(date, withSeconds ? 'hh:mm:ss a' : 'hh:mm a');
}

export function formatDateTime(value: string | Date | null | undefined, dateFormat: DateFormat | undefined, timeZone?: string, withSeconds = true): string {
  if (value == null || value === '') return '';
  const date = toDisplayDate(value, timeZone);
  if (!date) return typeof value === 'string' ? value : '';
  return formatWith(date, `${dateFormat ?? 'dd/MM/yyyy'} ${withSeconds ? 'hh:mm:ss a' : 'hh:mm a'}`);
}

/** The company's IANA zone from its localization block, e.g. "Australia/Sydney". */
export function companyTimeZone(config: Pick<CompanyConfig, 'localization'> | null | undefined): string | undefined {
  const region = config?.localization?.TimeZoneRegion;
  const city = config?.localization?.TimeZoneCity;
  if (!region || !city) return undefined;
  return city.includes('/') ? city : `${region}/${city.replace(/ /g, '_')}`;
}

/**
 * Money is integer cents everywhere: 1250 → "$12.50", -500 → "-$5.00", 123456 → "$1,234.56".
 * Built from the digits rather than with Intl: the first Intl number format of a page loads
 * the browser's number data, which cost more main-thread time on the home page than its lists.
 */
export function formatMoney(cents: number | null | undefined, symbol: string): string {
  const value = Math.round(cents ?? 0);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Bell and cart badges: exact up to 99, then "99+". */
export function formatBadge(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
