import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { findCascades, installChangeTriggers } from './change-sources.ts';
import { foundation } from './migrations/001-foundation.ts';
import { notificationStatusIndex } from './migrations/002-notification-status-index.ts';
import { settingsVersion } from './migrations/003-settings-version.ts';
import { clientVersions } from './migrations/004-client-versions.ts';
import { tenantKeys } from './migrations/006-tenant-keys.ts';

/** Migrations are listed here, in order; each builds the same tables on SQLite and PostgreSQL. */
export function migrationsFor(engine: DatabaseHandle['engine']): Record<string, Migration> {
  return {
    '001-foundation': foundation(engine),
    '002-notification-status-index': notificationStatusIndex,
    '003-settings-version': settingsVersion,
    '004-client-versions': clientVersions(engine),
    '006-tenant-keys': tenantKeys(engine),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.engine) };
  // On PostgreSQL, keep the bookkeeping tables in the connection's own schema: Kysely otherwise
  // finds another schema's kysely_migration_lock and never creates its own.
  const schema =
    handle.engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db: handle.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if (handle.engine === 'postgres') await installChangeTriggers(handle.db);
  handle.changes.setCascades(await findCascades(handle.db, handle.engine));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
