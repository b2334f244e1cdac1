import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
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

const images = new Map<string, Buffer>();

/** The bytes of a database file the global setup built for this run (read once per test file). */
function sqliteImage(kind: 'migrated' | 'demo'): Buffer | undefined {
  const file = inject('sqliteImages')?.[kind];
  if (!file) return undefined;
  let image = images.get(file);
  if (!image) images.set(file, (image = fs.readFileSync(file)));
  return image;
}

/**
 * A fresh, migrated, empty database (`demo`: holding the demo companies, not yet on PostgreSQL,
 * where the caller seeds them; `upTo`: migrated up to the named migration only). SQLite lives in
 * memory, a copy of the database the global setup migrated once for the run
 * (test/global-setup.ts); on PostgreSQL each call gets its own schema (t_<random>) so test files
 * can run in parallel against one server, and drop() removes the schema with everything in it.
 */
export async function createTestDatabase(engine: Engine, options: { demo?: boolean; upTo?: string } = {}): Promise<TestDatabase> {
  const { demo = false, upTo } = options;
  if (engine === 'sqlite') {
    const url = 'sqlite::memory:';
    const image = upTo === undefined ? sqliteImage(demo ? 'demo' : 'migrated') : undefined;
    const handle = onceClosed(openDatabase(url, image ? { image } : {}));
    // Part of the way, or without the global setup (another runner): the migrations run here.
    if (!image) await migrateToLatest(handle, upTo);
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
