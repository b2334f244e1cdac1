import { sql, type Kysely } from 'kysely';

/**
 * A waiting room lets families in at most `FamiliesPerMinute` a minute (decision 108): the
 * families let in lately are counted by the instant they were let in, one index range.
 */
export function waitingRoomAdmissions() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`create index waiting_room_places_admitted on waiting_room_places (room_id, admitted_at)`.execute(db);
    },
  };
}
