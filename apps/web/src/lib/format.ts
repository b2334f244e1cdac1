import { BADGE_CAP } from '@portal/shared/constants';

/** Dates and times read one way, shared with the server's e-mails and PDFs (decision 080). */
export { clockRange, clockTime, companyTimeZone, formatDate, formatDateTime, type DateFormat } from '@portal/shared/date-time-text';

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
