import { sql, type Kysely } from 'kysely';

/**
 * The network address a waiting-room place joined from, hashed (decision 147, amended): one
 * address holds a bounded number of live places in a room, so a script cannot fill the draw.
 */
export function waitingRoomAddress() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table waiting_room_places add column address_hash text`.execute(db);
      await sql`create index waiting_room_places_address on waiting_room_places (room_id, address_hash, ended_at)`.execute(db);
    },
  };
}
