import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables that the typed schema does not know yet */
type Table = CreateTableBuilder<any, any>;

/**
 * Court bookings and financials (decision 025): invoice lines, receipts and their allocations,
 * instalment plans, bookings and the slot rows that make a double booking impossible, and the
 * per-company document numbers. Every reference stays inside one company (composite keys, as
 * migration 006). Invoices gain their tax and a list index; their columns stay as the home page reads them.
 */
export function bookingsFinancials(engine: Engine) {
  const id = (t: Table): Table =>
    engine === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const companyRef = (t: Table): Table => t.addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'));
  const tenant = (t: Table, name: string, column: string, parent: string): Table =>
    t.addForeignKeyConstraint(name, ['company_id', column], parent, ['company_id', 'id'], (fk) => fk.onDelete('cascade'));

  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = (name: string, build: (t: Table) => Table) => build(db.schema.createTable(name)).execute();
      const index = (name: string, on: string, columns: string[]) => db.schema.createIndex(name).on(on).columns(columns).execute();

      await db.schema.alterTable('invoices').addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('invoices').addColumn('notes', 'text', (c) => c.notNull().defaultTo('')).execute();
      if (engine === 'postgres') await sql`alter table invoices add constraint invoices_company_id_key unique (company_id, id)`.execute(db);
      else await sql`create unique index invoices_company_id_key on invoices (company_id, id)`.execute(db);
      await index('invoices_client_date', 'invoices', ['company_id', 'client_id', 'invoice_date', 'invoice_no']);

      await table('invoice_lines', (t) =>
        tenant(
          companyRef(id(t))
            .addColumn('invoice_id', 'integer', (c) => c.notNull())
            .addColumn('sort_order', 'integer', (c) => c.notNull())
            .addColumn('line_type', 'text', (c) => c.notNull())
            .addColumn('breakdown_key', 'text')
            .addColumn('description', 'text', (c) => c.notNull())
            .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
            .addColumn('amount_cents', 'integer', (c) => c.notNull())
            .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('total_cents', 'integer', (c) => c.notNull()),
          'invoice_lines_invoice_id_tenant',
          'invoice_id',
          'invoices',
        ),
      );
      await index('invoice_lines_invoice', 'invoice_lines', ['company_id', 'invoice_id', 'sort_order']);

      await table('receipts', (t) =>
        tenant(
          companyRef(id(t))
            .addColumn('client_id', 'integer', (c) => c.notNull())
            .addColumn('receipt_no', 'text', (c) => c.notNull())
            .addColumn('receipt_date', 'text', (c) => c.notNull())
            .addColumn('amount_cents', 'integer', (c) => c.notNull())
            .addColumn('method', 'text', (c) => c.notNull())
            .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('created_at', 'text', (c) => c.notNull())
            .addUniqueConstraint('receipts_company_no', ['company_id', 'receipt_no'])
            .addUniqueConstraint('receipts_company_id_key', ['company_id', 'id']),
          'receipts_client_id_tenant',
          'client_id',
          'clients',
        ),
      );
      await index('receipts_client_date', 'receipts', ['company_id', 'client_id', 'receipt_date']);

      await table('receipt_allocations', (t) =>
        tenant(
          tenant(
            companyRef(id(t))
              .addColumn('receipt_id', 'integer', (c) => c.notNull())
              .addColumn('invoice_id', 'integer', (c) => c.notNull())
              .addColumn('amount_cents', 'integer', (c) => c.notNull()),
            'receipt_allocations_receipt_id_tenant',
            'receipt_id',
            'receipts',
          ),
          'receipt_allocations_invoice_id_tenant',
          'invoice_id',
          'invoices',
        ),
      );
      await index('receipt_allocations_invoice', 'receipt_allocations', ['company_id', 'invoice_id']);
      await index('receipt_allocations_receipt', 'receipt_allocations', ['company_id', 'receipt_id']);

      await table('payment_plans', (t) =>
        tenant(
          companyRef(id(t))
            .addColumn('client_id', 'integer', (c) => c.notNull())
            .addColumn('next_charge', 'text', (c) => c.notNull())
            .addColumn('amount_cents', 'integer', (c) => c.notNull())
            .addColumn('period', 'text', (c) => c.notNull())
            .addColumn('remaining_charges', 'integer', (c) => c.notNull())
            .addColumn('notes', 'text', (c) => c.notNull().defaultTo('')),
          'payment_plans_client_id_tenant',
          'client_id',
          'clients',
        ),
      );
      await index('payment_plans_client', 'payment_plans', ['company_id', 'client_id', 'next_charge']);

      await table('bookings', (t) =>
        tenant(
          tenant(
            companyRef(id(t))
              .addColumn('client_id', 'integer', (c) => c.notNull())
              .addColumn('venue_id', 'integer', (c) => c.notNull())
              .addColumn('court', 'text', (c) => c.notNull())
              .addColumn('booking_type_id', 'integer', (c) => c.notNull())
              .addColumn('date', 'text', (c) => c.notNull())
              .addColumn('start_time', 'text', (c) => c.notNull())
              .addColumn('end_time', 'text', (c) => c.notNull())
              .addColumn('duration_minutes', 'integer', (c) => c.notNull())
              .addColumn('price_cents', 'integer', (c) => c.notNull())
              .addColumn('status', 'text', (c) => c.notNull())
              .addColumn('hold_token', 'text')
              .addColumn('hold_expires_at', 'text')
              .addColumn('invoice_id', 'integer')
              .addColumn('created_at', 'text', (c) => c.notNull())
              .addColumn('cancelled_at', 'text')
              .addUniqueConstraint('bookings_company_id_key', ['company_id', 'id']),
            'bookings_client_id_tenant',
            'client_id',
            'clients',
          ),
          'bookings_invoice_id_tenant',
          'invoice_id',
          'invoices',
        ),
      );
      await index('bookings_client_date', 'bookings', ['company_id', 'client_id', 'date', 'start_time']);
      await index('bookings_hold', 'bookings', ['company_id', 'hold_token']);

      // One row per court and 5-minute unit a live booking (held or confirmed) occupies: the
      // primary key refuses a second booking of any unit, whichever process writes it.
      await table('booking_slots', (t) =>
        tenant(
          t
            .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
            .addColumn('venue_id', 'integer', (c) => c.notNull())
            .addColumn('court', 'text', (c) => c.notNull())
            .addColumn('date', 'text', (c) => c.notNull())
            .addColumn('slot', 'integer', (c) => c.notNull())
            .addColumn('booking_id', 'integer', (c) => c.notNull())
            .addPrimaryKeyConstraint('booking_slots_pkey', ['company_id', 'venue_id', 'date', 'court', 'slot']),
          'booking_slots_booking_id_tenant',
          'booking_id',
          'bookings',
        ),
      );
      await index('booking_slots_booking', 'booking_slots', ['company_id', 'booking_id']);

      await table('document_numbers', (t) =>
        t
          .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('last_value', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('document_numbers_pkey', ['company_id', 'kind']),
      );
    },
  };
}
