import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Family access (decision 101): the adults a family's holder lets in, each with their own sign-in
 * and role; the invitations that bring them; and who a session, a push device, a signature and a
 * log entry belong to. Revoking a guardian removes its row, and its sessions and devices with it.
 */
export function guardians(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table guardians (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null,
            login_id integer not null references logins (id) on delete cascade,
            role text not null,
            first_name text not null,
            last_name text not null,
            created_at text not null,
            constraint guardians_family_login unique (client_id, login_id),
            constraint guardians_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index guardians_login on guardians (company_id, login_id)`.execute(db);
      await sql
        .raw(
          `create table guardian_invitations (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null,
            email text not null,
            first_name text not null,
            last_name text not null,
            role text not null,
            token_hash text not null unique,
            created_at text not null,
            expires_at text not null,
            accepted_at text,
            constraint guardian_invitations_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index guardian_invitations_family on guardian_invitations (company_id, client_id)`.execute(db);
      for (const table of ['sessions', 'push_subscriptions']) {
        await sql.raw(`alter table ${table} add column guardian_id integer references guardians (id) on delete cascade`).execute(db);
      }
      await sql`create index sessions_guardian on sessions (guardian_id)`.execute(db);
      await sql.raw(`alter table agreement_signatures add column signed_by text not null default ''`).execute(db);
      await sql.raw(`alter table activity_log add column by_name text`).execute(db);
    },
  };
}
