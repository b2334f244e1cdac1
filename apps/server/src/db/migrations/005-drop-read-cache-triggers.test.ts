import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Engine } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { testEngines } from '../../test/test-db.ts';

/** A database as the previous release left it: migrated to 004, and on PostgreSQL with the change triggers it installed after each migration run. */
async function previousRelease(engine: Engine): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle, '004-client-versions');
    return { handle, drop: () => handle.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase(`${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
  await migrateToLatest(handle, '004-client-versions');
  // What the change listener's installer put on every table.
  await sql`create or replace function portal_report_change() returns trigger language plpgsql as $$
    begin perform pg_notify('portal_changes', tg_table_name); return null; end $$`.execute(handle.db);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(handle.db);
  for (const { name } of rows) {
    await sql`create trigger portal_report_change after insert or update or delete or truncate on ${sql.id(name)} for each statement execute function portal_report_change()`.execute(handle.db);
  }
  return {
    handle,
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

describe.each(testEngines())('migration 005 on a %s database of the previous release', (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('drops the version triggers, their functions, the change triggers and the version columns, and keeps the rows', async () => {
    const old = await previousRelease(engine);
    drop = old.drop;
    const { db } = old.handle;
    const triggers = async () =>
      engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db)).rows
        : (
            await sql<{ name: string }>`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
               join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal`.execute(db)
          ).rows;
    expect((await triggers()).length).toBeGreaterThan(5);
    const now = new Date().toISOString();
    const company = await db
      .insertInto('companies')
      .values({ code: 'OLD', customer_id: 9001, company_details_id: 9001, trading_name: 'Old', application: 'CustomerHub', settings: '{}', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect((await migrateToLatest(old.handle))[0]).toBe('005-drop-read-cache-triggers');

    expect(await triggers()).toEqual([]);
    if (engine === 'postgres') {
      const fns = await sql<{ name: string }>`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(db);
      expect(fns.rows).toEqual([]);
    }
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'clients')!.columns.map((c) => c.name);
    expect(columns).not.toContain('notifications_version');
    expect(columns).not.toContain('messages_version');
    expect(await db.selectFrom('companies').select('code').where('id', '=', company.id).executeTakeFirst()).toEqual({ code: 'OLD' });
    // Writes that fired the triggers before still work.
    await db.insertInto('messages').values({ company_id: company.id, client_id: null, title: 'Hi', body: 'Hi', published_at: now }).execute();
  });
});
