import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Web push (decision 100): the server's VAPID key pair (one row, made on first need, shared by
 * every process), each device's subscription with the categories it takes, and the deliveries
 * queued with a notification and sent by the push job.
 */
export function push(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql.raw(`create table push_keys (id integer primary key, public_key text not null, private_key text not null, created_at text not null)`).execute(db);
      await sql
        .raw(
          `create table push_subscriptions (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null,
            endpoint text not null unique,
            p256dh text not null,
            auth text not null,
            categories text not null,
            device text not null,
            created_at text not null,
            last_push_at text,
            constraint push_subscriptions_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql`create index push_subscriptions_client on push_subscriptions (company_id, client_id)`.execute(db);
      await sql
        .raw(
          `create table push_deliveries (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            subscription_id integer not null references push_subscriptions (id) on delete cascade,
            title text not null,
            body text not null,
            url text not null,
            created_at text not null,
            status text not null,
            attempts integer not null default 0,
            lease_until text,
            sent_at text,
            error text
          )`,
        )
        .execute(db);
      await sql`create index push_deliveries_due on push_deliveries (status, created_at)`.execute(db);
    },
  };
}
