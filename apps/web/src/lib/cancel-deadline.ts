import { TZDate } from '@date-fns/tz';
import { hoursText } from '@portal/shared/date-time-text';

/**
 * The instant online cancellation of a booking closes: its start (the venue's wall clock, in the
 * company's time zone) less the company's CancelCutoffHours. ISO, for the date formatters.
 */
export function cancelDeadline(date: string, time: string, cutoffHours: number, timeZone: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const start = timeZone ? new TZDate(y, m - 1, d, hh, mm, timeZone) : new Date(y, m - 1, d, hh, mm);
  return new Date(start.getTime() - cutoffHours * 3_600_000).toISOString();
}

/** Whether a booking at this day and time could still be cancelled online now: its deadline is still ahead. */
export function cancellableOnline(date: string, time: string, cutoffHours: number, timeZone: string | undefined, now = Date.now()): boolean {
  return Date.parse(cancelDeadline(date, time, cutoffHours, timeZone)) > now;
}

/** What a booking that starts inside the cut-off is told, before it is paid for and after. */
export function insideCutoffText(cutoffHours: number): string {
  return `It starts within ${hoursText(cutoffHours)}, so it cannot be cancelled online.`;
}
