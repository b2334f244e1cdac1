import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** The triggers of migration 004, by engine (SQLite: one per event; PostgreSQL: one function per list and table). */
const SQLITE_TRIGGERS = [
  'notification_contacts_version_ins',
  'notification_contacts_version_upd',
  'notification_contacts_version_del',
  'notifications_version_upd',
  'message_reads_version_ins',
  'message_reads_version_upd',
  'message_reads_version_del',
  'messages_version_ins',
  'messages_version_upd',
  'messages_version_del',
];
const POSTGRES_FUNCTIONS = [
  'notification_contacts_version',
  'notifications_version',
  'message_reads_version',
  'messages_version',
  'notifications_version_truncate',
  'messages_version_truncate',
  // The statement trigger every table got after each migration run, for the change listener.
  'portal_report_change',
];

/**
 * The in-process read caches are gone (decision 008): nothing reads the per-client list
 * versions any more, and no process listens for change notifications. Their triggers would
 * still cost every write (and lock client rows on a company-wide message), so they go, with
 * the columns they moved. Polls now read their lists on every call, so they get the indexes they need.
 */
export function dropReadCacheTriggers(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      if (engine === 'sqlite') {
        for (const name of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
      } else {
        // CASCADE takes every trigger that calls the function with it.
        for (const name of POSTGRES_FUNCTIONS) await sql`drop function if exists ${sql.id(name)}() cascade`.execute(db);
      }
      for (const column of ['notifications_version', 'messages_version']) {
        await db.schema.alterTable('clients').dropColumn(column).execute();
      }
      // A message poll and its ETag read the company-wide messages and the client's own: with the
      // audience in the index that is two index ranges, not every message of the company.
      // The newest notification id of a client, for the poll's ETag, without reading the client's rows.
      await db.schema.createIndex('notification_contacts_newest').on('notification_contacts').columns(['company_id', 'client_id', 'id']).execute();
      await db.schema.createIndex('messages_audience').on('messages').columns(['company_id', 'client_id', 'published_at']).execute();
    },
  };
}
