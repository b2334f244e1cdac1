import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-db.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrationsFor } from './migrate.ts';
import { seedDemoData } from '../seed/seed.ts';
import { TENANT_KEYS } from './migrations/006-tenant-keys.ts';
import { nowIso } from '../lib/time.ts';
import { consumeEmailCode, consumeResetToken, countEmailCodeAttempt, insertEmailCode, insertResetToken } from '../modules/accounts/customer.repository.ts';
import { createSession, deleteSessionById } from '../modules/accounts/session.repository.ts';
import { markRead } from '../modules/messaging/notification.repository.ts';

describe.each(testEngines())('tenant keys on %s', (engine) => {
  let t: TestDatabase;
  let splash: number;
  let ace: number;
  let splashClient: number;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedDemoData(t.db);
    const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
    splash = companies.find((c) => c.code === 'SPLASH')!.id;
    ace = companies.find((c) => c.code === 'ACE')!.id;
    splashClient = (await t.db.selectFrom('clients').select('id').where('company_id', '=', splash).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.drop());

  const invoice = (companyId: number, clientId: number, no: string) => ({
    company_id: companyId,
    client_id: clientId,
    invoice_no: no,
    invoice_date: '2026-01-01',
    payment_date: '2026-01-15',
    total_cents: 100,
    balance_due_cents: 100,
    status: 'Unpaid',
  });

  it("a row of one company cannot point at another company's client", async () => {
    await expect(
      t.db
        .insertInto('invoices')
        .values(invoice(ace, splashClient, 'X-CROSS-1'))
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const registration = { profile_id: 1, token_hash: 'tenant-cross', email: 'x@example.com', email_verified_at: nowIso(), created_at: nowIso(), expires_at: nowIso() };
    await expect(
      t.db
        .insertInto('registrations')
        .values({ ...registration, company_id: ace, client_id: splashClient })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      t.db.insertInto('sessions').values({ company_id: ace, client_id: splashClient, kind: 'customer', token_hash: 'cross-company', created_at: nowIso(), expires_at: nowIso() }).execute(),
    ).rejects.toThrow(/foreign key/i);
    const aceMessage = await t.db.insertInto('messages').values({ company_id: ace, client_id: null, title: 'Hello', body: 'All', published_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    await expect(t.db.insertInto('message_reads').values({ company_id: ace, client_id: splashClient, message_id: aceMessage.id, read_at: nowIso() }).execute()).rejects.toThrow(/foreign key/i);
    // A read of company A's message recorded under company B is refused too.
    await expect(t.db.insertInto('message_reads').values({ company_id: splash, client_id: splashClient, message_id: aceMessage.id, read_at: nowIso() }).execute()).rejects.toThrow(/foreign key/i);
    // Moving a row's client to another company's is refused as well.
    const own = await t.db.selectFrom('invoices').select('id').where('company_id', '=', splash).executeTakeFirstOrThrow();
    await expect(t.db.updateTable('invoices').set({ company_id: ace }).where('id', '=', own.id).execute()).rejects.toThrow(/foreign key/i);
    await t.db
      .insertInto('invoices')
      .values(invoice(splash, splashClient, 'X-SAME-1'))
      .execute();
  });

  it('deleting a client still takes its rows with it', async () => {
    const client = await t.db.selectFrom('clients').select(['id', 'login_id']).where('company_id', '=', splash).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db
      .insertInto('invoices')
      .values(invoice(splash, client.id, 'X-CASCADE-1'))
      .execute();
    await t.db.deleteFrom('clients').where('company_id', '=', splash).where('id', '=', client.id).execute();
    expect(await t.db.selectFrom('invoices').select('id').where('invoice_no', '=', 'X-CASCADE-1').execute()).toEqual([]);
  });

  it('updates and deletes by id take the company, and change nothing under another', async () => {
    const login = await t.db.selectFrom('logins').select('id').where('company_id', '=', splash).executeTakeFirstOrThrow();
    await insertResetToken(t.db, { companyId: splash, loginId: login.id, tokenHash: 'audit-reset', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const reset = await t.db.selectFrom('password_reset_tokens').select('id').where('token_hash', '=', 'audit-reset').executeTakeFirstOrThrow();
    expect(await consumeResetToken(t.db, ace, reset.id)).toBe(false);
    expect(await consumeResetToken(t.db, splash, reset.id)).toBe(true);

    await insertEmailCode(t.db, {
      companyId: splash,
      purpose: 'register',
      email: 'audit@example.com',
      tokenHash: 'audit-code',
      codeHash: 'x',
      payload: '{}',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const code = await t.db.selectFrom('email_codes').select('id').where('token_hash', '=', 'audit-code').executeTakeFirstOrThrow();
    expect(await countEmailCodeAttempt(t.db, ace, code.id, 5)).toBeUndefined();
    expect(await consumeEmailCode(t.db, ace, code.id)).toBe(false);
    expect(await t.db.selectFrom('email_codes').select(['attempts', 'used_at']).where('id', '=', code.id).executeTakeFirstOrThrow()).toEqual({ attempts: 0, used_at: null });

    await createSession(t.db, { kind: 'company', companyId: splash, clientId: null, ttlMs: 60_000 });
    const session = await t.db.selectFrom('sessions').select('id').where('company_id', '=', splash).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await deleteSessionById(t.db, ace, session.id);
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', session.id).execute()).toHaveLength(1);

    const contact = await t.db.selectFrom('notification_contacts').select(['id', 'client_id']).where('company_id', '=', splash).where('status', '=', 'New').executeTakeFirstOrThrow();
    expect(await markRead(t.db, ace, contact.client_id, contact.id)).toBe(false);
    expect((await t.db.selectFrom('notification_contacts').select('status').where('id', '=', contact.id).executeTakeFirstOrThrow()).status).toBe('New');
  });

  it('every listed key exists in the schema', async () => {
    for (const key of TENANT_KEYS) {
      const found =
        engine === 'sqlite'
          ? (await sql<{ from: string; table: string }>`select * from pragma_foreign_key_list(${key.table})`.execute(t.db)).rows.some((r) => r.from === 'company_id' && r.table === key.parent)
          : (
              await sql<{
                n: number;
              }>`select count(*)::int as n from information_schema.table_constraints where constraint_schema = current_schema() and table_name = ${key.table} and constraint_name = ${`${key.table}_${key.column}_tenant`}`.execute(
                t.db,
              )
            ).rows[0]!.n === 1;
      expect(found, `${key.table}.${key.column}`).toBe(true);
    }
  });
});

describe('migration 006 on a SQLite database with data', () => {
  it('keeps every row, index and trigger, and turns foreign keys back on', async () => {
    const handle = openDatabase('sqlite::memory:');
    try {
      const migrations = migrationsFor('sqlite');
      const before = Object.keys(migrations).filter((name) => name < '006');
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(before.at(-1)!);
      expect(error).toBeUndefined();
      await seedIntoOlderSchema(handle);
      const count = async () =>
        Object.fromEntries(
          await Promise.all(
            [...new Set(TENANT_KEYS.map((k) => k.table))].map(async (table) => [table, (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]!.n]),
          ),
        );
      const schemaObjects = async () =>
        (await sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger') and name not like 'sqlite_autoindex%' order by name`.execute(handle.db)).rows.map((r) => r.name);
      const rowsBefore = await count();
      const objectsBefore = await schemaObjects();
      await migrateToLatest(handle);
      expect(await count()).toEqual(rowsBefore);
      expect(await schemaObjects()).toEqual(expect.arrayContaining(objectsBefore));
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db)).rows[0]!.foreign_keys).toBe(1);
      expect((await sql`pragma foreign_key_check`.execute(handle.db)).rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

/**
 * Fills a database that stops at an older migration with the demo data: seeded on a database at
 * the latest schema (the importer writes today's tables), then copied table by table, each with
 * the columns it had then. Tables and columns added since are left out.
 */
async function seedIntoOlderSchema(old: ReturnType<typeof openDatabase>): Promise<void> {
  const latest = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(latest);
    await seedDemoData(latest.db);
    const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(old.db);
    await sql`pragma foreign_keys = off`.execute(old.db);
    for (const { name } of tables) {
      const columns = (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(old.db)).rows.map((c) => c.name);
      const { rows } = await sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(name)}`.execute(latest.db);
      for (const row of rows) {
        await sql`insert into ${sql.table(name)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})`.execute(old.db);
      }
    }
    await sql`pragma foreign_keys = on`.execute(old.db);
  } finally {
    await latest.close();
  }
}
