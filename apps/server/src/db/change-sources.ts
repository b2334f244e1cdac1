import { sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { ChangeFeed, WriteOp } from './change-feed.ts';

export const CHANGES_CHANNEL = 'portal_changes';

/**
 * SQLite: `PRAGMA data_version` moves when another connection (another process on the same
 * file, or `npm run portal -- import-company` while the server runs) commits. Cheap enough to
 * ask before every cache read; what changed is not known, so everything is dropped.
 */
export function dataVersionSyncer(sqlite: SQLite.Database, feed: ChangeFeed): () => boolean {
  const stmt = sqlite.prepare('pragma data_version').pluck();
  let last = stmt.get();
  return () => {
    const now = stmt.get();
    if (now !== last) {
      last = now;
      feed.changedAll();
    }
    return !sqlite.inTransaction;
  };
}

/** How often the listener proves it still hears the channel, and how long an answer may take. */
export const HEARTBEAT_MS = 5_000;

/**
 * PostgreSQL: one connection LISTENs for the notifications the change triggers send at commit,
 * `schema.table:op`, and reports those of its own schema. It counts as up only while its
 * heartbeat gets through: every HEARTBEAT_MS a notification sent through the pool (`send`) must
 * come back on it within HEARTBEAT_MS, which catches a connection that died without a word and a
 * pooler that drops notifications. While it is down the feed is unreliable (caches read
 * through); it reconnects with backoff.
 */
export function listenForChanges(
  url: string,
  feed: ChangeFeed,
  send: (payload: string) => Promise<unknown>,
  onError: (error: Error) => void = () => {},
  heartbeatMs = HEARTBEAT_MS,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  let delay = 250;

  const stopBeat = () => {
    if (beat) clearTimeout(beat);
    beat = undefined;
  };

  const down = (error?: Error) => {
    if (error) onError(error);
    stopBeat();
    feed.setListening(false);
    const c = client;
    client = undefined;
    c?.removeAllListeners();
    c?.on('error', () => {});
    void c?.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    }
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
    client = c;
    c.on('error', (e) => down(e));
    c.on('end', () => {
      if (client === c) down(new Error('change listener disconnected'));
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string }>('select current_schema() as schema');
      const prefix = `${rows[0]?.schema ?? 'public'}.`;
      let expected: string | undefined;

      const heartbeat = () => {
        if (client !== c) return;
        const nonce = `~heartbeat:${randomUUID()}`;
        expected = nonce;
        beat = setTimeout(() => down(new Error('change listener missed its heartbeat')), heartbeatMs);
        beat.unref();
        send(prefix + nonce).catch((e: unknown) => {
          if (client === c) down(e as Error);
        });
      };

      c.on('notification', (msg) => {
        const payload = msg.payload ?? '';
        if (msg.channel !== CHANGES_CHANNEL || !payload.startsWith(prefix)) return;
        const rest = payload.slice(prefix.length);
        if (rest.startsWith('~heartbeat:')) {
          if (rest !== expected || client !== c) return;
          expected = undefined;
          stopBeat();
          delay = 250;
          feed.setListening(true);
          beat = setTimeout(heartbeat, heartbeatMs);
          beat.unref();
          return;
        }
        const [table, op] = rest.split(':');
        if (!table) return;
        feed.changed(table, op === 'insert' || op === 'update' ? op : ('delete' satisfies WriteOp));
      });
      await c.query(`listen ${CHANGES_CHANNEL}`);
      if (closed || client !== c) return void c.end().catch(() => {});
      // Up once the first heartbeat has come back.
      heartbeat();
    } catch (error) {
      if (client === c && !closed) down(error as Error);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      stopBeat();
      const c = client;
      client = undefined;
      feed.setListening(false);
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}

/**
 * PostgreSQL: every table of the schema reports each write statement on the changes channel
 * (delivered at commit, also for rows changed by a foreign key's cascade or by hand in psql).
 * Run after every migration, so tables added later are covered; idempotent, and serialised by
 * an advisory lock when two servers start together.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on whatever tables the schema has
export async function installChangeTriggers(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.portal_report_change'))`.execute(trx);
    await sql`create or replace function portal_report_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '.' || tg_table_name || ':' || lower(tg_op));
        return null;
      end $$`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'kysely_%'
         and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'portal_report_change')`.execute(trx);
    for (const { name } of rows) {
      await sql`create trigger portal_report_change after insert or update or delete or truncate on ${sql.id(name)}
                for each statement execute function portal_report_change()`.execute(trx);
    }
  });
}

/** The foreign keys through which a delete changes rows of another table (CASCADE, SET NULL, SET DEFAULT). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads the catalogue, not our tables
export async function findCascades(db: Kysely<any>, engine: 'sqlite' | 'postgres'): Promise<{ parent: string; child: string }[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ parent: string; child: string }>`
      select p."table" as parent, m.name as child
        from sqlite_master m, pragma_foreign_key_list(m.name) p
       where m.type = 'table' and upper(p.on_delete) in ('CASCADE', 'SET NULL', 'SET DEFAULT')`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ parent: string; child: string }>`
    select pc.relname as parent, cc.relname as child
      from pg_constraint k
      join pg_class cc on cc.oid = k.conrelid
      join pg_class pc on pc.oid = k.confrelid
      join pg_namespace n on n.oid = cc.relnamespace
     where k.contype = 'f' and k.confdeltype in ('c', 'n', 'd') and n.nspname = current_schema()`.execute(db);
  return rows;
}
