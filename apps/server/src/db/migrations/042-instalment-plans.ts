import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Classes paid in instalments (decision 105): a plan per checkout that chose it, holding the
 * places it paid for, and its instalments, each an invoice of its own falling due on its date.
 */
export function instalmentPlans(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const statement of [
        `create table instalment_plans (
          ${id},
          company_id integer not null references companies (id) on delete cascade,
          client_id integer not null,
          payment_id integer not null,
          method text not null,
          what text not null,
          card_token text,
          retries integer not null,
          retry_days integer not null,
          enrolment_ids text not null,
          payment_plan_id integer,
          status text not null,
          created_at text not null,
          updated_at text not null,
          constraint instalment_plans_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
        )`,
        `create unique index instalment_plans_payment on instalment_plans (company_id, payment_id)`,
        `create table instalments (
          company_id integer not null references companies (id) on delete cascade,
          plan_id integer not null references instalment_plans (id) on delete cascade,
          seq integer not null,
          invoice_id integer not null,
          due_date text not null,
          amount_cents integer not null,
          status text not null,
          attempts integer not null default 0,
          next_attempt text,
          charge_key text,
          charge_id text,
          updated_at text not null,
          primary key (company_id, plan_id, seq),
          constraint instalments_invoice_id_tenant foreign key (company_id, invoice_id) references invoices (company_id, id) on delete cascade
        )`,
        `create index instalments_due on instalments (status, next_attempt)`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
