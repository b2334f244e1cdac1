import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-db.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase, refreshPlannerStatistics, shapedQuery } from './database.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  it('run a repeated query as one named prepared statement per connection, and DDL and multi-statement text as before', async () => {
    const prepared = await t.db.connection().execute(async (db) => {
      for (let i = 0; i < 3; i++) await sql`select ${i}::int as n, 'prepared-probe' as tag`.execute(db);
      await sql`create table probe_ddl (id int)`.execute(db);
      await sql.raw('insert into probe_ddl values (1); insert into probe_ddl values (2)').execute(db);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%prepared-probe%'} and statement not like ${'%pg_prepared_statements%'}`.execute(db);
      return rows[0]!.n;
    });
    expect(prepared).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from probe_ddl`.execute(t.db);
    expect(rows[0]!.n).toBe(2);
  });

  it('refresh the planner statistics of their own schema after a bulk load, and of no other', async () => {
    const other = await createTestDatabase('postgres');
    try {
      const analyzed = (db: typeof t.db) =>
        sql<{ n: number }>`select count(*)::int as n from pg_stat_user_tables where schemaname = current_schema() and last_analyze is not null`.execute(db).then((r) => r.rows[0]!.n);
      expect(await analyzed(t.db)).toBe(0);
      await refreshPlannerStatistics(t);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = current_schema()`.execute(t.db);
      expect(await analyzed(t.db)).toBe(rows[0]!.n);
      expect(await analyzed(other.db)).toBe(0);
    } finally {
      await other.drop();
    }
  });

  it('introspect their own schema only, and go on while another schema is dropped', async () => {
    const other = await createTestDatabase('postgres');
    try {
      const own = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
      const tables = await t.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
      // The other schema holds tables of the same names: none of them is listed or merged in.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_schema = ${own} and table_name = 'clients'`.execute(t.db);
      const clients = tables.find((table) => table.name === 'clients')!;
      expect(clients.columns.length).toBe(rows[0]!.n);
      expect(new Set(clients.columns.map((column) => column.name)).size).toBe(clients.columns.length);
      expect(tables.filter((table) => table.name === 'clients')).toHaveLength(1);
      expect(clients.columns.find((column) => column.name === 'id')).toMatchObject({ isNullable: false, isAutoIncrementing: true });
      expect(tables.map((table) => table.name)).toContain('kysely_migration');
      expect((await t.db.introspection.getTables()).map((table) => table.name)).not.toContain('kysely_migration');
      // Kysely's own introspector failed with `schema "…" does not exist` when a drop raced its read.
      const reads = Promise.all(Array.from({ length: 20 }, () => t.db.introspection.getTables()));
      await other.drop();
      expect((await reads).every((read) => read.length === tables.length - 2)).toBe(true);
    } finally {
      await other.drop();
    }
  });
});

describe.each(testEngines())('a query shaped by its arguments on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());

  it('compiles once per shape (list lengths, optional values set, text arguments) and binds each element of a list', async () => {
    let built = 0;
    const query = shapedQuery(['op'], (db, a: { [key: string]: unknown; op: 'in' | 'not in'; ids: number[]; min: number | undefined }) => {
      built += 1;
      let q = db
        .withTables<{ probe_shape: { id: number } }>()
        .selectFrom('probe_shape')
        .select((eb) => eb.fn.countAll<number>().as('n'));
      if (a.ids.length) q = q.where('id', a.op, a.ids);
      if (a.min !== undefined) q = q.where('id', '>=', a.min);
      return q;
    });
    await sql`create table probe_shape (id integer)`.execute(t.db);
    await sql`insert into probe_shape values (11), (12), (13)`.execute(t.db);
    const ids = [11, 12, 13];
    const n = async (a: { op: 'in' | 'not in'; ids: number[]; min: number | undefined }) => Number((await query(t.db, a))[0]!.n);
    expect(await n({ op: 'in', ids: [ids[0]!], min: undefined })).toBe(1);
    expect(await n({ op: 'in', ids: [ids[1]!], min: undefined })).toBe(1);
    expect(await n({ op: 'in', ids: [ids[0]!, ids[1]!], min: undefined })).toBe(2);
    expect(await n({ op: 'in', ids: [ids[0]!, ids[1]!], min: ids[1] })).toBe(1);
    expect(await n({ op: 'not in', ids: [ids[0]!], min: ids[0] })).toBe(2);
    expect(built).toBe(4);
  });

  it('refuses an argument that is not a bound value', async () => {
    const computed = shapedQuery([], (db, a: { [key: string]: unknown; id: number }) =>
      db
        .withTables<{ probe_shape: { id: number } }>()
        .selectFrom('probe_shape')
        .select('id')
        .where('id', '=', Number(a.id) + 1),
    );
    await expect(computed(t.db, { id: 1 })).rejects.toThrow('argument id must be a bound value');
  });
});

describe('SQLite transactions', () => {
  it('take the write lock as they begin, so another process writing between their read and their write cannot fail them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-begin-'));
    const file = path.join(dir, 'probe.db');
    const handle = openDatabase(`sqlite:${file}`);
    try {
      await sql`create table probe (id integer primary key, n integer)`.execute(handle.db);
      const other = new SQLite(file);
      other.pragma('busy_timeout = 0');
      try {
        await handle.db.transaction().execute(async (trx) => {
          await sql`select count(*) as n from probe`.execute(trx);
          // Another process: refused while the transaction holds the lock (it would have committed in between under a deferred begin).
          expect(() => other.prepare('insert into probe (n) values (1)').run()).toThrow(/SQLITE_BUSY|locked/i);
          await sql`insert into probe (n) values (2)`.execute(trx);
        });
        expect(other.prepare('select n from probe').all()).toEqual([{ n: 2 }]);
      } finally {
        other.close();
      }
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
