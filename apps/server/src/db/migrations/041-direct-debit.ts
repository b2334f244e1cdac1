import { sql, type Kysely } from 'kysely';

/**
 * Direct debit through a processor (decision 104): each mandate a family set up on the
 * processor's hosted pages, from the request that started it to the mandate's end; each
 * collection of an invoice asked of the processor under its idempotency key (so a lost answer
 * is found again) and where the money stands.
 */
export function directDebit() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const statement of [
        `create table direct_debit_mandates (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          request_id text not null,
          client_id integer not null,
          mandate_id text,
          status text not null,
          created_at text not null,
          updated_at text not null,
          primary key (company_id, provider, request_id),
          constraint direct_debit_mandates_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
        )`,
        `create index direct_debit_mandates_client on direct_debit_mandates (company_id, client_id)`,
        `create index direct_debit_mandates_mandate on direct_debit_mandates (company_id, mandate_id)`,
        `create table direct_debit_collections (
          company_id integer not null references companies (id) on delete cascade,
          provider text not null,
          idempotency_key text not null,
          client_id integer not null,
          invoice_id integer not null,
          attempt integer not null,
          retries integer not null default 0,
          mandate_id text not null,
          amount_cents integer not null,
          payment_id text,
          status text not null,
          charge_date text,
          failure text,
          created_at text not null,
          updated_at text not null,
          primary key (company_id, provider, idempotency_key),
          unique (company_id, invoice_id, attempt),
          constraint direct_debit_collections_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade,
          constraint direct_debit_collections_invoice_id_tenant foreign key (company_id, invoice_id) references invoices (company_id, id) on delete cascade
        )`,
        `create index direct_debit_collections_payment on direct_debit_collections (company_id, payment_id)`,
        // The bank's name a provider's mandate shows (it keeps no sort code with the portal).
        `alter table payment_methods add column bank_name text`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
