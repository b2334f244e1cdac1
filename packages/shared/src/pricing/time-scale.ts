import { divideRoundHalfUp } from './money.ts';
import type { IsoDay, TimeScale, TimeScaleBand } from './pricing-types.ts';

const MINUTES_PER_DAY = 24 * 60;

export interface TimeScaleSegment {
  /** yyyy-MM-dd of the segment (a booking past midnight continues on the next day). */
  date: string;
  day: IsoDay;
  from: string;
  to: string;
  minutes: number;
  /** The band's hourly rate, or null for minutes no band covers (priced at the booking type's rate). */
  hourlyRateCents: number | null;
  cents: number;
}

/** Minutes after midnight for "HH:mm" ("24:00" is 1440); throws on anything else. */
export function parseClockMinutes(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) throw new RangeError(`invalid time "${text}"`);
  return hours * 60 + minutes;
}

function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function parseDate(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`invalid date "${text}"`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== text) throw new RangeError(`invalid date "${text}"`);
  return ms;
}

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDate(to) - parseDate(from)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(parseDate(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** ISO day of the week of a calendar date: 1 Monday … 7 Sunday. */
export function isoDayOf(date: string): IsoDay {
  const sunday0 = new Date(parseDate(date)).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as IsoDay;
}

/**
 * Prices a booking by time-scale bands. The booking is cut wherever a band starts or ends (and
 * at midnight); each piece inside a band costs minutes × hourly rate / 60, and each piece no band
 * covers costs minutes × flat price / duration, each piece rounded half up on its own. When two
 * bands overlap, the earlier band in the list wins. The booking's price is the sum of its pieces.
 */
export function splitByTimeScale(input: { date: string; startTime: string; durationMinutes: number; priceCents: number; bands: readonly TimeScaleBand[] }): TimeScaleSegment[] {
  const { durationMinutes, priceCents, bands } = input;
  const start = parseClockMinutes(input.startTime);
  const parsedBands = bands.map((band) => ({ band, from: parseClockMinutes(band.from), to: parseClockMinutes(band.to) }));
  // Cut at every band edge and midnight, then merge neighbouring pieces priced by the same band
  // on the same date, so a piece is rounded once.
  const pieces: { dayOffset: number; from: number; to: number; band: number }[] = [];
  let at = start;
  const end = start + durationMinutes;
  while (at < end) {
    const dayOffset = Math.floor(at / MINUTES_PER_DAY);
    const day = isoDayOf(addDays(input.date, dayOffset));
    const minuteOfDay = at - dayOffset * MINUTES_PER_DAY;
    const band = parsedBands.findIndex((b) => b.band.days.includes(day) && b.from <= minuteOfDay && minuteOfDay < b.to);
    const edges = [MINUTES_PER_DAY, end - dayOffset * MINUTES_PER_DAY];
    for (const b of parsedBands) {
      if (!b.band.days.includes(day)) continue;
      if (b.from > minuteOfDay) edges.push(b.from);
      if (b.to > minuteOfDay) edges.push(b.to);
    }
    const pieceEnd = Math.min(...edges);
    const previous = pieces.at(-1);
    if (previous && previous.dayOffset === dayOffset && previous.band === band && previous.to === minuteOfDay) previous.to = pieceEnd;
    else pieces.push({ dayOffset, from: minuteOfDay, to: pieceEnd, band });
    at = dayOffset * MINUTES_PER_DAY + pieceEnd;
  }
  return pieces.map(({ dayOffset, from, to, band }) => {
    const date = addDays(input.date, dayOffset);
    const minutes = to - from;
    const rate = parsedBands[band]?.band.hourlyRateCents ?? null;
    const cents = rate === null ? Number(divideRoundHalfUp(BigInt(minutes) * BigInt(priceCents), BigInt(durationMinutes))) : Number(divideRoundHalfUp(BigInt(minutes) * BigInt(rate), 60n));
    return { date, day: isoDayOf(date), from: formatClock(from), to: formatClock(to), minutes, hourlyRateCents: rate, cents };
  });
}

/**
 * What a booking costs before tax: its flat price, or, where a band of the company's time scale
 * covers any of it, the sum of its pieces (a Time Scale Total line, H18). The checkout prices it
 * so, and the booking pages show and keep this price, so the family sees what it will pay.
 */
export function bookingPrice(booking: { date: string; startTime: string; durationMinutes: number; priceCents: number }, timeScale: TimeScale): { cents: number; timeScaled: boolean } {
  if (!timeScale.enabled || timeScale.bands.length === 0) return { cents: booking.priceCents, timeScaled: false };
  const segments = splitByTimeScale({ ...booking, bands: timeScale.bands });
  if (!segments.some((s) => s.hourlyRateCents !== null)) return { cents: booking.priceCents, timeScaled: false };
  return { cents: segments.reduce((sum, s) => sum + s.cents, 0), timeScaled: true };
}
