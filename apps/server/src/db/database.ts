import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connections per process (see decision 008 for how the default was chosen). */
  poolSize?: number;
}

/** Measured with `npm run bench` (decision 008). */
const DEFAULT_POOL_SIZE = 10;

// COUNT(*) and BIGSERIAL come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kysely prepares every query anew; on the hot paths (session lookup, polls) preparing cost as
 * much as running. The same SQL text reuses its prepared statement (SQLite re-prepares by itself
 * after a schema change). Bounded, so ad-hoc SQL cannot grow it without limit.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        if (cache.size >= max) cache.clear();
        stmt = sqlite.prepare(text);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}
