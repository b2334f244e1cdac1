import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './schema.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import { isLostConnection, markUnavailable } from './unavailable.ts';

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
  /** SQLite in memory only: start from this database image (a database file's bytes) instead of an empty database. */
  image?: Buffer;
  /** SQLite's `synchronous`: NORMAL unless told (SQLITE_SYNCHRONOUS). */
  synchronous?: 'NORMAL' | 'FULL' | undefined;
  /** PostgreSQL: how long opening a connection may take before the database counts as unreachable (decision 088). */
  connectTimeoutMs?: number | undefined;
}

/** Measured with `npm run bench` (decision 008). */
const DEFAULT_POOL_SIZE = 10;
/** A new connection to a reachable PostgreSQL takes milliseconds; one that takes a second is an outage (decision 088). */
const DEFAULT_CONNECT_TIMEOUT_MS = 1_000;
/**
 * How long a query waits for one of the pool's connections while all are busy. Longer than the
 * connect timeout: under the bench's checkout load a busy pool is not an outage, and a request
 * waited seconds for a connection (decision 033); past this it is answered 503 (decision 088).
 */
const POOL_WAIT_MS = 10_000;

// COUNT(*) and BIGSERIAL come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: clientConnectingWithin(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS),
      // A connection whose server vanished without closing it is found out by the operating system's probes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    withPreparedStatements(pool);
    reportingLostConnections(pool);
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: markingFailedConnects(pool) }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (options.image && file !== ':memory:') throw new Error('openDatabase: an image opens only as sqlite::memory:');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(options.image ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  const db = new Kysely<Database>({ dialect: sqliteDialectBeginningImmediate(reusingStatements(sqlite)) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * After a bulk load (a company import from the command line): PostgreSQL plans from statistics
 * that autovacuum gathers only a minute or more after the load, and until then it guesses from
 * none (measured: the invoice page's plan for a client with 2,000 invoices estimated one row).
 * ANALYZE, as PostgreSQL's manual advises after populating a database. SQLite plans without
 * statistics here and keeps doing so.
 */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== 'postgres') return;
  // The portal's own schema only (a bare ANALYZE would read every schema of the database).
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(handle.db);
  if (rows.length > 0) await sql`analyze ${sql.join(rows.map((row) => sql.table(row.name)))}`.execute(handle.db);
}

/**
 * A query whose text follows the shape of its arguments (which lists are given and how long they
 * are, which optional values are set) and a few arguments written into the text (`textKeys`, e.g.
 * a sort): the text is compiled once per database and shape, and each call binds its values to
 * it, so a request builds no SQL (decision 039). For the class search only: building and
 * compiling its statement with Kysely cost 400–700 µs a search, a fifth to a quarter of the
 * search's server time (decision 051). `build` must place every other argument, and each element
 * of a list argument, as a bound value as it is; it is called once per shape with stand-ins to
 * learn where each one goes, and throws when one is missing.
 */
export function shapedQuery<Args extends Record<string, unknown>, Row>(textKeys: readonly (keyof Args)[], build: (db: Db, args: Args) => { compile(): CompiledQuery<Row> }, maxShapes = 200) {
  type Slot = { key: string; at: number } | { value: unknown };
  const shapes = new WeakMap<Db, Map<string, { sql: string; slots: Slot[] }>>();
  const shapeKey = (args: Args) =>
    Object.keys(args)
      .sort()
      .map((k) => {
        const v = args[k];
        if (textKeys.includes(k)) return `${k}=${String(v)}`;
        return Array.isArray(v) ? `${k}[${v.length}]` : v === undefined ? `${k}-` : k;
      })
      .join('|');
  return async (db: Db, args: Args): Promise<Row[]> => {
    let byShape = shapes.get(db);
    if (!byShape) shapes.set(db, (byShape = new Map()));
    const key = shapeKey(args);
    let shape = byShape.get(key);
    if (!shape) {
      const standIns = new Map<object, { key: string; at: number }>();
      const standIn = (k: string, at: number) => {
        const o = {};
        standIns.set(o, { key: k, at });
        return o;
      };
      const given = Object.fromEntries(
        Object.entries(args).map(([k, v]) => [k, textKeys.includes(k) || v === undefined ? v : Array.isArray(v) ? v.map((_, i) => standIn(k, i)) : standIn(k, -1)]),
      ) as Args;
      const compiled = build(db, given).compile();
      const slots: Slot[] = compiled.parameters.map((p) => standIns.get(p as object) ?? { value: p });
      const used = new Set(slots);
      const unbound = [...standIns.values()].find((s) => !used.has(s));
      if (unbound) throw new Error(`shapedQuery: argument ${unbound.key} must be a bound value (\${arg}) in the query`);
      if (byShape.size >= maxShapes) byShape.clear();
      shape = { sql: compiled.sql, slots };
      byShape.set(key, shape);
    }
    const values = shape.slots.map((s) => ('value' in s ? s.value : s.at < 0 ? args[s.key] : (args[s.key] as unknown[])[s.at]));
    return (await db.executeQuery<Row>(CompiledQuery.raw(shape.sql, values))).rows;
  };
}

/** Runs `work` in the caller's transaction when `db` is one (a service composing several writes), else in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
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
 * The PostgreSQL side of reusingStatements: the same SQL text runs as a named prepared statement
 * on each connection, so the server parses and plans it once per connection instead of on every
 * call (on the session lookup and the polls, planning cost more than running; naming them doubled
 * the polls' throughput, decision 008; unnamed, a session lookup took 1.1 ms longer and a class
 * search 2–4 ms longer, decision 051). Kysely's PostgreSQL driver has no way to name a statement,
 * hence the wrapped `client.query`. PostgreSQL re-plans by itself after a schema change. Only
 * text with parameters is named: text without any may hold several statements, which only the
 * simple protocol runs. At most `max` names per connection, so ad-hoc SQL cannot grow them
 * without limit.
 */
function withPreparedStatements(pool: pg.Pool, max = 200) {
  pool.on('connect', (client) => {
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query(text, values, callback);
      let name = names.get(text);
      if (name === undefined && names.size < max && text.length <= 8192) {
        name = `s${names.size}`;
        names.set(text, name);
      }
      return name === undefined ? query(text, values) : query({ name, text, values });
    }) as typeof client.query;
  });
}

/** The pool's connections, each given `ms` to open: the pool's own timeout is its wait for a busy connection. */
function clientConnectingWithin(ms: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: ms });
    }
  };
}

/** Kysely's pool: a connection that cannot be had (refused, timed out, the pool closed) means the database is unavailable. */
function markingFailedConnects(pool: pg.Pool) {
  return {
    connect: () => pool.connect().catch((err: unknown) => Promise.reject(markUnavailable(err))),
    end: () => pool.end(),
  };
}

/**
 * When PostgreSQL stops, crashes or drops out of reach, every connection of the pool fails: an
 * idle one is let go by the pool (which reports it as an 'error' event, and an unheard 'error'
 * event ends the process), a busy one fails its query, or, between two queries of a
 * transaction, reports it itself. Each is heard here; a query that failed so is marked
 * unavailable, so its request is answered 503, and the connection is not reused. A new query opens
 * a new connection, so the server is back as soon as the database is, without a restart.
 */
function reportingLostConnections(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((err: unknown) => Promise.reject(isLostConnection(err) ? markUnavailable(err) : err));
    }) as typeof client.query;
  });
}

/**
 * Kysely prepares every statement anew, and SQLite plans a statement as it prepares it: on the
 * session lookup, which every call makes, preparing cost as much as running (decision 051). The
 * same SQL text reuses its prepared statement (SQLite prepares it again by itself after a schema
 * change); the 500 most recently used are kept, so ad-hoc SQL cannot grow them without limit.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 500 });
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = sqlite.prepare(text)));
      return statement;
    },
  };
}

/**
 * Kysely opens a SQLite transaction with a plain (deferred) `begin`: one that reads before it
 * writes (the checkout's) then fails at its first write with SQLITE_BUSY_SNAPSHOT, which no busy
 * timeout waits out, whenever another process (an import, a back office) wrote in between;
 * measured as 500s under `npm run bench` (decision 033). Transactions here begin immediate
 * instead: the write lock is taken first, waited for under busy_timeout. This process has one
 * connection, so its own transactions ran one at a time already and lose nothing by it.
 */
function sqliteDialectBeginningImmediate(database: SqliteDatabase): SqliteDialect {
  class BeginImmediateDriver extends SqliteDriver {
    override async beginTransaction(connection: DatabaseConnection): Promise<void> {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    }
  }
  return new (class extends SqliteDialect {
    override createDriver() {
      return new BeginImmediateDriver({ database });
    }
  })({ database });
}
