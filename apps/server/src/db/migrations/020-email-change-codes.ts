import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * An e-mail change is an e-mail code of purpose 'email-change' (decision 035): email_codes gains
 * the client a code belongs to (a tenant key, so it cannot name another company's client), live
 * changes move over with their hashes, tries and expiry, and email_changes goes. email_codes is
 * made again with the new column on both engines (SQLite cannot add a table constraint);
 * nothing references it.
 */
export function emailChangeCodes(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('email_codes_new')
        .$call((t) => (engine === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('client_id', 'integer')
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addForeignKeyConstraint('email_codes_client_id_tenant', ['company_id', 'client_id'], 'clients', ['company_id', 'id'], (fk) => fk.onDelete('cascade'))
        .execute();
      await sql`insert into email_codes_new (company_id, purpose, email, client_id, token_hash, code_hash, payload, attempts, created_at, expires_at, used_at)
        select company_id, purpose, email, null, token_hash, code_hash, payload, attempts, created_at, expires_at, used_at from email_codes`.execute(db);
      await sql`insert into email_codes_new (company_id, purpose, email, client_id, token_hash, code_hash, payload, attempts, created_at, expires_at, used_at)
        select company_id, 'email-change', new_email, client_id, token_hash, code_hash, '{}', attempts, created_at, expires_at, used_at
        from email_changes where used_at is null`.execute(db);
      await db.schema.dropTable('email_codes').execute();
      await db.schema.dropTable('email_changes').execute();
      await db.schema.alterTable('email_codes_new').renameTo('email_codes').execute();
      await db.schema.createIndex('email_codes_token').unique().on('email_codes').column('token_hash').execute();
      await db.schema.createIndex('email_codes_client').on('email_codes').columns(['company_id', 'purpose', 'client_id']).execute();
    },
  };
}
