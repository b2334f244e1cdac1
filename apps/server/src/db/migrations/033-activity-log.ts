import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The family's activity log (decision 098): every change to its data, who made it and when, with
 * the fields that changed. Written by the services that make the changes; never edited.
 */
export function activityLog(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table activity_log (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null,
            at text not null,
            actor text not null,
            kind text not null,
            summary text not null,
            changes text,
            constraint activity_log_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index activity_log_family on activity_log (company_id, client_id, id)`.execute(db);
    },
  };
}
