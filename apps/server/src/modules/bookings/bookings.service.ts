import { courtLabel } from '@portal/shared/labels';
import { timeScaleOf } from '@portal/shared/payment/payment-setup';
import { bookingPrice } from '@portal/shared/pricing/time-scale';
import { bookingMessages, type BookingOptions, type BookingRequest } from '@portal/shared/bookings-schemas';
import { clockRange, dateAndClock, formatDate } from '@portal/shared/date-time-text';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import { creditUnpaid } from '../financials/financials.api.ts';
import { taxOf, taxRatePpm } from '@portal/shared/pricing/money';
import { recordActivity } from '../activity/activity.api.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { addDays, addMinutes, companyTimeZone, localNow, nowIso, zonedParts } from '../../lib/time.ts';
import * as repo from './bookings.repository.ts';

/**
 * Court bookings (G1–G7, gap U7, decision 025). The catalogue (venues with courts and opening
 * hours, booking types with durations and prices, the booking setup) is company configuration;
 * bookings and the units they occupy are rows. The database refuses a double booking: each
 * booking writes one row per court and 5-minute unit under a primary key.
 */

type Settings = Company['settings'];

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** ISO day of a yyyy-MM-dd date: 1 Monday … 7 Sunday. */
const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The instant a wall-clock time of the company's zone falls at (the later one in a DST overlap's repeat is fine here). */
export function zonedInstant(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(toMinute(time) / 60), toMinute(time) % 60);
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(timeZone, new Date(guess));
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wall - seen;
  }
  return new Date(guess);
}

function companyToday(company: Company, now: Date) {
  return localNow(companyTimeZone(company.settings.localization), now);
}

function typesAt(settings: Settings, venueId: number) {
  return settings.booking_types.filter((t) => t.VenueIDs.length === 0 || t.VenueIDs.includes(venueId));
}

/** The days open for booking: today in the company's time zone, and AdvanceBookingDays from it. */
function bookingWindow(company: Company, now: Date) {
  const today = companyToday(company, now).date;
  return { today, lastDay: addDays(today, company.settings.booking_setup.AdvanceBookingDays - 1) };
}

/** What the add-booking page offers: venues with courts, the booking types, the days open for booking. */
export function bookingOptions(company: Company, now: Date): BookingOptions {
  const s = company.settings;
  const { today, lastDay } = bookingWindow(company, now);
  return {
    today,
    lastDay,
    timeInterval: s.TimeInterval,
    cancelCutoffHours: s.booking_setup.CancelCutoffHours,
    venues: s.ob_venues.filter((v) => v.Courts.length > 0).map((v) => ({ VenueID: v.VenueID, Name: v.Name, Address: v.Address, Courts: v.Courts })),
    bookingTypes: s.booking_types.map((t) => ({
      BookingTypeID: t.BookingTypeID,
      Name: t.Name,
      DurationMinutes: t.DurationMinutes,
      PriceCents: t.PriceCents,
      PriceRanges: priceRanges(company, t, today),
      VenueIDs: t.VenueIDs,
    })),
  };
}

/** Opening hours and time-scale bands repeat each week: a week of days holds every price there is. */
const PRICE_WEEK_DAYS = 7;

/**
 * At each venue that offers a booking type, the least and most it costs over its start times
 * there, each priced as the checkout prices it: the menu says "from" where evenings cost more.
 * Only days open for booking count, so "from" is never the price of a day not yet bookable; a
 * week of them already holds every weekday, and more days would add no other price.
 */
function priceRanges(company: Company, type: Settings['booking_types'][number], today: string) {
  const timeScale = timeScaleOf(company.settings.fin_setup);
  const days = Math.min(PRICE_WEEK_DAYS, company.settings.booking_setup.AdvanceBookingDays);
  return company.settings.ob_venues
    .filter((v) => v.Courts.length > 0 && (type.VenueIDs.length === 0 || type.VenueIDs.includes(v.VenueID)))
    .map((venue) => {
      const prices = new Set<number>();
      for (let day = 0; day < days; day += 1) {
        const date = addDays(today, day);
        for (const m of startMinutes(company, venue, type.DurationMinutes, date)) {
          prices.add(bookingPrice({ date, startTime: toClock(m), durationMinutes: type.DurationMinutes, priceCents: type.PriceCents }, timeScale).cents);
        }
      }
      if (prices.size === 0) prices.add(type.PriceCents);
      return { VenueID: venue.VenueID, LowestPriceCents: Math.min(...prices), HighestPriceCents: Math.max(...prices) };
    });
}

/** A booking request checked against the catalogue, the grid, the opening hours and the clock. */
export interface ResolvedBooking {
  venueId: number;
  venue: string;
  court: string;
  bookingTypeId: number;
  bookingType: string;
  date: string;
  startTime: string;
  endTime: string;
  startMinute: number;
  durationMinutes: number;
  /** What the booking costs before tax, with the company's time scale (what the checkout charges, H18). */
  priceCents: number;
  /** The booking type's flat price: what the pricing engine is given, to price by the time scale itself. */
  listPriceCents: number;
  /** For the cart and invoice line: "Court hire (1 hour) – Court 2, Riverside Courts, 2026-11-24 09:00". */
  description: string;
}

function resolveVenueAndType(company: Company, venueId: number, bookingTypeId: number) {
  const s = company.settings;
  const venue = s.ob_venues.find((v) => v.VenueID === venueId);
  const type = venue ? typesAt(s, venueId).find((t) => t.BookingTypeID === bookingTypeId) : undefined;
  if (!venue || !type || venue.Courts.length === 0) throw new AppError(422, 'BOOKING_NOT_BOOKABLE', bookingMessages.notBookable);
  return { venue, type };
}

/** Start minutes on the TimeInterval grid at which the booking fits inside the day's opening hours. */
function startMinutes(company: Company, venue: Settings['ob_venues'][number], durationMinutes: number, date: string): number[] {
  const step = company.settings.TimeInterval;
  const starts: number[] = [];
  for (const hours of venue.OpeningHours.filter((h) => h.Day === isoDay(date))) {
    const opens = toMinute(hours.Opens);
    const closes = hours.Closes === '24:00' ? 24 * 60 : toMinute(hours.Closes);
    for (let m = opens; m + durationMinutes <= closes; m += step) if (m % repo.SLOT_MINUTES === 0) starts.push(m);
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

function assertBookableDay(company: Company, date: string, now: Date) {
  const { today, lastDay } = bookingWindow(company, now);
  if (date < today || date > lastDay) throw new AppError(422, 'BOOKING_OUTSIDE_WINDOW', bookingMessages.outsideWindow);
}

/** Checks a request from the cart against everything the form shows; prices come from the catalogue, never the client. */
export function resolveBookingRequest(company: Company, request: BookingRequest, now: Date): ResolvedBooking {
  const { venue, type } = resolveVenueAndType(company, request.venue_id, request.booking_type_id);
  assertBookableDay(company, request.date, now);
  if (!venue.Courts.includes(request.court)) throw new AppError(422, 'BOOKING_UNKNOWN_COURT', bookingMessages.unknownCourt(courtLabel(company.settings)));
  const start = toMinute(request.time);
  if (!startMinutes(company, venue, type.DurationMinutes, request.date).includes(start)) {
    throw new AppError(422, 'BOOKING_NOT_ON_GRID', bookingMessages.notOnGrid);
  }
  const local = companyToday(company, now);
  if (request.date === local.date && request.time <= local.time) throw new AppError(422, 'BOOKING_IN_PAST', bookingMessages.past);
  const end = toClock(start + type.DurationMinutes);
  const priced = bookingPrice({ date: request.date, startTime: request.time, durationMinutes: type.DurationMinutes, priceCents: type.PriceCents }, timeScaleOf(company.settings.fin_setup));
  return {
    venueId: venue.VenueID,
    venue: venue.Name,
    court: request.court,
    bookingTypeId: type.BookingTypeID,
    bookingType: type.Name,
    date: request.date,
    startTime: request.time,
    endTime: end === '24:00' ? '24:00' : end,
    startMinute: start,
    durationMinutes: type.DurationMinutes,
    priceCents: priced.cents,
    listPriceCents: type.PriceCents,
    description: `${type.Name} – ${request.court}, ${venue.Name}, ${formatDate(request.date, company.settings.localization.DateFormat)} ${clockRange(request.time, end)}`,
  };
}

/** Every start time of the day on the grid, with the courts free for the booking's whole duration. */
export async function findAvailability(ctx: Ctx, company: Company, input: { venueId: number; bookingTypeId: number; date: string; clientId?: number }, now = ctx.clock.now()) {
  const { venue, type } = resolveVenueAndType(company, input.venueId, input.bookingTypeId);
  assertBookableDay(company, input.date, now);
  // A court the family's own cart holds is listed: the page shows it as in the cart, not as gone.
  const taken = await repo.findTakenSlots(ctx.db, { companyId: company.id, venueId: venue.VenueID, date: input.date, now: nowIso(now), exceptHoldsOf: input.clientId });
  const busy = new Set(taken.map((t) => `${t.court}\u0000${t.slot}`));
  const local = companyToday(company, now);
  const timeScale = timeScaleOf(company.settings.fin_setup);
  const slots = startMinutes(company, venue, type.DurationMinutes, input.date)
    .filter((m) => input.date !== local.date || toClock(m) > local.time)
    .map((m) => {
      const freeCourts = venue.Courts.filter((court) => {
        for (let u = m; u < m + type.DurationMinutes; u += repo.SLOT_MINUTES) if (busy.has(`${court}\u0000${u}`)) return false;
        return true;
      });
      const priceCents = bookingPrice({ date: input.date, startTime: toClock(m), durationMinutes: type.DurationMinutes, priceCents: type.PriceCents }, timeScale).cents;
      return { time: toClock(m), endTime: toClock(m + type.DurationMinutes) === '24:00' ? '24:00' : toClock(m + type.DurationMinutes), freeCourts, priceCents };
    });
  return { date: input.date, venueId: venue.VenueID, bookingTypeId: type.BookingTypeID, durationMinutes: type.DurationMinutes, priceCents: type.PriceCents, slots };
}

/** 409: the court went to someone else first, said in the company's word for a court. */
export const taken = (company: Company) => new AppError(409, 'BOOKING_TAKEN', bookingMessages.taken(courtLabel(company.settings)));

/** A court of the cart as the refusal names it: "Court 2, Riverside Courts, 01/12/2026 18:00–19:00". */
const courtAndTime = (company: Company, b: ResolvedBooking) => `${b.court}, ${b.venue}, ${formatDate(b.date, company.settings.localization.DateFormat)} ${clockRange(b.startTime, b.endTime)}`;

/**
 * 409 BOOKING_TAKEN naming the cart's courts booked meanwhile by court, date and time, each also
 * as an error of its cart line (`bookingItems.<index>`) with its own code, so the checkout marks
 * those lines: BOOKING_TAKEN (someone else's) or BOOKED_BY_FAMILY (the family's own booking).
 */
export function takenLines(company: Company, lines: { index: number; booking: ResolvedBooking; ownBooking?: boolean }[]): AppError {
  const court = courtLabel(company.settings);
  const named = lines.map((l) => {
    const what = courtAndTime(company, l.booking);
    return l.ownBooking
      ? { field: `bookingItems.${l.index}`, message: bookingMessages.bookedByFamily(what), code: 'BOOKED_BY_FAMILY' as const }
      : { field: `bookingItems.${l.index}`, message: bookingMessages.takenNamed(what, court), code: 'BOOKING_TAKEN' as const };
  });
  // Taken by others and booked by the family itself are each said as they are, in that order.
  const taken = lines.filter((l) => !l.ownBooking).map((l) => courtAndTime(company, l.booking));
  const own = lines.filter((l) => l.ownBooking).map((l) => courtAndTime(company, l.booking));
  const message = [
    taken.length === 1 ? bookingMessages.takenNamed(taken[0]!, court) : taken.length > 1 ? bookingMessages.takenSeveral(taken, court) : null,
    own.length === 1 ? bookingMessages.bookedByFamily(own[0]!) : own.length > 1 ? bookingMessages.bookedByFamilySeveral(own, court) : null,
  ]
    .filter((m) => m !== null)
    .join(' ');
  return new AppError(409, 'BOOKING_TAKEN', message, named);
}

export async function insertOrRefuse(trx: Db, company: Company, booking: repo.NewBooking, refusal: () => AppError = () => taken(company)): Promise<number> {
  try {
    return await repo.insertBooking(trx, booking);
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}

/** A confirmed booking straight away (demo data, back office), in the caller's transaction. */
export async function createConfirmedBooking(ctx: Ctx, company: Company, clientId: number, request: BookingRequest, invoiceId: number | null, now = ctx.clock.now()) {
  const b = resolveBookingRequest(company, request, now);
  return insertOrRefuse(ctx.db, company, { ...b, companyId: company.id, clientId, status: 'confirmed', holdToken: null, holdExpiresAt: null, invoiceId, now: nowIso(now) });
}

/** The latest instant a booking can be cancelled online: its start less CancelCutoffHours. */
function cancelDeadline(company: Company, date: string, time: string): Date {
  const start = zonedInstant(companyTimeZone(company.settings.localization), date, time);
  return addMinutes(start, -60 * company.settings.booking_setup.CancelCutoffHours);
}

/** Whether a booking made at `bookedAt` (ISO) was made after online cancelling had closed for it. */
export function bookedInsideCutoff(company: Company, booking: { date: string; time: string }, bookedAt: string): boolean {
  return Date.parse(bookedAt) >= cancelDeadline(company, booking.date, booking.time).getTime();
}

function presentBooking(company: Company, row: NonNullable<Awaited<ReturnType<typeof repo.findBooking>>>, now: Date) {
  const venue = company.settings.ob_venues.find((v) => v.VenueID === row.venue_id);
  const type = company.settings.booking_types.find((t) => t.BookingTypeID === row.booking_type_id);
  const deadline = cancelDeadline(company, row.date, row.start_time);
  return {
    BookingID: row.id,
    date: row.date,
    time: row.start_time,
    endTime: row.end_time,
    durationMinutes: row.duration_minutes,
    venueId: row.venue_id,
    venue: venue?.Name ?? '',
    court: row.court,
    bookingType: type?.Name ?? '',
    price: row.price_cents,
    status: row.status === 'cancelled' ? ('Cancelled' as const) : ('Confirmed' as const),
    invoiceNumber: row.invoice_no ?? null,
    cancelBy: row.status === 'confirmed' && deadline > now ? deadline.toISOString() : null,
  };
}

export async function listBookings(ctx: Ctx, company: Company, clientId: number, input: { filter: 'upcoming' | 'past' | 'cancelled'; limit: number; offset: number }, now = ctx.clock.now()) {
  const local = companyToday(company, now);
  const { rows, total } = await repo.findBookings(ctx.db, { companyId: company.id, clientId, today: local.date, nowTime: local.time, ...input });
  return { total, bookings: rows.map((r) => presentBooking(company, r, now)) };
}

/** Cancels the client's own confirmed booking before the cut-off; another client's booking is a 404. */
export async function cancelBooking(ctx: Ctx, company: Company, clientId: number, bookingId: number, now = ctx.clock.now()) {
  const row = await repo.findBooking(ctx.db, { companyId: company.id, clientId, bookingId });
  if (!row) throw notFound(bookingMessages.notFound);
  if (row.status === 'cancelled') throw new AppError(409, 'ALREADY_CANCELLED', bookingMessages.alreadyCancelled);
  if (cancelDeadline(company, row.date, row.start_time) <= now) {
    throw new AppError(409, 'CANCEL_CLOSED', bookingMessages.cancelClosed(company.settings.booking_setup.CancelCutoffHours));
  }
  const fin = company.settings.fin_setup;
  const rate = taxRatePpm(fin.TaxRatePercent);
  const what = `${row.court}, ${dateAndClock(row.date, row.start_time, company.settings.localization.DateFormat)}`;
  const done = await ctx.transaction(async (tx) => {
    if (!(await repo.cancelConfirmed(tx.db, { companyId: company.id, clientId, bookingId, now: nowIso(now) }))) return false;
    // What the family still owes for the court comes off its invoice; what it paid is the office's to refund (decision 025).
    if (row.invoice_id !== null) {
      const tax = taxOf(row.price_cents, rate, fin.TaxInclusive);
      const charge = { breakdownKey: 'Booking' as const, amountCents: row.price_cents, taxCents: tax, totalCents: fin.TaxInclusive ? row.price_cents : row.price_cents + tax };
      await creditUnpaid(tx, { companyId: company.id, clientId, invoiceId: row.invoice_id, description: `Cancelled: ${what}`, ...charge });
    }
    return true;
  });
  // Cancelled meanwhile by another request of the family's (another tab).
  if (!done) throw new AppError(409, 'ALREADY_CANCELLED', bookingMessages.alreadyCancelled);
  await recordActivity(ctx, {
    companyId: company.id,
    clientId,
    kind: 'booking',
    summary: `Cancelled the booking of ${what}`,
  });
  return presentBooking(company, { ...row, status: 'cancelled' }, now);
}

/** The booking a checkout sold on the invoice, as the bookings list shows it; undefined when there is none. */
export async function findBookingOnInvoice(ctx: Ctx, company: Company, clientId: number, invoiceNo: string, now = ctx.clock.now()) {
  const found = await repo.findBookingIdOnInvoice(ctx.db, { companyId: company.id, clientId, invoiceNo });
  return found ? findClientBooking(ctx, company, clientId, found.id, now) : undefined;
}

/** One of the client's bookings (confirmed or cancelled) as the bookings list shows it. */
export async function findClientBooking(ctx: Ctx, company: Company, clientId: number, bookingId: number, now = ctx.clock.now()) {
  const row = await repo.findBooking(ctx.db, { companyId: company.id, clientId, bookingId });
  return row ? presentBooking(company, row, now) : undefined;
}
