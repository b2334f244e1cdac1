import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** The customer record's fields (K25) that the foundation's clients table did not hold yet. */
const CLIENT_TEXT_COLUMNS = [
  'reg_id',
  'gender_type',
  'gender_other',
  'phone_home',
  'phone_work',
  'phone_mobile2',
  'email2',
  'fax',
  'address2',
  'billing_address1',
  'billing_address2',
  'billing_suburb',
  'billing_state',
  'billing_postcode',
  'notes',
];

/**
 * My details (decision 020): the rest of the customer record, the customer's custom field
 * values, e-mail changes waiting for their code, and the registration-id sequence per company.
 * Every reference to a client is composite (company_id, client_id), as migration 006 made them.
 */
export function customerDetails(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const column of CLIENT_TEXT_COLUMNS) {
        await db.schema.alterTable('clients').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
      }
      await db.schema.alterTable('clients').addColumn('billing_addr_same', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('clients').addColumn('updated_at', 'text').execute();

      await db.schema
        .createTable('client_custom_field_values')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('custom_field_id', 'integer', (c) => c.notNull())
        .addColumn('custom_field_item_id', 'integer')
        .addColumn('field_value', 'text')
        .addPrimaryKeyConstraint('client_custom_field_values_pk', ['company_id', 'client_id', 'custom_field_id'])
        .addForeignKeyConstraint('client_custom_field_values_client_tenant', ['company_id', 'client_id'], 'clients', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
        .execute();

      await db.schema
        .createTable('email_changes')
        .$call((t) => (engine === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addForeignKeyConstraint('email_changes_client_tenant', ['company_id', 'client_id'], 'clients', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await db.schema.createIndex('email_changes_client').on('email_changes').columns(['company_id', 'client_id']).execute();
      await db.schema.createIndex('email_changes_expiry').on('email_changes').columns(['expires_at']).execute();

      await db.schema
        .createTable('reg_id_sequences')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('last_value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('reg_id_sequences_pk', ['company_id', 'type'])
        .execute();
      // A registration id names one client of its company; empty means none assigned yet.
      await sql`create unique index clients_company_reg_id on clients (company_id, reg_id) where reg_id <> ''`.execute(db);
    },
  };
}
