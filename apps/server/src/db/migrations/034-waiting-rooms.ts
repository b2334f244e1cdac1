import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The waiting room of a registration's opening (decision 099): one room per profile and opening,
 * whose row is the lock admissions take, and a place per browser. `place_key` orders the queue:
 * a random draw for a family that joined before the opening, after every draw the arrival instant
 * for one that joined later.
 */
export function waitingRooms(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  const real = engine === 'postgres' ? 'double precision' : 'real';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table waiting_rooms (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            profile_id integer not null,
            opens_at text not null,
            admitted integer not null default 0,
            unique (company_id, profile_id, opens_at)
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `create table waiting_room_places (
            ${id},
            room_id integer not null references waiting_rooms (id) on delete cascade,
            ticket_hash text not null unique,
            joined_at text not null,
            place_key ${real} not null,
            seen_at text not null,
            email text,
            admitted_at text,
            turn_ends_at text,
            ended_at text
          )`,
        )
        .execute(db);
      // The queue in its order, with what a count of those ahead reads: a count is one index range.
      await sql`create index waiting_room_places_queue on waiting_room_places (room_id, ended_at, admitted_at, place_key, id, seen_at)`.execute(db);
      // The turns running, and those that ended lately (the queue's pace).
      await sql`create index waiting_room_places_turns on waiting_room_places (room_id, ended_at, turn_ends_at)`.execute(db);
    },
  };
}
