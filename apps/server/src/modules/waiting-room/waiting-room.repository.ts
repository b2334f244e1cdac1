import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The room of a profile's opening, made on its first arrival. */
export async function ensureRoom(db: Db, input: { companyId: number; profileId: number; opensAt: string }): Promise<number> {
  const find = () =>
    db.selectFrom('waiting_rooms').select('id').where('company_id', '=', input.companyId).where('profile_id', '=', input.profileId).where('opens_at', '=', input.opensAt).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await db
    .insertInto('waiting_rooms')
    .values({ company_id: input.companyId, profile_id: input.profileId, opens_at: input.opensAt })
    .onConflict((oc) => oc.columns(['company_id', 'profile_id', 'opens_at']).doNothing())
    .execute();
  return (await find())!.id;
}

/** Takes the room's lock for the caller's transaction: admissions are counted and made under it. */
export async function lockRoom(db: Db, roomId: number): Promise<void> {
  await db
    .updateTable('waiting_rooms')
    .set((eb) => ({ admitted: eb.ref('admitted') }))
    .where('id', '=', roomId)
    .execute();
}

/** The place a ticket holds in the room of this opening (one query). */
export function findPlace(db: Db, key: { companyId: number; profileId: number; opensAt: string }, ticketHash: string) {
  return db
    .selectFrom('waiting_room_places as p')
    .innerJoin('waiting_rooms as r', 'r.id', 'p.room_id')
    .selectAll('p')
    .where('p.ticket_hash', '=', ticketHash)
    .where('r.company_id', '=', key.companyId)
    .where('r.profile_id', '=', key.profileId)
    .where('r.opens_at', '=', key.opensAt)
    .executeTakeFirst();
}
export type PlaceRow = NonNullable<Awaited<ReturnType<typeof findPlace>>>;

/** The places of the room joined from one address and not ended. */
export async function countLivePlacesFrom(db: Db, roomId: number, addressHash: string): Promise<number> {
  const row = await db
    .selectFrom('waiting_room_places')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .where('address_hash', '=', addressHash)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new place, answered as `findPlace` answers it. */
export function insertPlace(db: Db, row: { room_id: number; ticket_hash: string; joined_at: string; place_key: number; address_hash: string }): Promise<PlaceRow> {
  return db
    .insertInto('waiting_room_places')
    .values({ ...row, seen_at: row.joined_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function touchPlace(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('waiting_room_places').set({ seen_at: at }).where('id', '=', id).execute();
}

export async function bindEmail(db: Db, id: number, email: string): Promise<void> {
  await db.updateTable('waiting_room_places').set({ email }).where('id', '=', id).where('email', 'is', null).execute();
}

/** Lengthens a running turn to `until` (never shortens it, nor revives one that ended). */
export async function extendTurn(db: Db, id: number, now: string, until: string): Promise<void> {
  await db
    .updateTable('waiting_room_places')
    .set({ turn_ends_at: until })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('admitted_at', 'is not', null)
    .where('turn_ends_at', '>', now)
    .where('turn_ends_at', '<', until)
    .execute();
}

export async function endPlace(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('waiting_room_places').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/** A count of the room's places; the conditions are the caller's. */
const countOfPlaces = (db: Db, roomId: number) =>
  db
    .selectFrom('waiting_room_places')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId);
/** The turns running at `now` (a turn's end is set when it is let in). */
const turnsRunning = (db: Db, roomId: number, now: string) => countOfPlaces(db, roomId).where('ended_at', 'is', null).where('turn_ends_at', '>', now).as('turns');
/** The families let in since `since` (the pace's window). */
const letInLately = (db: Db, roomId: number, since: string) => countOfPlaces(db, roomId).where('admitted_at', '>=', since).as('lately');

/** Families whose turn runs now, and those let in since `letInSince`. */
export async function countTurns(db: Db, roomId: number, now: string, letInSince: string): Promise<{ turns: number; lately: number }> {
  const row = await db.selectNoFrom([turnsRunning(db, roomId, now), letInLately(db, roomId, letInSince)]).executeTakeFirstOrThrow();
  return { turns: Number(row.turns), lately: Number(row.lately) };
}

/** The next `limit` families waiting and still there (seen since `presentSince`), in the queue's order. */
export async function nextWaiting(db: Db, roomId: number, presentSince: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('waiting_room_places')
    .select('id')
    .where('room_id', '=', roomId)
    .where('admitted_at', 'is', null)
    .where('ended_at', 'is', null)
    .where('seen_at', '>=', presentSince)
    .orderBy('place_key')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function admit(db: Db, ids: number[], at: string, turnEndsAt: string): Promise<void> {
  if (ids.length) await db.updateTable('waiting_room_places').set({ admitted_at: at, turn_ends_at: turnEndsAt }).where('id', 'in', ids).where('admitted_at', 'is', null).execute();
}

/**
 * In one statement, for a place read as waiting: its turn's end if another request has let it in
 * since, the turns running now, the families let in since `letInSince`, the families still there
 * ahead of it, and the turns that ended (used, given up or lapsed) since `paceSince` (the queue's pace).
 */
export async function queueCounts(db: Db, place: PlaceRow, at: { now: string; presentSince: string; paceSince: string; letInSince: string }) {
  const places = () => countOfPlaces(db, place.room_id);
  const row = await db
    .selectNoFrom([
      db.selectFrom('waiting_room_places').select('turn_ends_at').where('id', '=', place.id).as('let_in_until'),
      turnsRunning(db, place.room_id, at.now),
      letInLately(db, place.room_id, at.letInSince),
      places()
        .where('ended_at', 'is', null)
        .where('admitted_at', 'is', null)
        .where(sql<boolean>`(place_key, id) < (${place.place_key}, ${place.id})`)
        .where('seen_at', '>=', at.presentSince)
        .as('ahead'),
      places().where('ended_at', '>=', at.paceSince).where('ended_at', '<=', at.now).where('admitted_at', 'is not', null).as('used'),
      places().where('ended_at', 'is', null).where('turn_ends_at', '>=', at.paceSince).where('turn_ends_at', '<=', at.now).as('lapsed'),
    ])
    .executeTakeFirstOrThrow();
  return { letInUntil: row.let_in_until, turns: Number(row.turns), lately: Number(row.lately), ahead: Number(row.ahead), ended: Number(row.used) + Number(row.lapsed) };
}

/** Places that ended, or were last seen, before `before`: a queue's day is over. */
export async function deleteOldPlaces(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('waiting_room_places')
    .where((eb) => eb.or([eb('ended_at', '<', before), eb('turn_ends_at', '<', before), eb.and([eb('admitted_at', 'is', null), eb('seen_at', '<', before)])]))
    .execute();
}
