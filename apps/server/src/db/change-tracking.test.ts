import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { sql } from 'kysely';
import { ChangeFeed } from './change-feed.ts';
import { CHANGES_CHANNEL, listenForChanges } from './change-sources.ts';
import { seedDemoData } from './seed/seed.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-db.ts';

const outboxRow = (subject = 'hello') => ({
  company_id: null,
  to_address: 'someone@example.com',
  subject,
  text_body: 'text',
  html_body: '<p>text</p>',
  status: 'pending' as const,
  created_at: new Date().toISOString(),
});

async function insertCompany(db: Db): Promise<number> {
  const n = Number.parseInt(randomBytes(3).toString('hex'), 16);
  const row = await db
    .insertInto('companies')
    .values({
      customer_id: 900_000 + n,
      company_details_id: 1,
      code: `TRACK${n}`,
      trading_name: 'Tracked',
      application: 'portal',
      settings: '{}',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertSession(db: Db, companyId: number): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: randomBytes(16).toString('hex'),
      kind: 'company',
      company_id: companyId,
      client_id: null,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())('writes reported by the tracking driver on %s', (engine) => {
  let testDb: TestDatabase;
  /**
   * Sees only the writes made through itself: on PostgreSQL a second handle without a listener,
   * so a move cannot have come from the engine's notifications instead of the driver.
   */
  let local: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    if (engine === 'postgres') {
      local = openDatabase(testDb.url, { watchOtherProcesses: false });
      await migrateToLatest(local); // nothing to run; learns the cascades
    } else {
      local = testDb;
    }
  });
  afterAll(async () => {
    if (local !== testDb) await local.close();
    await testDb.drop();
  });

  it('an insert, update and delete each move a watch on that table, and no other watch', async () => {
    const outbox = local.changes.watch([{ table: 'outbox' }]);
    const venues = local.changes.watch([{ table: 'venues' }]);
    const { id } = await local.db.insertInto('outbox').values(outboxRow()).returning('id').executeTakeFirstOrThrow();
    expect(outbox.version).toBe(1);
    await local.db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', id).execute();
    expect(outbox.version).toBe(2);
    await local.db.deleteFrom('outbox').where('id', '=', id).execute();
    expect(outbox.version).toBe(3);
    // Reads move nothing.
    await local.db.selectFrom('outbox').selectAll().execute();
    expect(outbox.version).toBe(3);
    expect(venues.version).toBe(0);
  });

  it('a watch that ignores inserts is not moved by one', async () => {
    const companyId = await insertCompany(local.db);
    const sessions = local.changes.watch([{ table: 'sessions', inserts: false }]);
    const id = await insertSession(local.db, companyId);
    expect(sessions.version).toBe(0);
    await local.db.updateTable('sessions').set({ expires_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect(sessions.version).toBe(1);
  });

  it('writes inside a transaction move the watch only once it has committed', async () => {
    const outbox = local.changes.watch([{ table: 'outbox' }]);
    const seenInside: number[] = [];
    await local.db.transaction().execute(async (trx) => {
      await trx.insertInto('outbox').values(outboxRow('in a transaction')).execute();
      seenInside.push(outbox.version);
      await trx.updateTable('outbox').set({ status: 'sent' }).where('subject', '=', 'in a transaction').execute();
      seenInside.push(outbox.version);
    });
    expect(seenInside).toEqual([0, 0]);
    expect(outbox.version).toBeGreaterThan(0);
  });

  it('a transaction that rolls back moves nothing and leaves nothing', async () => {
    const outbox = local.changes.watch([{ table: 'outbox' }]);
    await expect(
      local.db.transaction().execute(async (trx) => {
        await trx.insertInto('outbox').values(outboxRow('rolled back')).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(outbox.version).toBe(0);
    expect(await local.db.selectFrom('outbox').select('id').where('subject', '=', 'rolled back').execute()).toEqual([]);
    // The connection goes back to reporting at once.
    await local.db.insertInto('outbox').values(outboxRow('after the rollback')).execute();
    expect(outbox.version).toBe(1);
  });

  it('a controlled transaction reports at commit, not at rollback', async () => {
    const outbox = local.changes.watch([{ table: 'outbox' }]);
    const rolledBack = await local.db.startTransaction().execute();
    await rolledBack.insertInto('outbox').values(outboxRow('controlled, rolled back')).execute();
    await rolledBack.rollback().execute();
    expect(outbox.version).toBe(0);
    const committed = await local.db.startTransaction().execute();
    await committed.insertInto('outbox').values(outboxRow('controlled, committed')).execute();
    expect(outbox.version).toBe(0);
    await committed.commit().execute();
    expect(outbox.version).toBe(1);
  });

  it('deleting a company moves a watch on sessions (rows gone by the foreign key cascade)', async () => {
    const companyId = await insertCompany(local.db);
    await insertSession(local.db, companyId);
    const sessions = local.changes.watch([{ table: 'sessions', inserts: false }]);
    await local.db.deleteFrom('companies').where('id', '=', companyId).execute();
    expect(sessions.version).toBeGreaterThan(0);
    expect(await local.db.selectFrom('sessions').select('id').where('company_id', '=', companyId).execute()).toEqual([]);
  });
});

describe.each(testEngines())('client version triggers on %s', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  let splash: number;
  let ace: number;
  /** Sarah in SPLASH, another SPLASH client, and Sarah's ACE account. */
  let sarah: number, other: number, aceClient: number;

  const versions = async (id: number) =>
    db.selectFrom('clients').select(['notifications_version', 'messages_version']).where('id', '=', id).executeTakeFirstOrThrow();
  const all = async () => ({ sarah: await versions(sarah), other: await versions(other), ace: await versions(aceClient) });

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    db = testDb.db;
    await seedDemoData(db);
    const companies = await db.selectFrom('companies').select(['id', 'code']).execute();
    splash = companies.find((c) => c.code === 'SPLASH')!.id;
    ace = companies.find((c) => c.code === 'ACE')!.id;
    const clients = await db.selectFrom('clients').select(['id', 'company_id', 'email']).orderBy('id').execute();
    sarah = clients.find((c) => c.company_id === splash && c.email === 'parent@example.com')!.id;
    other = clients.find((c) => c.company_id === splash && c.id !== sarah)!.id;
    aceClient = clients.find((c) => c.company_id === ace)!.id;
  });
  afterAll(() => testDb.drop());

  it("a notification reaching a client, being read and being edited each move that client's notifications_version only", async () => {
    const before = await all();
    const n = await db
      .insertInto('notifications')
      .values({ company_id: splash, title: 'Pool closed', content: 'Sorry', category: 'general', tag_data: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A notification nobody has been sent yet concerns nobody.
    expect(await all()).toEqual(before);

    const contact = await db
      .insertInto('notification_contacts')
      .values({ company_id: splash, notification_id: n.id, client_id: sarah, status: 'New', created_at: new Date().toISOString(), read_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await all();
    expect(sent.sarah.notifications_version).toBe(before.sarah.notifications_version + 1);
    expect(sent.sarah.messages_version).toBe(before.sarah.messages_version);
    expect(sent.other).toEqual(before.other);
    expect(sent.ace).toEqual(before.ace);

    await db.updateTable('notification_contacts').set({ status: 'Read', read_at: new Date().toISOString() }).where('id', '=', contact.id).execute();
    const read = await all();
    expect(read.sarah.notifications_version).toBeGreaterThan(sent.sarah.notifications_version);
    expect(read.other).toEqual(before.other);

    await db.updateTable('notifications').set({ title: 'Pool open again' }).where('id', '=', n.id).execute();
    const edited = await all();
    expect(edited.sarah.notifications_version).toBeGreaterThan(read.sarah.notifications_version);
    expect(edited.other).toEqual(before.other);

    // Deleting the notification takes its contacts with it (cascade), which the client sees too.
    await db.deleteFrom('notifications').where('id', '=', n.id).execute();
    const deleted = await all();
    expect(deleted.sarah.notifications_version).toBeGreaterThan(edited.sarah.notifications_version);
    expect(deleted.other).toEqual(before.other);
    expect(deleted.ace).toEqual(before.ace);
  });

  it("a company-wide message moves messages_version of every client of that company, and not of another company's client", async () => {
    const splashClients = await db.selectFrom('clients').select(['id', 'messages_version']).where('company_id', '=', splash).execute();
    expect(splashClients.length).toBeGreaterThan(1);
    const before = await all();
    const m = await db
      .insertInto('messages')
      .values({ company_id: splash, client_id: null, title: 'To everyone', body: 'Hello', published_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await db.selectFrom('clients').select(['id', 'messages_version']).where('company_id', '=', splash).execute();
    for (const c of splashClients) expect(after.find((a) => a.id === c.id)!.messages_version).toBe(c.messages_version + 1);
    const now = await all();
    expect(now.ace).toEqual(before.ace);
    expect(now.sarah.notifications_version).toBe(before.sarah.notifications_version);

    await db.updateTable('messages').set({ title: 'To everyone, again' }).where('id', '=', m.id).execute();
    const edited = await all();
    expect(edited.other.messages_version).toBeGreaterThan(now.other.messages_version);
    expect(edited.ace).toEqual(before.ace);

    await db.deleteFrom('messages').where('id', '=', m.id).execute();
    const deleted = await all();
    expect(deleted.other.messages_version).toBeGreaterThan(edited.other.messages_version);
    expect(deleted.ace).toEqual(before.ace);
  });

  it("a private message and its read receipt move only the addressee's messages_version", async () => {
    const before = await all();
    const m = await db
      .insertInto('messages')
      .values({ company_id: splash, client_id: sarah, title: 'Just you', body: 'Hi', published_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await all();
    expect(sent.sarah.messages_version).toBe(before.sarah.messages_version + 1);
    expect(sent.other).toEqual(before.other);
    await db.insertInto('message_reads').values({ company_id: splash, message_id: m.id, client_id: sarah, read_at: new Date().toISOString() }).execute();
    const read = await all();
    expect(read.sarah.messages_version).toBe(sent.sarah.messages_version + 1);
    expect(read.other).toEqual(before.other);
    expect(read.ace).toEqual(before.ace);
  });
});

describe('SQLite: two connections to one database file', () => {
  let dir: string;
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-changes-'));
    const url = `sqlite:${path.join(dir, 'portal.db')}`;
    a = openDatabase(url);
    await migrateToLatest(a);
    b = openDatabase(url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a write through B reaches A's watches when A syncs, and not before", async () => {
    const outbox = a.changes.watch([{ table: 'outbox' }]);
    a.changes.sync();
    const before = outbox.version;
    await b.db.insertInto('outbox').values(outboxRow('from B')).execute();
    expect(outbox.version).toBe(before);
    a.changes.sync();
    expect(outbox.version).toBeGreaterThan(before);
    // Nothing new since: syncing again moves nothing.
    const synced = outbox.version;
    a.changes.sync();
    expect(outbox.version).toBe(synced);
  });

  it("A's own writes are not mistaken for another connection's", async () => {
    const venues = a.changes.watch([{ table: 'venues' }]);
    a.changes.sync();
    const before = venues.version;
    await a.db.insertInto('outbox').values(outboxRow('from A')).execute();
    a.changes.sync();
    expect(venues.version).toBe(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: two handles on one schema', () => {
  let a: TestDatabase;
  let b: DatabaseHandle;
  beforeAll(async () => {
    a = await createTestDatabase('postgres');
    b = openDatabase(a.url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.drop();
  });

  it('the feed is reliable once its listener is up', async () => {
    const fresh = openDatabase(a.url);
    try {
      expect(fresh.changes.reliable).toBe(false);
      await expect.poll(() => fresh.changes.reliable, { timeout: 5_000 }).toBe(true);
    } finally {
      await fresh.close();
    }
    expect(fresh.changes.reliable).toBe(false);
    await expect.poll(() => a.changes.reliable, { timeout: 5_000 }).toBe(true);
  });

  it("a write through B moves A's watch on that table within 2 s, and not A's other watches", async () => {
    await expect.poll(() => a.changes.reliable, { timeout: 5_000 }).toBe(true);
    const outbox = a.changes.watch([{ table: 'outbox' }]);
    const venues = a.changes.watch([{ table: 'venues' }]);
    await b.db.insertInto('outbox').values(outboxRow('from B')).execute();
    await expect.poll(() => outbox.version, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(venues.version).toBe(0);
  });

  it('a write by a plain client (as in psql) is reported too, at commit', async () => {
    await expect.poll(() => a.changes.reliable, { timeout: 5_000 }).toBe(true);
    const outbox = a.changes.watch([{ table: 'outbox' }]);
    const marker = a.changes.watch([{ table: 'email_codes' }]);
    const psql = new pg.Client({ connectionString: a.url });
    await psql.connect();
    try {
      await psql.query('begin');
      await psql.query(`insert into outbox (to_address, subject, text_body, html_body, status, created_at) values ('x@example.com', 's', 't', 'h', 'pending', '2026-01-01T00:00:00Z')`);
      // While the insert is uncommitted, another client's statement (touching no row, which still
      // notifies) is announced and the insert is not.
      const side = new pg.Client({ connectionString: a.url });
      await side.connect();
      try {
        await side.query('delete from email_codes where id = -1');
      } finally {
        await side.end();
      }
      await expect.poll(() => marker.version, { timeout: 2_000 }).toBeGreaterThan(0);
      expect(outbox.version).toBe(0);
      await psql.query('commit');
      await expect.poll(() => outbox.version, { timeout: 2_000 }).toBeGreaterThan(0);
    } finally {
      await psql.end();
    }
  });

  it('a listener whose heartbeat never comes back is never trusted (as behind a pooler that drops notifications)', async () => {
    const feed = new ChangeFeed('listener');
    const listener = listenForChanges(a.url, feed, async () => {}, () => {}, 100);
    try {
      await new Promise((r) => setTimeout(r, 600));
      expect(feed.reliable).toBe(false);
    } finally {
      await listener.close();
    }
  });

  it('a listener that stops hearing its heartbeat is distrusted within two beats, and trusted again when it comes back', async () => {
    const feed = new ChangeFeed('listener');
    let deliver = true;
    const send = (payload: string) => (deliver ? sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(b.db) : Promise.resolve());
    const listener = listenForChanges(a.url, feed, send, () => {}, 100);
    try {
      await expect.poll(() => feed.reliable, { timeout: 5_000 }).toBe(true);
      deliver = false;
      await expect.poll(() => feed.reliable, { timeout: 1_000 }).toBe(false);
      deliver = true;
      await expect.poll(() => feed.reliable, { timeout: 5_000 }).toBe(true);
    } finally {
      await listener.close();
    }
    expect(feed.reliable).toBe(false);
  });

  it("another schema's writes are ignored", async () => {
    await expect.poll(() => a.changes.reliable, { timeout: 5_000 }).toBe(true);
    const elsewhere = await createTestDatabase('postgres');
    try {
      const outbox = a.changes.watch([{ table: 'outbox' }]);
      const marker = a.changes.watch([{ table: 'email_codes' }]);
      await elsewhere.db.insertInto('outbox').values(outboxRow('elsewhere')).execute();
      // Notifications arrive in commit order: once this one is in, the other schema's has been seen.
      await b.db.deleteFrom('email_codes').where('id', '=', -1).execute();
      await expect.poll(() => marker.version, { timeout: 2_000 }).toBeGreaterThan(0);
      expect(outbox.version).toBe(0);
    } finally {
      await elsewhere.drop();
    }
  });
});
