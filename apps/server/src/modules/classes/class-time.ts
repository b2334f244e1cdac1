import type { Company } from '../../domain/company.ts';
import { companyTimeZone, localNow, zonedParts } from '../../lib/time.ts';

// The company's clock and wall-clock instants: the times every part of the module reads.

/** The company's today and time, and the instant, all read once per call. */
export function clock(company: Company, at: Date) {
  const local = localNow(companyTimeZone(company.settings.localization), at);
  return { today: local.date, time: local.time, now: at.toISOString(), at };
}
export type Clock = ReturnType<typeof clock>;

/** The UTC instant of a wall-clock time in a zone (two passes settle daylight-saving edges). */
export function zonedInstant(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(timeZone, new Date(guess));
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return new Date(guess);
}

export function sessionStart(company: Company, date: string, time: string) {
  return zonedInstant(companyTimeZone(company.settings.localization), date, time);
}
