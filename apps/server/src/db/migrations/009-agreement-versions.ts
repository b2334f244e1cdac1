import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Agreements are versioned (U25). `agreements` holds each agreement's current version;
 * `agreement_versions` keeps every published text, so an acceptance can be shown again with
 * the words that were accepted. Each acceptance records the version, a SHA-256 of its text,
 * the client address and user agent beside the time and the PNG signature (base64).
 */
export function agreementVersions(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('agreements').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('agreements').addColumn('text_sha256', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('agreements').addColumn('published_at', 'text', (c) => c.notNull().defaultTo('')).execute();
      for (const [column, type] of [
        ['version', 'integer'],
        ['text_sha256', 'text'],
        ['ip_address', 'text'],
        ['user_agent', 'text'],
      ] as const) {
        await db.schema
          .alterTable('agreement_signatures')
          .addColumn(column, type, (c) => c.notNull().defaultTo(type === 'integer' ? 1 : ''))
          .execute();
      }

      const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
      await sql
        .raw(
          `create table agreement_versions (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            agreement_id integer not null,
            version integer not null,
            name text not null,
            text text not null,
            text_sha256 text not null,
            requires_signature integer not null,
            published_at text not null,
            constraint agreement_versions_agreement_id_tenant foreign key (company_id, agreement_id) references agreements (company_id, id) on delete cascade,
            constraint agreement_versions_unique unique (company_id, agreement_id, version)
          )`,
        )
        .execute(db);
      await db.schema.createIndex('agreement_signatures_client').on('agreement_signatures').columns(['company_id', 'client_id', 'agreement_id']).execute();

      // Agreements written before versions existed become version 1 of themselves.
      const rows = await db.selectFrom('agreements').select(['id', 'company_id', 'name', 'text', 'requires_signature']).execute();
      const now = new Date().toISOString();
      for (const row of rows as { id: number; company_id: number; name: string; text: string; requires_signature: number }[]) {
        const hash = createHash('sha256').update(row.text, 'utf8').digest('hex');
        await db.updateTable('agreements').set({ text_sha256: hash, published_at: now }).where('id', '=', row.id).execute();
        await db
          .insertInto('agreement_versions')
          .values({ company_id: row.company_id, agreement_id: row.id, version: 1, name: row.name, text: row.text, text_sha256: hash, requires_signature: row.requires_signature, published_at: now })
          .execute();
      }
      await db.updateTable('agreement_signatures').set({ text_sha256: sql`(select a.text_sha256 from agreements a where a.id = agreement_signatures.agreement_id)` }).execute();
    },
  };
}
