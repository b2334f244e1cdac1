import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import { Browser, ownCompany, startTestApp, testEngines, type TestApp } from './test/api-harness.ts';
import { CUSTOMER_COOKIE } from './plugins/auth.ts';
import { hashToken } from './lib/tokens.ts';
import { findCompanyById, updateCompanySettings } from './modules/company/company.repository.ts';

/**
 * The polled lists read the database on every call (decision 008): a customer reads their own
 * writes and writes made past the API at once, a session that is gone is refused at once, and a
 * browser that sends back the ETag it holds gets a 304 with no body until the list changes.
 */

const POLL = '/api/notification?page=1&limit=5&status=All';
const MESSAGES = '/api/messages?page=1&limit=5&status=All';

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

/** A company of the test's own with its one customer signed in. */
async function ownCustomer(t: TestApp) {
  const { code, email, password, companyId } = await ownCompany(t);
  const b = new Browser(t.server);
  const { user } = await b.signIn(code, email, password);
  return { b, code, email, companyId, clientId: user.ClientID };
}

/** The answer as sent on the wire. */
async function raw(server: FastifyInstance, b: Browser, url: string, headers: Record<string, string> = {}) {
  const res = await server.inject({ method: 'GET', url, headers: { ...headers, cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.statusCode, body: res.body, etag: res.headers.etag as string | undefined, cacheControl: res.headers['cache-control'], type: res.headers['content-type'] };
}

/** A notification sent to one client, as an import would write it. */
async function insertNotification(db: Db, companyId: number, clientId: number, title: string): Promise<number> {
  const now = new Date().toISOString();
  const n = await db
    .insertInto('notifications')
    .values({ company_id: companyId, title, content: 'Written past the API', category: 'news', tag_data: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = await db
    .insertInto('notification_contacts')
    .values({ company_id: companyId, notification_id: n.id, client_id: clientId, status: 'New', created_at: now, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return c.id;
}

async function insertMessage(db: Db, companyId: number, clientId: number | null, title: string, publishedAt = new Date()): Promise<number> {
  const { id } = await db
    .insertInto('messages')
    .values({ company_id: companyId, client_id: clientId, title, body: 'Hi', published_at: publishedAt.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(testEngines())('polled lists on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApp(engine);
    db = t.runtime.ctx.db;
  });
  afterAll(() => t.close());

  it('migration 005 leaves no list-version column, no trigger and no change-notifying function', async () => {
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'clients')!.columns.map((c) => c.name);
    expect(columns).not.toContain('notifications_version');
    expect(columns).not.toContain('messages_version');
    if (engine === 'sqlite') {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db);
      expect(rows).toEqual([]);
    } else {
      const triggers = await sql<{ name: string }>`
        select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and not t.tgisinternal`.execute(db);
      expect(triggers.rows).toEqual([]);
      const functions = await sql<{ name: string }>`
        select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(db);
      expect(functions.rows).toEqual([]);
    }
  });

  it('a poll answers the same bytes when nothing changed, with an ETag, never to be stored', async () => {
    const { b } = await ownCustomer(t);
    const first = await raw(t.server, b, POLL);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.cacheControl).toBe('no-store');
    expect(await raw(t.server, b, POLL)).toEqual(first);
    const messages = await raw(t.server, b, MESSAGES);
    expect(messages.status).toBe(200);
    expect(messages.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(messages.cacheControl).toBe('no-store');
    expect(await raw(t.server, b, MESSAGES)).toEqual(messages);
  });

  it('a notification poll that sends its ETag back gets 304 with no body, until a new notification or a mark-read', async () => {
    const { b, companyId, clientId } = await ownCustomer(t);
    const first = await raw(t.server, b, POLL);
    const again = await raw(t.server, b, POLL, { 'if-none-match': first.etag! });
    expect(again).toMatchObject({ status: 304, body: '', etag: first.etag, cacheControl: 'no-store' });
    // A list of tags, as a browser may send, matches too.
    expect((await raw(t.server, b, POLL, { 'if-none-match': `W/"other", ${first.etag!}` })).status).toBe(304);

    const contact = await insertNotification(db, companyId, clientId, 'Fresh at the top');
    const changed = await raw(t.server, b, POLL, { 'if-none-match': first.etag! });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    const list = JSON.parse(changed.body) as Notifications;
    expect(list.notificationContacts[0]).toMatchObject({ NotificationContactID: contact, Status: 'New', Notifications: { ClientInAppTitle: 'Fresh at the top' } });
    expect((await raw(t.server, b, POLL, { 'if-none-match': changed.etag! })).status).toBe(304);

    const marked = await b.post('/api/notification/mark-read', { notificationContactID: contact });
    expect(marked.body).toEqual({ success: true, total_count_new: list.total_count_new - 1 });
    const afterRead = await raw(t.server, b, POLL, { 'if-none-match': changed.etag! });
    expect(afterRead.status).toBe(200);
    expect(afterRead.etag).not.toBe(changed.etag);
    const read = JSON.parse(afterRead.body) as Notifications;
    expect(read.total_count_new).toBe(list.total_count_new - 1);
    expect(read.notificationContacts[0]).toMatchObject({ NotificationContactID: contact, Status: 'Read' });

    await b.post('/api/notification/mark-all-read');
    const allRead = await raw(t.server, b, POLL, { 'if-none-match': afterRead.etag! });
    expect(allRead.status).toBe(200);
    expect((JSON.parse(allRead.body) as Notifications).total_count_new).toBe(0);
  });

  it('a message poll that sends its ETag back gets 304 until a new message, a read receipt or a scheduled message falling due', async () => {
    const { b, companyId, clientId } = await ownCustomer(t);
    const first = await raw(t.server, b, MESSAGES);
    expect((await raw(t.server, b, MESSAGES, { 'if-none-match': first.etag! })).status).toBe(304);

    const id = await insertMessage(db, companyId, clientId, 'Just for you');
    const fresh = await raw(t.server, b, MESSAGES, { 'if-none-match': first.etag! });
    expect(fresh.status).toBe(200);
    const list = JSON.parse(fresh.body) as Messages;
    expect(list.messages[0]!.CPMessageID).toBe(id);
    expect((await raw(t.server, b, MESSAGES, { 'if-none-match': fresh.etag! })).status).toBe(304);

    await b.post('/api/messages/mark-read', { message_id: id });
    const afterRead = await raw(t.server, b, MESSAGES, { 'if-none-match': fresh.etag! });
    expect(afterRead.status).toBe(200);
    expect((JSON.parse(afterRead.body) as Messages).unread_messages_count).toBe(list.unread_messages_count - 1);

    // Scheduled for later: not shown, and the ETag holds. Its time coming is modelled by moving
    // published_at into the past: still no write the list's rows would see, yet the ETag moves.
    const scheduled = await insertMessage(db, companyId, null, 'Scheduled', new Date(Date.now() + 24 * 3600_000));
    const before = await raw(t.server, b, MESSAGES, { 'if-none-match': afterRead.etag! });
    expect(before.status).toBe(304);
    await db
      .updateTable('messages')
      .set({ published_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', scheduled)
      .execute();
    const after = await raw(t.server, b, MESSAGES, { 'if-none-match': afterRead.etag! });
    expect(after.status).toBe(200);
    expect((JSON.parse(after.body) as Messages).messages.map((m) => m.CPMessageID)).toContain(scheduled);
  });

  it('a poll costs one query beside the session for a 200 or a 304, and two when the ETag it sends is stale', async () => {
    const { b, companyId, clientId } = await ownCustomer(t);
    const counted = async (url: string, headers: Record<string, string> = {}) => {
      const before = t.queryCount();
      const res = await raw(t.server, b, url, headers);
      return { status: res.status, etag: res.etag!, queries: t.queryCount() - before };
    };
    for (const [url, write] of [
      [POLL, () => insertNotification(db, companyId, clientId, 'Counted')],
      [MESSAGES, () => insertMessage(db, companyId, clientId, 'Counted')],
    ] as const) {
      const first = await counted(url);
      expect(first).toMatchObject({ status: 200, queries: 2 });
      expect(await counted(url, { 'if-none-match': first.etag })).toMatchObject({ status: 304, queries: 2 });
      await write();
      expect(await counted(url, { 'if-none-match': first.etag })).toMatchObject({ status: 200, queries: 3 });
    }
  });

  it("one customer's ETag is no good for another customer's list, and no 304 goes to a signed-out browser", async () => {
    const one = await ownCustomer(t);
    const two = await ownCustomer(t);
    const mine = await raw(t.server, one.b, POLL);
    expect((await raw(t.server, two.b, POLL, { 'if-none-match': mine.etag! })).status).toBe(200);
    const other = await raw(t.server, one.b, '/api/notification?page=1&limit=5&status=New', { 'if-none-match': mine.etag! });
    expect(other.status).toBe(200);
    await one.b.post('/api/customer/logout');
    const out = await raw(t.server, one.b, POLL, { 'if-none-match': mine.etag! });
    expect(out.status).toBe(401);
  });

  it('the same cookies are refused at once after signing out', async () => {
    const { b } = await ownCustomer(t);
    expect((await b.get(POLL)).status).toBe(200);
    const tab = new Browser(t.server);
    for (const [k, v] of b.cookies) tab.cookies.set(k, v);
    expect((await b.post('/api/customer/logout')).status).toBe(200);
    const refused = await tab.get(POLL);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
  });

  it('a session row deleted in the database is refused on the next call', async () => {
    const { b } = await ownCustomer(t);
    expect((await b.get(POLL)).status).toBe(200);
    const gone = await db
      .deleteFrom('sessions')
      .where('token_hash', '=', hashToken(b.cookies.get(CUSTOMER_COOKIE)!))
      .executeTakeFirst();
    expect(Number(gone.numDeletedRows)).toBe(1);
    expect((await b.get(POLL)).status).toBe(401);
  });

  it("a company's settings changed in the database apply on the next call", async () => {
    const { b, companyId } = await ownCustomer(t);
    expect((await b.get(POLL)).status).toBe(200);
    const company = (await findCompanyById(db, companyId))!;
    await updateCompanySettings(db, company.id, { ...company.settings, switches: { ...company.settings.switches, ShowNotificationsTab: false } });
    const off = await b.get(POLL);
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('FEATURE_DISABLED');
  });

  it("a list item written straight into the database appears in the company's next get-config", async () => {
    const { b, companyId } = await ownCustomer(t);
    const schools = async () => (await b.get<{ lists: Record<string, { DisplayName: string }[]> }>('/api/company/get-config')).body.lists.school!.map((i) => i.DisplayName);
    expect(await schools()).not.toContain('Written past the API');
    await db.insertInto('list_items').values({ company_id: companyId, list_name: 'school', display_name: 'Written past the API', ocr_field_value_id: null, active: 1, sort_order: 999 }).execute();
    expect(await schools()).toContain('Written past the API');
  });
});
