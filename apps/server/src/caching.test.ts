import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRuntime, type Runtime } from './runtime.ts';
import { openDatabase, type DatabaseHandle, type Db, type Engine } from './db/database.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from './test/test-db.ts';
import { Browser, startTestApp, testEngines, type TestApp } from './test/api-harness.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, SessionCache } from './plugins/auth.ts';
import { ChangeFeed } from './db/change-feed.ts';
import { createSession, findSessions } from './features/session/session.repository.ts';
import { hashToken, newToken } from './lib/tokens.ts';
import { findCompanyByCode, toCompany, updateCompanySettings } from './features/company/company.repository.ts';

/**
 * The session lookup, the notification and message polls and get-config answer from
 * per-process caches (plugins/auth.ts, lib/client-pages.ts, company.service.ts; see
 * docs/decisions/007). These tests pin down what those caches promise: a
 * customer reads their own writes, writes made past the API (an import, another server, an
 * operator in a SQL shell) show, and a session that is gone is refused, however recently cached.
 */

const POLL = '/api/notification?page=1&limit=5&status=All';
const MESSAGES = '/api/messages?page=1&limit=5&status=All';

const quiet = {
  LOG_LEVEL: 'silent',
  SERVE_WEB: false,
  PUBLIC_URL: 'http://portal.test',
  TRUSTED_ORIGINS: '',
  AUTH_RATE_LIMIT: 100_000,
  AUTH_EMAIL_RATE_LIMIT: 100_000,
  SMTP_URL: undefined,
  REDIS_URL: undefined,
} as const;

interface Notifications {
  total_count: number;
  total_count_new: number;
  notificationContacts: { NotificationContactID: number; Status: 'New' | 'Read'; Notifications: { ClientInAppTitle: string } }[];
}
interface Messages {
  total_count: number;
  unread_messages_count: number;
  messages: { CPMessageID: number; Title: string }[];
}

/** Waits (in a hook, where expect.poll is not allowed) until the feeds vouch for other processes' writes. */
async function untilReliable(...runtimes: Runtime[]): Promise<void> {
  await vi.waitFor(
    () => {
      if (!runtimes.every((r) => r.deps.changes.reliable)) throw new Error('change listener not up yet');
    },
    { timeout: 5_000, interval: 20 },
  );
}

async function signedIn(server: FastifyInstance, code = 'SPLASH', email = 'parent@example.com') {
  const b = new Browser(server);
  const { user } = await b.signIn(code, email);
  return { b, clientId: user.ClientID };
}

/** Another tab holding the same cookies: it keeps them when the first one signs out. */
function sameCookies(b: Browser, server: FastifyInstance): Browser {
  const copy = new Browser(server);
  for (const [k, v] of b.cookies) copy.cookies.set(k, v);
  return copy;
}

/** The answer as sent on the wire. */
async function raw(server: FastifyInstance, b: Browser, url: string) {
  const res = await server.inject({ method: 'GET', url, headers: { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.statusCode, body: res.body, type: res.headers['content-type'], length: res.headers['content-length'] };
}

async function companyId(db: Db, code = 'SPLASH'): Promise<number> {
  return (await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A notification sent to one client, as an import would write it. */
async function insertNotification(db: Db, company: number, clientId: number, title: string): Promise<number> {
  const now = new Date().toISOString();
  const n = await db
    .insertInto('notifications')
    .values({ company_id: company, title, content: 'Written past the API', category: 'news', tag_data: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = await db
    .insertInto('notification_contacts')
    .values({ company_id: company, notification_id: n.id, client_id: clientId, status: 'New', created_at: now, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return c.id;
}

const CONFIG = '/api/company/get-config';
type Config = { lists: Record<string, { DisplayName: string }[]> };
const schools = (config: Config) => config.lists.school!.map((i) => i.DisplayName);

/** A school added to the company's lists, as an import would write it. */
async function insertSchool(db: Db, company: number, name: string) {
  await db.insertInto('list_items').values({ company_id: company, list_name: 'school', display_name: name, ocr_field_value_id: null, active: 1, sort_order: 999 }).execute();
}

/**
 * Changes what a list shows and then puts the client's version of it back, as no real writer
 * would: an answer that still shows the old rows afterwards came from the cache.
 */
async function changeBehindTheVersion(db: Db, clientId: number, list: 'notifications_version' | 'messages_version', change: () => Promise<unknown>) {
  const { v } = await db.selectFrom('clients').select(`${list} as v`).where('id', '=', clientId).executeTakeFirstOrThrow();
  await change();
  await db.updateTable('clients').set({ [list]: v }).where('id', '=', clientId).execute();
}

describe.each(testEngines())('cached answers on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApp(engine);
    db = t.runtime.deps.db;
    // Until its listener is up a PostgreSQL feed caches nothing, and these tests would prove nothing.
    await untilReliable(t.runtime);
  });
  afterAll(() => t.close());

  it('a poll answered from the cache is byte for byte the one built afresh', async () => {
    const { b, clientId } = await signedIn(t.server);
    // A new notification: whatever was cached for this client before is stale now.
    await insertNotification(db, await companyId(db), clientId, 'Fresh at the top');
    const built = await raw(t.server, b, POLL);
    expect(built.status).toBe(200);
    const top = (JSON.parse(built.body) as Notifications).notificationContacts[0]!;
    expect(top.Notifications.ClientInAppTitle).toBe('Fresh at the top');
    // Asked again with nothing written in between.
    expect(await raw(t.server, b, POLL)).toEqual(built);
    const { notification_id } = await db.selectFrom('notification_contacts').select('notification_id').where('id', '=', top.NotificationContactID).executeTakeFirstOrThrow();
    const retitle = () => db.updateTable('notifications').set({ title: 'Retitled' }).where('id', '=', notification_id).execute();
    await changeBehindTheVersion(db, clientId, 'notifications_version', retitle);
    // Still the old title, so the cache answered (after checking the version); and exactly what was sent when it was built.
    expect(await raw(t.server, b, POLL)).toEqual(built);
    // The same change made as any writer makes it (the trigger moves the version) shows at once.
    await retitle();
    const rebuilt = JSON.parse((await raw(t.server, b, POLL)).body) as Notifications;
    expect(rebuilt.notificationContacts[0]!.Notifications.ClientInAppTitle).toBe('Retitled');
  });

  it('a message page answered from the cache is byte for byte the one built afresh', async () => {
    const { b, clientId } = await signedIn(t.server);
    const { id } = await db
      .insertInto('messages')
      .values({ company_id: await companyId(db), client_id: clientId, title: 'Fresh at the top', body: 'Hi', published_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const built = await raw(t.server, b, MESSAGES);
    expect(built.status).toBe(200);
    expect((JSON.parse(built.body) as Messages).messages[0]!.CPMessageID).toBe(id);
    expect(await raw(t.server, b, MESSAGES)).toEqual(built);
    const retitle = () => db.updateTable('messages').set({ title: 'Retitled' }).where('id', '=', id).execute();
    await changeBehindTheVersion(db, clientId, 'messages_version', retitle);
    expect(await raw(t.server, b, MESSAGES)).toEqual(built);
    await retitle();
    expect((JSON.parse((await raw(t.server, b, MESSAGES)).body) as Messages).messages[0]!.Title).toBe('Retitled');
  });

  it('after mark-read the same poll answers the new count and the item as Read', async () => {
    const { b } = await signedIn(t.server);
    const before = await b.get<Notifications>(POLL);
    expect(before.status).toBe(200);
    // Asked twice, so the page is certainly cached.
    expect((await b.get<Notifications>(POLL)).body).toEqual(before.body);
    const target = before.body.notificationContacts.find((n) => n.Status === 'New')!;
    expect(target).toBeDefined();
    const marked = await b.post('/api/notification/mark-read', { notificationContactID: target.NotificationContactID });
    expect(marked.body).toEqual({ success: true, total_count_new: before.body.total_count_new - 1 });
    const after = await b.get<Notifications>(POLL);
    expect(after.body.total_count_new).toBe(before.body.total_count_new - 1);
    expect(after.body.notificationContacts.find((n) => n.NotificationContactID === target.NotificationContactID)?.Status).toBe('Read');

    await b.post('/api/notification/mark-all-read');
    expect((await b.get<Notifications>(POLL)).body.total_count_new).toBe(0);
  });

  it('after mark-read of a message the same poll answers the new unread count', async () => {
    const { b } = await signedIn(t.server);
    const unread = '/api/messages?page=1&limit=5&status=Unread';
    const before = await b.get<Messages>(unread);
    await b.get<Messages>(unread);
    const target = before.body.messages[0]!;
    expect(target).toBeDefined();
    await b.post('/api/messages/mark-read', { message_id: target.CPMessageID });
    const after = await b.get<Messages>(unread);
    expect(after.body.unread_messages_count).toBe(before.body.unread_messages_count - 1);
    expect(after.body.messages.map((m) => m.CPMessageID)).not.toContain(target.CPMessageID);
  });

  it('a notification written straight into the database appears in the next poll', async () => {
    const { b, clientId } = await signedIn(t.server);
    const before = await b.get<Notifications>(POLL);
    await b.get<Notifications>(POLL);
    const contact = await insertNotification(db, await companyId(db), clientId, 'Imported while you were looking');
    const after = await b.get<Notifications>(POLL);
    expect(after.body.total_count).toBe(before.body.total_count + 1);
    expect(after.body.total_count_new).toBe(before.body.total_count_new + 1);
    expect(after.body.notificationContacts[0]).toMatchObject({ NotificationContactID: contact, Status: 'New', Notifications: { ClientInAppTitle: 'Imported while you were looking' } });
  });

  it.skipIf(engine !== 'postgres')('a TRUNCATE (which fires no row trigger) empties the next poll', async () => {
    const own = await startTestApp(engine);
    try {
      await untilReliable(own.runtime);
      const { b } = await signedIn(own.server);
      expect((await b.get<Notifications>(POLL)).body.total_count).toBeGreaterThan(0);
      await b.get<Notifications>(POLL);
      await sql`truncate notification_contacts`.execute(own.runtime.deps.db);
      expect((await b.get<Notifications>(POLL)).body).toEqual({ total_count: 0, total_count_new: 0, notificationContacts: [] });
    } finally {
      await own.close();
    }
  });

  it('a poll of one customer is not answered with the page of another', async () => {
    const sarah = await signedIn(t.server);
    const family = await signedIn(t.server, 'SPLASH', 'family@example.com');
    const own = await sarah.b.get<Notifications>(POLL);
    const theirs = await family.b.get<Notifications>(POLL);
    expect(own.body.total_count).toBeGreaterThan(100);
    expect(theirs.body.total_count).toBeLessThan(own.body.total_count);
  });

  it('a customer cookie that matched no session is not remembered: a session with that token counts as soon as it exists', async () => {
    const { b, clientId } = await signedIn(t.server);
    const token = newToken();
    b.cookies.set(CUSTOMER_COOKIE, token);
    expect((await b.get(POLL)).status).toBe(401);
    expect((await b.get(POLL)).status).toBe(401);
    // A new session row is an insert, which drops nothing cached; only not caching the miss lets it through.
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        kind: 'customer',
        company_id: await companyId(db),
        client_id: clientId,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();
    expect((await b.get(POLL)).status).toBe(200);
  });

  it('a cookie that cannot be a token is no session', async () => {
    const { b } = await signedIn(t.server);
    b.cookies.set(CUSTOMER_COOKIE, `${b.cookies.get(CUSTOMER_COOKIE)!}!`);
    expect((await b.get(POLL)).status).toBe(401);
    b.cookies.set(COMPANY_COOKIE, 'x'.repeat(5000));
    expect((await b.get('/api/company/get-config')).body).toMatchObject({ code: 'COMPANY_REQUIRED' });
  });

  it('pages after the first are built on every call', async () => {
    const { b, clientId } = await signedIn(t.server);
    const second = '/api/notification?page=2&limit=5&status=All';
    const before = await b.get<Notifications>(second);
    await b.get<Notifications>(second);
    const target = before.body.notificationContacts[0]!;
    const { notification_id } = await db.selectFrom('notification_contacts').select('notification_id').where('id', '=', target.NotificationContactID).executeTakeFirstOrThrow();
    await changeBehindTheVersion(db, clientId, 'notifications_version', () =>
      db.updateTable('notifications').set({ title: 'On page two' }).where('id', '=', notification_id).execute(),
    );
    expect((await b.get<Notifications>(second)).body.notificationContacts[0]!.Notifications.ClientInAppTitle).toBe('On page two');
  });

  it('the same cookies are refused at once after signing out', async () => {
    const { b } = await signedIn(t.server);
    expect((await b.get(POLL)).status).toBe(200);
    expect((await b.get(POLL)).status).toBe(200);
    const tab = sameCookies(b, t.server);
    expect((await b.post('/api/customer/logout')).status).toBe(200);
    const refused = await tab.get(POLL);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });

  it('a session row deleted in the database is refused on the next call, though it was just cached', async () => {
    const { b } = await signedIn(t.server);
    expect((await b.get(POLL)).status).toBe(200);
    expect((await b.get('/api/customer/me')).status).toBe(200);
    const token = b.cookies.get(CUSTOMER_COOKIE)!;
    const gone = await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(Number(gone.numDeletedRows)).toBe(1);
    expect((await b.get(POLL)).status).toBe(401);
  });

  it("a company's settings changed in the database apply on the next call", async () => {
    const { b } = await signedIn(t.server);
    expect((await b.get(POLL)).status).toBe(200);
    const company = (await findCompanyByCode(db, 'SPLASH'))!;
    await updateCompanySettings(db, company.id, { ...company.settings, switches: { ...company.settings.switches, ShowNotificationsTab: false } });
    try {
      const off = await b.get(POLL);
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await updateCompanySettings(db, company.id, company.settings);
    }
    expect((await b.get(POLL)).status).toBe(200);
  });

  it("a list item written straight into the database appears in the company's next get-config", async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const before = await b.get<Config>(CONFIG);
    expect(before.status).toBe(200);
    expect((await b.get<Config>(CONFIG)).body).toEqual(before.body);
    await insertSchool(db, await companyId(db), 'Written past the API');
    expect(schools((await b.get<Config>(CONFIG)).body)).toContain('Written past the API');
  });

  it('a message scheduled for later is left out until it is due, then appears', async () => {
    const { b } = await signedIn(t.server);
    const due = Date.now() + 1_500;
    const { id } = await db
      .insertInto('messages')
      .values({ company_id: await companyId(db), client_id: null, title: 'Scheduled', body: 'Soon', published_at: new Date(due).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = async () => (await b.get<Messages>(MESSAGES)).body.messages.map((m) => m.CPMessageID);
    expect(await ids()).not.toContain(id);
    expect(await ids()).not.toContain(id);
    expect(Date.now()).toBeLessThan(due); // the polls above were made before it was due
    await expect.poll(ids, { timeout: 5_000, interval: 100 }).toContain(id);
    expect(Date.now()).toBeGreaterThanOrEqual(due);
  });
});

describe('the session cache and the reliability of the change feed', () => {
  let testDb: TestDatabase;
  let token: string;
  let sessionId: number;
  const LONG_AGO = '2000-01-01T00:00:00.000Z';
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    await seedDemoData(testDb.db);
    ({ token } = await createSession(testDb.db, { kind: 'company', companyId: await companyId(testDb.db), clientId: null, ttlMs: 3600_000 }));
    sessionId = (await testDb.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => testDb.drop());

  /** Expires the session in the database, runs `then`, and puts it back. */
  async function expiredMeanwhile(then: () => Promise<void>) {
    const { expires_at } = await testDb.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    await testDb.db.updateTable('sessions').set({ expires_at: LONG_AGO }).where('id', '=', sessionId).execute();
    try {
      await then();
    } finally {
      await testDb.db.updateTable('sessions').set({ expires_at }).where('id', '=', sessionId).execute();
    }
  }

  /**
   * A cache on a feed of its own, which hears nothing of the database's writes (as if they were
   * another process's): only its listener going down or up can drop what it holds.
   */
  const cacheWith = (listening: boolean) => {
    const feed = new ChangeFeed('listener');
    if (listening) feed.setListening(true);
    const lookup = async (companyToken: string, customerToken: string | undefined) => {
      const row = await findSessions(testDb.db, companyToken, customerToken);
      return row && { row, company: await toCompany(testDb.db, row) };
    };
    return { feed, cache: new SessionCache(lookup, feed) };
  };
  const expiry = async (cache: SessionCache) => (await cache.find(token, undefined))?.row.expires_at;

  it('answers from what it cached while the feed vouches for other processes', async () => {
    const { cache } = cacheWith(true);
    const cached = await expiry(cache);
    expect(cached).not.toBe(LONG_AGO);
    await expiredMeanwhile(async () => expect(await expiry(cache)).toBe(cached));
  });

  it('reads every call through while it cannot (the PostgreSQL listener is down)', async () => {
    const { cache } = cacheWith(false);
    expect(await expiry(cache)).not.toBe(LONG_AGO);
    await expiredMeanwhile(async () => expect(await expiry(cache)).toBe(LONG_AGO));
  });

  it('drops what it cached when the listener goes down and comes back', async () => {
    const { feed, cache } = cacheWith(true);
    expect(await expiry(cache)).not.toBe(LONG_AGO);
    await expiredMeanwhile(async () => {
      feed.setListening(false);
      feed.setListening(true);
      expect(await expiry(cache)).toBe(LONG_AGO);
    });
  });
});

/**
 * Another process on the same database: on SQLite a second connection to the file (as
 * `npm run portal -- import-company` would open), on PostgreSQL a second pool in another session.
 */
describe.each(testEngines())('writes by another process to the same %s database', (engine: Engine) => {
  let dir: string | undefined;
  let testDb: TestDatabase | undefined;
  let server: Runtime;
  let other: DatabaseHandle;

  beforeAll(async () => {
    let url: string;
    if (engine === 'sqlite') {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-caching-'));
      url = `sqlite:${path.join(dir, 'portal.db')}`;
    } else {
      testDb = await createTestDatabase('postgres');
      url = testDb.url;
    }
    server = await createRuntime({ ...quiet, DATABASE_URL: url });
    await seedDemoData(server.deps.db);
    other = openDatabase(url, { watchOtherProcesses: false });
    await untilReliable(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    await testDb?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * SQLite: the next call asks the file whether another connection committed, so it sees the
   * write at once. PostgreSQL: the write is announced by a notification, within 2 s.
   */
  const eventually = async <T>(read: () => Promise<T>, expected: T) => {
    if (engine === 'sqlite') expect(await read()).toEqual(expected);
    else await expect.poll(read, { timeout: 2_000 }).toEqual(expected);
  };
  const when = engine === 'sqlite' ? 'on the next call' : 'within 2 s';

  it(`a notification it writes appears in the poll ${when}`, async () => {
    const { b, clientId } = await signedIn(server.server);
    const before = await b.get<Notifications>(POLL);
    await b.get<Notifications>(POLL);
    await insertNotification(other.db, await companyId(other.db), clientId, 'From the other process');
    await eventually(async () => {
      const after = (await b.get<Notifications>(POLL)).body;
      return { total: after.total_count, title: after.notificationContacts[0]!.Notifications.ClientInAppTitle };
    }, { total: before.body.total_count + 1, title: 'From the other process' });
  });

  it(`a list item it writes appears in get-config ${when}`, async () => {
    const b = new Browser(server.server);
    await b.enterCompany('SPLASH');
    expect((await b.get(CONFIG)).status).toBe(200);
    expect((await b.get(CONFIG)).status).toBe(200);
    await insertSchool(other.db, await companyId(other.db), 'From the other process');
    await eventually(async () => schools((await b.get<Config>(CONFIG)).body).includes('From the other process'), true);
  });

  it(`deleting the customer's session there is refused ${when}`, async () => {
    const { b } = await signedIn(server.server);
    expect((await b.get(POLL)).status).toBe(200);
    expect((await b.get(POLL)).status).toBe(200);
    await other.db.deleteFrom('sessions').where('token_hash', '=', hashToken(b.cookies.get(CUSTOMER_COOKIE)!)).execute();
    await eventually(async () => (await b.get(POLL)).status, 401);
  });

  it(`a company's settings changed there apply ${when}`, async () => {
    const { b } = await signedIn(server.server);
    expect((await b.get(POLL)).status).toBe(200);
    expect((await b.get(POLL)).status).toBe(200);
    const company = (await findCompanyByCode(other.db, 'SPLASH'))!;
    await updateCompanySettings(other.db, company.id, { ...company.settings, switches: { ...company.settings.switches, ShowNotificationsTab: false } });
    try {
      await eventually(async () => (await b.get(POLL)).status, 403);
    } finally {
      await updateCompanySettings(other.db, company.id, company.settings);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL schema', () => {
  let handle: TestDatabase;
  let one: Runtime;
  let two: Runtime;
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    one = await createRuntime({ ...quiet, DATABASE_URL: handle.url });
    two = await createRuntime({ ...quiet, DATABASE_URL: handle.url });
    await seedDemoData(one.deps.db);
    await untilReliable(one, two);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await handle?.drop();
  });

  it('signing out on server two is refused by server one within 2 s, though server one had the session cached', async () => {
    const { b: a } = await signedIn(one.server);
    expect((await a.get(POLL)).status).toBe(200);
    expect((await a.get(POLL)).status).toBe(200);
    const b = sameCookies(a, two.server);
    expect((await b.get(POLL)).status).toBe(200);
    expect((await b.post('/api/customer/logout')).status).toBe(200);
    await expect.poll(async () => (await a.get(POLL)).status, { timeout: 2_000 }).toBe(401);
  });

  it('a notification read through server two shows as read on server one within 2 s', async () => {
    const { b: a } = await signedIn(one.server);
    const before = await a.get<Notifications>(POLL);
    await a.get<Notifications>(POLL);
    const target = before.body.notificationContacts.find((n) => n.Status === 'New')!;
    const b = sameCookies(a, two.server);
    const marked = await b.post('/api/notification/mark-read', { notificationContactID: target.NotificationContactID });
    expect(marked.body).toEqual({ success: true, total_count_new: before.body.total_count_new - 1 });
    // Server two answers its own poll from what it just wrote.
    expect((await b.get<Notifications>(POLL)).body.total_count_new).toBe(before.body.total_count_new - 1);
    await expect
      .poll(async () => {
        const after = (await a.get<Notifications>(POLL)).body;
        return [after.total_count_new, after.notificationContacts.find((n) => n.NotificationContactID === target.NotificationContactID)?.Status];
      }, { timeout: 2_000 })
      .toEqual([before.body.total_count_new - 1, 'Read']);
  });
});

describe('READ_CACHE=false', () => {
  it('answers every call from the database, with the same bytes the caches send', async () => {
    const cached = await startTestApp('sqlite');
    const uncached = await startTestApp('sqlite', { READ_CACHE: false });
    try {
      expect(uncached.runtime.deps.changes.reliable).toBe(false);
      const one = (await signedIn(cached.server)).b;
      const { b: two, clientId } = await signedIn(uncached.server);
      for (const url of [POLL, MESSAGES, '/api/company/get-config']) {
        await raw(cached.server, one, url);
        const fromCache = await raw(cached.server, one, url);
        const fromDatabase = await raw(uncached.server, two, url);
        expect(fromDatabase).toEqual(fromCache);
      }
      // Nothing held back: a change that moves no version (and no tracked write) still shows at once.
      const db = uncached.runtime.deps.db;
      const top = (await two.get<Notifications>(POLL)).body.notificationContacts[0]!;
      const { notification_id } = await db.selectFrom('notification_contacts').select('notification_id').where('id', '=', top.NotificationContactID).executeTakeFirstOrThrow();
      await changeBehindTheVersion(db, clientId, 'notifications_version', () =>
        db.updateTable('notifications').set({ title: 'Seen at once' }).where('id', '=', notification_id).execute(),
      );
      expect((await two.get<Notifications>(POLL)).body.notificationContacts[0]!.Notifications.ClientInAppTitle).toBe('Seen at once');
    } finally {
      await cached.close();
      await uncached.close();
    }
  });
});
