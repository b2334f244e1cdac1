import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A family's request to delete its account (decision 097): when it was made, when the erasure
 * falls due (30 days on, or sooner once the company confirms), and whether it was withdrawn or
 * carried out. One open request per client at a time.
 */
export function deletionRequests(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table deletion_requests (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null,
            requested_at text not null,
            erase_after text not null,
            confirmed_at text,
            withdrawn_at text,
            erased_at text,
            constraint deletion_requests_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index deletion_requests_due on deletion_requests (erase_after) where withdrawn_at is null and erased_at is null`.execute(db);
      // One open request per family.
      await sql`create unique index deletion_requests_open on deletion_requests (company_id, client_id) where withdrawn_at is null and erased_at is null`.execute(db);
    },
  };
}
