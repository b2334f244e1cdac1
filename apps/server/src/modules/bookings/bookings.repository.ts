import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { SHARED_HOLD } from '../../domain/cart-hold.ts';

/** Slot rows are 5-minute units: every booking time and duration lies on this grid. */
export const SLOT_MINUTES = 5;

/** Booked (confirmed, or held and not yet expired) 5-minute units of a venue's courts on a day, with whose they are; the holds of `exceptHoldsOf` (the family asking: its cart's) left out. */
export function findTakenSlots(db: Db, input: { companyId: number; venueId: number; date: string; now: string; exceptHoldsOf?: number | undefined }) {
  return findTakenSlotsOfDays(db, { ...input, days: [{ venueId: input.venueId, date: input.date }] });
}

/** The same for several venues' days at once (a cart's courts), in one read: each unit with its venue and day. */
export async function findTakenSlotsOfDays(db: Db, input: { companyId: number; days: readonly { venueId: number; date: string }[]; now: string; exceptHoldsOf?: number | undefined }) {
  if (input.days.length === 0) return [];
  return db
    .selectFrom('booking_slots as s')
    .innerJoin('bookings as b', (j) => j.onRef('b.id', '=', 's.booking_id').onRef('b.company_id', '=', 's.company_id'))
    .select(['s.venue_id', 's.date', 's.court', 's.slot', 'b.client_id', 'b.status'])
    .where('s.company_id', '=', input.companyId)
    .where((eb) => eb.or(input.days.map((d) => eb.and([eb('s.venue_id', '=', d.venueId), eb('s.date', '=', d.date)]))))
    .where((eb) => {
      const held = [eb('b.status', '=', 'held'), eb('b.hold_expires_at', '>', input.now)];
      if (input.exceptHoldsOf !== undefined) held.push(eb('b.client_id', '!=', input.exceptHoldsOf));
      return eb.or([eb('b.status', '=', 'confirmed'), eb.and(held)]);
    })
    .execute();
}

/**
 * Frees the units of expired holds on one court and day so a new booking can take them. A hold
 * past its time keeps its units until someone wants them (checkout can still confirm it then).
 */
export async function releaseExpiredHolds(db: Db, input: { companyId: number; venueId: number; court: string; date: string; now: string }) {
  const expired = db
    .selectFrom('bookings')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('venue_id', '=', input.venueId)
    .where('court', '=', input.court)
    .where('date', '=', input.date)
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', input.now);
  await db.deleteFrom('booking_slots').where('company_id', '=', input.companyId).where('booking_id', 'in', expired).execute();
  await db
    .updateTable('bookings')
    .set({ status: 'expired' })
    .where('company_id', '=', input.companyId)
    .where('venue_id', '=', input.venueId)
    .where('court', '=', input.court)
    .where('date', '=', input.date)
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', input.now)
    .execute();
}

export interface NewBooking {
  companyId: number;
  clientId: number;
  venueId: number;
  court: string;
  bookingTypeId: number;
  date: string;
  startTime: string;
  endTime: string;
  startMinute: number;
  durationMinutes: number;
  priceCents: number;
  status: 'held' | 'confirmed';
  holdToken: string | null;
  holdExpiresAt: string | null;
  invoiceId: number | null;
  now: string;
  /** A cart's hold: the browser's cart that holds it (decision 137). */
  cartId?: string | null;
}

/** The booking and one slot row per unit; the slots' primary key refuses any unit already taken. */
export async function insertBooking(db: Db, b: NewBooking): Promise<number> {
  const row = await db
    .insertInto('bookings')
    .values({
      company_id: b.companyId,
      client_id: b.clientId,
      venue_id: b.venueId,
      court: b.court,
      booking_type_id: b.bookingTypeId,
      date: b.date,
      start_time: b.startTime,
      end_time: b.endTime,
      duration_minutes: b.durationMinutes,
      price_cents: b.priceCents,
      status: b.status,
      hold_token: b.holdToken,
      hold_expires_at: b.holdExpiresAt,
      invoice_id: b.invoiceId,
      created_at: b.now,
      cancelled_at: null,
      cart_id: b.cartId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slots = [];
  for (let m = b.startMinute; m < b.startMinute + b.durationMinutes; m += SLOT_MINUTES) {
    slots.push({ company_id: b.companyId, venue_id: b.venueId, court: b.court, date: b.date, slot: m, booking_id: row.id });
  }
  await db.insertInto('booking_slots').values(slots).execute();
  return row.id;
}

export async function confirmHeld(db: Db, input: { companyId: number; clientId: number; holdToken: string; invoiceId: number | null }): Promise<number> {
  const res = await db
    .updateTable('bookings')
    .set({ status: 'confirmed', hold_expires_at: null, invoice_id: input.invoiceId })
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('hold_token', '=', input.holdToken)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function countHeld(db: Db, input: { companyId: number; holdToken: string }): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', input.companyId)
    .where('hold_token', '=', input.holdToken)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function releaseHeld(db: Db, input: { companyId: number; holdToken: string }): Promise<void> {
  const held = db.selectFrom('bookings').select('id').where('company_id', '=', input.companyId).where('hold_token', '=', input.holdToken).where('status', '=', 'held');
  await db.deleteFrom('booking_slots').where('company_id', '=', input.companyId).where('booking_id', 'in', held).execute();
  await db.updateTable('bookings').set({ status: 'expired' }).where('company_id', '=', input.companyId).where('hold_token', '=', input.holdToken).where('status', '=', 'held').execute();
}

const bookingColumns = [
  'b.id',
  'b.venue_id',
  'b.court',
  'b.booking_type_id',
  'b.date',
  'b.start_time',
  'b.end_time',
  'b.duration_minutes',
  'b.price_cents',
  'b.status',
  'b.invoice_id',
  'i.invoice_no',
] as const;

export function findBooking(db: Db, input: { companyId: number; clientId: number; bookingId: number }) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('invoices as i', (j) => j.onRef('i.id', '=', 'b.invoice_id').onRef('i.company_id', '=', 'b.company_id'))
    .select(bookingColumns)
    .where('b.company_id', '=', input.companyId)
    .where('b.client_id', '=', input.clientId)
    .where('b.id', '=', input.bookingId)
    .where('b.status', 'in', ['confirmed', 'cancelled'])
    .executeTakeFirst();
}

/** The booking a checkout sold on an invoice (a guest's checkout sells one). */
export function findBookingIdOnInvoice(db: Db, input: { companyId: number; clientId: number; invoiceNo: string }) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('invoices as i', (j) => j.onRef('i.id', '=', 'b.invoice_id').onRef('i.company_id', '=', 'b.company_id'))
    .select('b.id')
    .where('b.company_id', '=', input.companyId)
    .where('b.client_id', '=', input.clientId)
    .where('i.invoice_no', '=', input.invoiceNo)
    .executeTakeFirst();
}

/** A client's confirmed bookings from `today` on (or before it), or the cancelled ones; paged. */
export async function findBookings(db: Db, input: { companyId: number; clientId: number; filter: 'upcoming' | 'past' | 'cancelled'; today: string; nowTime: string; limit: number; offset: number }) {
  let base = db.selectFrom('bookings as b').where('b.company_id', '=', input.companyId).where('b.client_id', '=', input.clientId);
  const upcoming = sql<boolean>`(b.date > ${input.today} or (b.date = ${input.today} and b.end_time > ${input.nowTime}))`;
  if (input.filter === 'cancelled') base = base.where('b.status', '=', 'cancelled');
  else base = base.where('b.status', '=', 'confirmed').where(input.filter === 'upcoming' ? upcoming : sql<boolean>`not ${upcoming}`);
  const asc = input.filter === 'upcoming';
  const [rows, count] = await Promise.all([
    base
      .leftJoin('invoices as i', (j) => j.onRef('i.id', '=', 'b.invoice_id').onRef('i.company_id', '=', 'b.company_id'))
      .select(bookingColumns)
      .orderBy('b.date', asc ? 'asc' : 'desc')
      .orderBy('b.start_time', asc ? 'asc' : 'desc')
      .orderBy('b.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Cancels a confirmed booking and frees its units, in the caller's transaction; false when it was not confirmed. */
export async function cancelConfirmed(db: Db, input: { companyId: number; clientId: number; bookingId: number; now: string }): Promise<boolean> {
  const res = await db
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: input.now })
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('id', '=', input.bookingId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('booking_slots').where('company_id', '=', input.companyId).where('booking_id', '=', input.bookingId).execute();
  return true;
}

/** A client's live held bookings under one hold token (the cart's). */
export function findLiveHolds(db: Db, input: { companyId: number; clientId: number; holdToken: string; now: string }) {
  return db
    .selectFrom('bookings')
    .select(['id', 'venue_id', 'court', 'booking_type_id', 'date', 'start_time', 'hold_expires_at', 'cart_id'])
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('hold_token', '=', input.holdToken)
    .where('status', '=', 'held')
    .where('hold_expires_at', '>', input.now)
    .orderBy('id')
    .execute();
}

/** Held courts two of the family's carts ask for: no one cart gives them back (decision 137). */
export async function shareHolds(db: Db, input: { companyId: number; ids: number[] }): Promise<void> {
  await db.updateTable('bookings').set({ cart_id: SHARED_HOLD }).where('company_id', '=', input.companyId).where('id', 'in', input.ids).where('status', '=', 'held').execute();
}

/** Moves live held bookings to another hold token (a checkout taking over the cart's, or giving them back). */
export async function moveHolds(db: Db, input: { companyId: number; ids: number[]; fromHoldToken?: string; holdToken: string; holdExpiresAt?: string; now: string }): Promise<number> {
  if (input.ids.length === 0) return 0;
  let update = db
    .updateTable('bookings')
    .set({ hold_token: input.holdToken, ...(input.holdExpiresAt ? { hold_expires_at: input.holdExpiresAt } : {}) })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', input.ids);
  if (input.fromHoldToken !== undefined) update = update.where('hold_token', '=', input.fromHoldToken);
  const res = await update.where('status', '=', 'held').where('hold_expires_at', '>', input.now).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Frees some held bookings (the cart let them go). */
export async function releaseHeldIds(db: Db, input: { companyId: number; ids: number[]; holdToken: string }): Promise<void> {
  if (input.ids.length === 0) return;
  // Only while still under the cart's token: a checkout that took one over meanwhile keeps it.
  const released = await db
    .updateTable('bookings')
    .set({ status: 'expired' })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', input.ids)
    .where('status', '=', 'held')
    .where('hold_token', '=', input.holdToken)
    .returning('id')
    .execute();
  if (released.length === 0) return;
  await db
    .deleteFrom('booking_slots')
    .where('company_id', '=', input.companyId)
    .where(
      'booking_id',
      'in',
      released.map((r) => r.id),
    )
    .execute();
}
