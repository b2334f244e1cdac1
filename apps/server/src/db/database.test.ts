import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';

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
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%prepared-probe%'} and statement not like ${'%pg_prepared_statements%'}`.execute(db);
      return rows[0]!.n;
    });
    expect(prepared).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from probe_ddl`.execute(t.db);
    expect(rows[0]!.n).toBe(2);
  });
});
