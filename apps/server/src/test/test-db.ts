import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Engine } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** `url` opens the same database again (PostgreSQL only: an in-memory SQLite is private to its handle). */
export type TestDatabase = DatabaseHandle & { url: string; drop(): Promise<void> };

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (for describe.each). */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('TEST_DATABASE_URL must be set to a postgres:// URL to run the tests on PostgreSQL');
  }
  return url;
}

/** Adds a libpq startup option so every pooled connection starts in the test's own schema. */
function withSearchPath(url: string, schema: string): string {
  const option = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.includes('?') ? `${url}&${option}` : `${url}?${option}`;
}

/** Tests often close in afterAll and drop too; a second pool.end() would throw. */
function onceClosed(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

/**
 * A fresh, migrated, empty database. SQLite lives in memory; on PostgreSQL each call gets
 * its own schema (t_<random>) so test files can run in parallel against one server, and
 * drop() removes the schema with everything in it. `upTo` stops after the named migration.
 */
export async function createTestDatabase(engine: Engine, upTo?: string): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const url = 'sqlite::memory:';
    const handle = onceClosed(openDatabase(url));
    await migrateToLatest(handle, upTo);
    return { ...handle, url, drop: () => handle.close() };
  }

  const baseUrl = postgresUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }

  const url = withSearchPath(baseUrl, schema);
  const handle = onceClosed(openDatabase(url));
  const dropSchema = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await client.end();
    }
  };
  try {
    await migrateToLatest(handle, upTo);
  } catch (error) {
    await handle.close();
    await dropSchema();
    throw error;
  }

  let dropped = false;
  return {
    ...handle,
    url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.close();
      await dropSchema();
    },
  };
}
