import { sql, type Kysely } from 'kysely';

/**
 * Each guardian's own read state (decision 101): the notifications and messages an invited
 * guardian has read, apart from the holder's (`notification_contacts.status`, `message_reads`).
 */
export function guardianReads() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table guardian_reads (
            company_id integer not null references companies (id) on delete cascade,
            guardian_id integer not null references guardians (id) on delete cascade,
            kind text not null,
            item_id integer not null,
            read_at text not null,
            primary key (guardian_id, kind, item_id)
          )`,
        )
        .execute(db);
    },
  };
}
