import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './schema.ts';
import { ChangeFeed } from './change-feed.ts';
import { trackingDialect } from './tracking-dialect.ts';
import { CHANGES_CHANNEL, dataVersionSyncer, listenForChanges } from './change-sources.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Committed writes, for in-process caches (see change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Receive writes made by other processes (PostgreSQL: a LISTEN connection). Off for one-shot
   * commands, whose feed then never reports itself reliable and so is never used to cache.
   */
  watchOtherProcesses?: boolean;
}

// COUNT(*) and BIGSERIAL come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const changes = new ChangeFeed('listener');
    const db = new Kysely<Database>({ dialect: trackingDialect(new PostgresDialect({ pool }), changes) });
    const listener =
      options.watchOtherProcesses === false
        ? undefined
        : listenForChanges(url, changes, (payload) => sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db));
    return {
      db,
      engine: 'postgres',
      changes,
      async close() {
        await listener?.close();
        await db.destroy();
      },
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const changes = new ChangeFeed('poll');
  changes.setSyncer(dataVersionSyncer(sqlite, changes));
  const db = new Kysely<Database>({ dialect: trackingDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), changes) });
  return { db, engine: 'sqlite', changes, close: () => db.destroy() };
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
