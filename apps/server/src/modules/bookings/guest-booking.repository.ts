import type { Db } from '../../db/database.ts';

/** The client a company's guest bookings are made under, if it has one yet. */
export async function findGuestClient(db: Db, companyId: number): Promise<number | undefined> {
  return (await db.selectFrom('guest_clients').select('client_id').where('company_id', '=', companyId).executeTakeFirst())?.client_id;
}

/** Records the company's guest client. */
export async function insertGuestClient(db: Db, companyId: number, clientId: number): Promise<void> {
  await db.insertInto('guest_clients').values({ company_id: companyId, client_id: clientId }).execute();
}

export type GuestRow = NonNullable<Awaited<ReturnType<typeof findGuestBookingByKey>>>;

export function findGuestBookingByKey(db: Db, companyId: number, key: string) {
  return db.selectFrom('guest_bookings').selectAll().where('company_id', '=', companyId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** The attempts one captcha solution admitted (decision 082). */
export function findGuestBookingsByCaptcha(db: Db, companyId: number, captchaHash: string) {
  return db.selectFrom('guest_bookings').selectAll().where('company_id', '=', companyId).where('captcha_hash', '=', captchaHash).execute();
}

/** The guest's details under the checkout's key, once (a concurrent request with the key finds them). */
export async function insertGuestBooking(
  db: Db,
  row: { company_id: number; idempotency_key: string; first_name: string; last_name: string; email: string; phone: string; captcha_hash: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('guest_bookings')
    .values({ ...row, booking_id: null, cancel_token_hash: null, confirmed_at: null })
    .onConflict((oc) => oc.columns(['company_id', 'idempotency_key']).doNothing())
    .execute();
}

/** Ties the paid booking and the cancel link to the guest; false when another process did first. */
export async function confirmGuestBooking(db: Db, companyId: number, id: number, input: { bookingId: number; tokenHash: string; at: string }): Promise<boolean> {
  const res = await db
    .updateTable('guest_bookings')
    .set({ booking_id: input.bookingId, cancel_token_hash: input.tokenHash, confirmed_at: input.at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function deleteGuestBooking(db: Db, companyId: number, id: number) {
  return db.deleteFrom('guest_bookings').where('company_id', '=', companyId).where('id', '=', id).where('confirmed_at', 'is', null).execute();
}

export function findGuestBookingByToken(db: Db, companyId: number, tokenHash: string) {
  return db.selectFrom('guest_bookings').selectAll().where('company_id', '=', companyId).where('cancel_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Guest bookings not confirmed, made before `before` (their checkout has had its time). */
export function findUnconfirmedGuestBookings(db: Db, before: string) {
  return db.selectFrom('guest_bookings').selectAll().where('confirmed_at', 'is', null).where('created_at', '<', before).orderBy('created_at').limit(500).execute();
}
