import { sql, type Kysely } from 'kysely';

/**
 * A version of the details a family edits in a form (decision 145): a student's record and the
 * account's details. A save names the version its form was filled from; the database moves it on
 * only from that version, so two saves from the same version (two tabs, two parents) never
 * silently overwrite each other.
 */
export function detailsVersion() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table students add column details_version integer not null default 1`.execute(db);
      await sql`alter table clients add column details_version integer not null default 1`.execute(db);
    },
  };
}
