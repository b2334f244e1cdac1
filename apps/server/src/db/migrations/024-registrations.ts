import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * An online registration under way (decision 047): the address its family proved with a mailed
 * code, under which profile, until when a solved captcha counts for it; once submitted, under
 * which Idempotency-Key and body, and the client it made (a retry is answered with it). The browser holds the token; only its hash is stored. Swept once expired. A client's
 * answer to the e-mail marketing question (N26) is kept on the client: null until asked.
 */
export function registrations(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table registrations (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            profile_id integer not null,
            token_hash text not null,
            email text not null,
            email_verified_at text not null,
            captcha_verified_until text,
            submitted_at text,
            idempotency_key text,
            request_hash text,
            client_id integer,
            created_at text not null,
            expires_at text not null,
            constraint registrations_token unique (token_hash),
            constraint registrations_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index registrations_expiry on registrations (expires_at)`.execute(db);
      await sql`alter table clients add column marketing_opt_in integer`.execute(db);
    },
  };
}
