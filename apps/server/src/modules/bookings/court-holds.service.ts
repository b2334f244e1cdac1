import { randomBytes } from 'node:crypto';
import { courtLabel } from '@portal/shared/labels';
import { bookingMessages, type BookingRequest } from '@portal/shared/bookings-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { SHARED_HOLD } from '../../domain/cart-hold.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import * as repo from './bookings.repository.ts';
import { insertOrRefuse, resolveBookingRequest, taken, takenLines, type ResolvedBooking } from './bookings.service.ts';

// The courts a family holds while it pays (decisions 025, 095): from the cart for HoldMinutes,
// then under the checkout's own hold token until the payment confirms or releases them.

/**
 * For checkout (decision 025): holds the courts of a cart for HoldMinutes, inside the caller's
 * transaction. Answers the hold token and the resolved bookings (prices from the catalogue).
 * A court already held or booked for any overlapping minute throws 409 BOOKING_TAKEN; the
 * caller's transaction must then roll back (on PostgreSQL the failed insert has aborted it).
 */
export async function holdBookings(
  ctx: Ctx,
  company: Company,
  clientId: number,
  requests: BookingRequest[],
  options: { now?: Date; holdToken?: string; cartId?: string | null } = {},
): Promise<{ holdToken: string; holdExpiresAt: string; bookings: (ResolvedBooking & { bookingId: number })[]; adopted: number[] }> {
  const now = options.now ?? ctx.clock.now();
  const holdToken = options.holdToken ?? randomBytes(16).toString('hex');
  const holdExpiresAt = nowIso(addMinutes(now, company.settings.booking_setup.HoldMinutes));
  const resolved = requests.map((r) => resolveBookingRequest(company, r, now));
  const cart = await repo.findLiveHolds(ctx.db, { companyId: company.id, clientId, holdToken: cartHoldToken(clientId), now: nowIso(now) });
  const bookings = [];
  const adopted: number[] = [];
  for (const [index, b] of resolved.entries()) {
    // Refused, the court's line of the cart is named, so the checkout marks it with Remove.
    const refusal = () => takenLines(company, [{ index, booking: b }]);
    // A court the cart holds is taken over: held on until the later of its time and this hold's.
    const own = cart.find((h) => sameCourtTime(h, b) && !adopted.includes(h.id));
    if (own) {
      const until = [own.hold_expires_at!, holdExpiresAt].sort()[1]!;
      if ((await repo.moveHolds(ctx.db, { companyId: company.id, ids: [own.id], holdToken, holdExpiresAt: until, now: nowIso(now) })) !== 1) throw refusal();
      adopted.push(own.id);
      bookings.push({ ...b, bookingId: own.id });
      continue;
    }
    await repo.releaseExpiredHolds(ctx.db, { companyId: company.id, venueId: b.venueId, court: b.court, date: b.date, now: nowIso(now) });
    const bookingId = await insertOrRefuse(
      ctx.db,
      company,
      {
        companyId: company.id,
        clientId,
        venueId: b.venueId,
        court: b.court,
        bookingTypeId: b.bookingTypeId,
        date: b.date,
        startTime: b.startTime,
        endTime: b.endTime,
        startMinute: b.startMinute,
        durationMinutes: b.durationMinutes,
        priceCents: b.priceCents,
        status: 'held',
        holdToken,
        holdExpiresAt,
        invoiceId: null,
        now: nowIso(now),
        cartId: options.cartId ?? null,
      },
      refusal,
    );
    bookings.push({ ...b, bookingId });
  }
  return { holdToken, holdExpiresAt, bookings, adopted };
}

/** The hold token a client's cart holds its courts under, until a checkout takes them over. */
const cartHoldToken = (clientId: number) => `cart-${clientId}`;

const sameCourtTime = (h: { venue_id: number; court: string; date: string; start_time: string; booking_type_id: number }, b: ResolvedBooking) =>
  h.venue_id === b.venueId && h.court === b.court && h.date === b.date && h.start_time === b.startTime && h.booking_type_id === b.bookingTypeId;

/** The live hold under `holdToken` (the family's cart) of the court and time of `b`, if any. */
async function findOwnHold(ctx: Ctx, companyId: number, clientId: number, holdToken: string, b: ResolvedBooking) {
  const holds = await repo.findLiveHolds(ctx.db, { companyId, clientId, holdToken, now: nowIso(ctx.clock.now()) });
  return holds.find((h) => sameCourtTime(h, b));
}

export interface CartCourtHold extends BookingRequest {
  heldUntil: string;
}

/**
 * Holds the courts of a cart for HoldMinutes (issue 22, decision 095), each in its own
 * transaction: a court the cart holds keeps its time, a free one is held, one taken is refused
 * for that request alone. With `releaseOthers`, the cart's courts no request asks for are freed.
 */
export async function holdCartCourts(
  ctx: Ctx,
  company: Company,
  clientId: number,
  requests: BookingRequest[],
  options: { releaseOthers: boolean; cartId: string | null },
): Promise<{ held: CartCourtHold[]; refused: (BookingRequest & { code: string; message: string })[] }> {
  const held: CartCourtHold[] = [];
  const refusals: { request: BookingRequest; err: AppError; booking: ResolvedBooking | null }[] = [];
  const holdToken = cartHoldToken(clientId);
  const keep: number[] = [];
  // The family's other device holds it too: from now on neither cart alone gives it back (decision 137).
  const shared = async (tx: Ctx, own: { id: number; hold_expires_at: string | null; cart_id: string | null }) => {
    if (own.cart_id !== options.cartId && own.cart_id !== SHARED_HOLD) await repo.shareHolds(tx.db, { companyId: company.id, ids: [own.id] });
    return { id: own.id, until: own.hold_expires_at! };
  };
  for (const request of requests) {
    // The court as the hold resolved it, for a refusal to tell whose it is.
    let booking: ResolvedBooking | null = null;
    try {
      const { id, until } = await ctx
        .transaction(async (tx) => {
          const now = tx.clock.now();
          const b = resolveBookingRequest(company, request, now);
          booking = b;
          const own = await findOwnHold(tx, company.id, clientId, holdToken, b);
          if (own) return await shared(tx, own);
          const made = await holdBookings(tx, company, clientId, [request], { now, holdToken, cartId: options.cartId });
          return { id: made.bookings[0]!.bookingId, until: made.holdExpiresAt };
        })
        .catch(async (err: unknown) => {
          // The family's other device held it in the meantime (both added it at once): that hold is this cart's too.
          const own = err instanceof AppError && err.code === 'BOOKING_TAKEN' && booking ? await ctx.transaction((tx) => findOwnHold(tx, company.id, clientId, holdToken, booking!)) : undefined;
          if (!own) throw err;
          return await ctx.transaction((tx) => shared(tx, own));
        });
      keep.push(id);
      held.push({ ...request, heldUntil: until });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusals.push({ request, err, booking });
    }
  }
  // Of the courts taken, those the family itself has booked, all found in one read.
  const takenOnes = refusals.flatMap((r) => (r.err.code === 'BOOKING_TAKEN' && r.booking ? [r] : []));
  const bookedOnes = await takenCourts(
    ctx,
    company,
    clientId,
    takenOnes.map((r) => r.booking!),
  );
  const familyOwn = new Set(bookedOnes.filter((l) => l.ownBooking).map((l) => takenOnes[l.index]!.request));
  // Said beside the cart's own line, the court needs no naming again; one the family itself has booked is said to be its own.
  const refused = refusals.map(({ request, err }) => {
    const own = familyOwn.has(request);
    const message = own ? bookingMessages.bookedByFamily(`That ${courtLabel(company.settings).toLowerCase()}`) : err.code === 'BOOKING_TAKEN' ? taken(company).message : err.message;
    return { ...request, code: own ? 'BOOKED_BY_FAMILY' : err.code, message };
  });
  if (options.releaseOthers) {
    const cart = await repo.findLiveHolds(ctx.db, { companyId: company.id, clientId, holdToken, now: nowIso(ctx.clock.now()) });
    // Only what this cart held: the family's other device keeps the courts its own cart holds (decision 137).
    const others = cart.filter((h) => h.cart_id === options.cartId && !keep.includes(h.id)).map((h) => h.id);
    if (others.length) await ctx.transaction((tx) => repo.releaseHeldIds(tx.db, { companyId: company.id, ids: others, holdToken }));
  }
  return { held, refused };
}

/**
 * Add to cart: the request checked and priced, and the court free right now. A court this
 * family's cart holds at that time is the family's on any device (each keeps its cart in its own
 * browser): it is taken over and held HoldMinutes from now, as adding it anew would hold it. A
 * payment's hold, another family's or a guest's, or one at another time, is refused as taken.
 */
export function checkCartCourt(ctx: Ctx, company: Company, clientId: number, request: BookingRequest): Promise<ResolvedBooking> {
  return ctx.transaction(async (tx) => {
    const now = tx.clock.now();
    const b = resolveBookingRequest(company, request, now);
    const holdToken = cartHoldToken(clientId);
    const own = await findOwnHold(tx, company.id, clientId, holdToken, b);
    if (own) {
      const until = [own.hold_expires_at!, nowIso(addMinutes(now, company.settings.booking_setup.HoldMinutes))].sort()[1]!;
      // Only while it is still the cart's: a checkout taking it over meanwhile keeps it.
      const moved = await repo.moveHolds(tx.db, { companyId: company.id, ids: [own.id], fromHoldToken: holdToken, holdToken, holdExpiresAt: until, now: nowIso(now) });
      if (moved === 1) return b;
    }
    const busy = await repo.findTakenSlots(tx.db, { companyId: company.id, venueId: b.venueId, date: b.date, now: nowIso(now) });
    if (busy.some((t) => t.court === b.court && t.slot >= b.startMinute && t.slot < b.startMinute + b.durationMinutes)) throw taken(company);
    return b;
  });
}

/** The courts a client's cart holds now. */
export async function listCartCourtHolds(ctx: Ctx, company: Company, clientId: number): Promise<CartCourtHold[]> {
  const rows = await repo.findLiveHolds(ctx.db, { companyId: company.id, clientId, holdToken: cartHoldToken(clientId), now: nowIso(ctx.clock.now()) });
  return rows.map((h) => ({ venue_id: h.venue_id, booking_type_id: h.booking_type_id, date: h.date, time: h.start_time, court: h.court, heldUntil: h.hold_expires_at! }));
}

/** A failed checkout gives the courts it took over from the cart back to the cart, with their time. */
export async function returnHoldsToCart(ctx: Ctx, companyId: number, clientId: number, ids: number[]): Promise<void> {
  await repo.moveHolds(ctx.db, { companyId, ids, holdToken: cartHoldToken(clientId), now: nowIso(ctx.clock.now()) });
}

/**
 * For checkout: confirms the held bookings of a hold token (with the invoice they were sold on)
 * inside the caller's transaction. A hold that another booking has since taken over (it had
 * expired) throws 409 BOOKING_TAKEN.
 */
export async function confirmHeldBookings(ctx: Ctx, company: Company, clientId: number, holdToken: string, invoiceId: number | null): Promise<number> {
  const total = await repo.countHeld(ctx.db, { companyId: company.id, holdToken });
  const confirmed = await repo.confirmHeld(ctx.db, { companyId: company.id, clientId, holdToken, invoiceId });
  if (confirmed !== total) throw taken(company);
  return confirmed;
}

/** For checkout: frees the courts of a hold (failed or abandoned payment). */
export function releaseHeldBookings(ctx: Ctx, companyId: number, holdToken: string): Promise<void> {
  return repo.releaseHeld(ctx.db, { companyId, holdToken });
}

/**
 * For the checkout's quote: refuses a cart with a court that another family now holds, or that is
 * booked (its cart hold lapsed and was taken), with 409 BOOKING_TAKEN naming each such line.
 * The family's own holds (its cart's, its payment's) are its own; with no client (a guest who has
 * never paid), every hold counts. A court the family itself has booked meanwhile (paid for on
 * another device) is named as its own, not as taken by someone else; not for the guests, who all
 * book under the company's one guest client (`familyBookings: false`).
 */
export async function assertCourtsFree(
  ctx: Ctx,
  company: Company,
  clientId: number | undefined,
  requests: BookingRequest[],
  { now = ctx.clock.now(), familyBookings = true }: { now?: Date; familyBookings?: boolean } = {},
): Promise<void> {
  const bookings = requests.map((request) => resolveBookingRequest(company, request, now));
  const lines = await takenCourts(ctx, company, clientId, bookings, { now, familyBookings });
  if (lines.length > 0) throw takenLines(company, lines);
}

/**
 * The courts held by another family or booked, by index, each with whether the family itself has
 * booked it (`ownBooking`): all their venues' days in one read.
 */
async function takenCourts(
  ctx: Ctx,
  company: Company,
  clientId: number | undefined,
  bookings: readonly ResolvedBooking[],
  { now = ctx.clock.now(), familyBookings = true }: { now?: Date; familyBookings?: boolean } = {},
): Promise<{ index: number; booking: ResolvedBooking; ownBooking: boolean }[]> {
  if (bookings.length === 0) return [];
  const days = [...new Map(bookings.map((b) => [`${b.venueId}\u0000${b.date}`, { venueId: b.venueId, date: b.date }])).values()];
  const slots = await repo.findTakenSlotsOfDays(ctx.db, { companyId: company.id, days, now: nowIso(now), exceptHoldsOf: clientId });
  return bookings.flatMap((b, index) => {
    const busy = slots.filter((t) => t.venue_id === b.venueId && t.date === b.date && t.court === b.court && t.slot >= b.startMinute && t.slot < b.startMinute + b.durationMinutes);
    return busy.length > 0 ? [{ index, booking: b, ownBooking: familyBookings && busy.every((t) => t.client_id === clientId && t.status === 'confirmed') }] : [];
  });
}
