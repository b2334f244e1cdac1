import { TZDate } from '@date-fns/tz';

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
