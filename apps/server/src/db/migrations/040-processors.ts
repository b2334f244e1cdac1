import { sql, type Kysely } from 'kysely';

/**
 * A card processor per company (decision 103): its keys, encrypted at rest; the processor's
 * customer for each client; the charges asked of it under each idempotency key (so a lost answer
 * can be found again); the webhook events applied, each once.
 */
export function processors() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const statement of [
        `create table processor_credentials (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          secret_key text not null,
          webhook_secret text not null,
          publishable_key text not null,
          updated_at text not null,
          primary key (company_id, provider)
        )`,
        `create table processor_customers (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          client_id integer not null references clients (id) on delete cascade,
          customer_id text not null,
          created_at text not null,
          primary key (company_id, provider, client_id)
        )`,
        `create table processor_charges (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          idempotency_key text not null,
          customer_id text not null,
          charge_id text,
          created_at text not null,
          primary key (company_id, provider, idempotency_key)
        )`,
        `create table processor_events (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          event_id text not null,
          type text not null,
          received_at text not null,
          primary key (company_id, provider, event_id)
        )`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
