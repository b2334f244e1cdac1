import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

interface List {
  total_count: number;
  total_count_new: number;
  notificationContacts: { NotificationContactID: number; Status: string; Notifications: Record<string, unknown> }[];
}

describe.each(testEngines())('notification calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const signedIn = async (code = 'SPLASH', email = 'parent@example.com') => {
    const b = new Browser(t.server);
    await b.signIn(code, email);
    return b;
  };

  it('the poll answers counts and the 5 latest with the spec shape', async () => {
    const b = await signedIn();
    const res = await b.get<List>('/api/notification?page=1&limit=5&status=All');
    expect(res.status).toBe(200);
    // Two months of different notices: the last week's few still new, the rest read.
    expect(res.body.total_count).toBe(22);
    expect(res.body.total_count_new).toBe(4);
    expect(res.body.notificationContacts).toHaveLength(5);
    const first = res.body.notificationContacts[0]!;
    expect(first).toEqual({
      NotificationContactID: expect.any(Number),
      Status: expect.stringMatching(/^(New|Read)$/),
      Notifications: { ClientInAppTitle: expect.any(String), ClientInAppContent: expect.any(String), DateTimeCreated: expect.any(String), TagData: first.Notifications.TagData },
    });
    expect(first.Notifications.TagData === null || typeof first.Notifications.TagData === 'object').toBe(true);
    const times = res.body.notificationContacts.map((n) => String(n.Notifications.DateTimeCreated));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('the demo parent’s notices are each different, and the new ones are the week’s latest', async () => {
    const b = await signedIn();
    const all = (await b.get<List>('/api/notification?page=1&limit=100&status=All')).body.notificationContacts;
    const texts = all.map((n) => `${String(n.Notifications.ClientInAppTitle)}|${String(n.Notifications.ClientInAppContent)}`);
    expect(new Set(texts).size).toBe(all.length);
    expect(new Set(all.map((n) => n.Notifications.ClientInAppTitle)).size).toBe(all.length);
    const fresh = all.filter((n) => n.Status === 'New');
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(fresh.length).toBeLessThanOrEqual(6);
    // Newest first: the new ones come before every read one, all within the last week.
    expect(all.slice(0, fresh.length).every((n) => n.Status === 'New')).toBe(true);
    const weekAgo = Date.now() - 8 * 24 * 3600 * 1000;
    expect(fresh.every((n) => Date.parse(String(n.Notifications.DateTimeCreated)) > weekAgo)).toBe(true);
  });

  it('filters by status', async () => {
    const b = await signedIn();
    const fresh = await b.get<List>('/api/notification?page=1&limit=100&status=New');
    expect(fresh.body.notificationContacts.every((n) => n.Status === 'New')).toBe(true);
    expect(fresh.body.total_count).toBe(fresh.body.total_count_new);
    const read = await b.get<List>('/api/notification?page=1&limit=100&status=Read');
    expect(read.body.notificationContacts.every((n) => n.Status === 'Read')).toBe(true);
    expect(read.body.total_count + fresh.body.total_count).toBe(22);
    expect((await b.get('/api/notification?status=Unknown')).status).toBe(400);
  });

  it('mark-read turns one New into Read and lowers the count; another customer cannot touch it', async () => {
    const b = await signedIn();
    const list = await b.get<List>('/api/notification?page=1&limit=100&status=New');
    const target = list.body.notificationContacts[0]!;
    const other = await signedIn('SPLASH', 'family@example.com');
    const denied = await other.post('/api/notification/mark-read', { notificationContactID: target.NotificationContactID });
    expect(denied.status).toBe(404);
    const res = await b.post('/api/notification/mark-read', { notificationContactID: target.NotificationContactID });
    expect(res.body).toEqual({ success: true, total_count_new: list.body.total_count_new - 1 });
    const row = await t.runtime.ctx.db.selectFrom('notification_contacts').select(['status', 'read_at']).where('id', '=', target.NotificationContactID).executeTakeFirstOrThrow();
    expect(row.status).toBe('Read');
    expect(row.read_at).not.toBeNull();
    // Reading it again changes nothing.
    expect((await b.post('/api/notification/mark-read', { notificationContactID: target.NotificationContactID })).body.total_count_new).toBe(list.body.total_count_new - 1);
    expect((await b.post('/api/notification/mark-read', { notificationContactID: 'x' })).status).toBe(400);
  });

  it('mark-all-read clears this customer only', async () => {
    const family = await signedIn('SPLASH', 'family@example.com');
    const before = (await (await signedIn()).get<List>('/api/notification')).body.total_count_new;
    const res = await family.post('/api/notification/mark-all-read');
    expect(res.body).toEqual({ success: true, total_count_new: 0 });
    expect((await family.get<List>('/api/notification')).body.total_count_new).toBe(0);
    expect((await (await signedIn()).get<List>('/api/notification')).body.total_count_new).toBe(before);
  });

  it('opt-outs list every category and round-trip', async () => {
    const b = await signedIn();
    const initial = await b.get<{ opt_outs: { category: string; label: string; email: boolean; in_app: boolean }[] }>('/api/notification/get-opt-outs');
    expect(initial.status).toBe(200);
    expect(initial.body.opt_outs.map((o) => o.category)).toEqual(['classes', 'absences', 'invoices', 'bookings', 'news']);
    expect(initial.body.opt_outs.every((o) => !o.email && !o.in_app)).toBe(true);
    const saved = await b.post('/api/notification/update-opt-outs', { opt_outs: [{ category: 'news', email: true, in_app: false }] });
    expect(saved.status).toBe(200);
    const again = await b.get<{ opt_outs: { category: string; email: boolean; in_app: boolean }[] }>('/api/notification/get-opt-outs');
    expect(again.body.opt_outs.find((o) => o.category === 'news')).toMatchObject({ email: true, in_app: false });
    const family = await signedIn('SPLASH', 'family@example.com');
    const theirs = await family.get<{ opt_outs: { category: string; email: boolean }[] }>('/api/notification/get-opt-outs');
    expect(theirs.body.opt_outs.find((o) => o.category === 'news')?.email).toBe(false);
  });

  it('bad opt-out input changes nothing', async () => {
    const b = await signedIn();
    await b.post('/api/notification/update-opt-outs', { opt_outs: [{ category: 'invoices', email: true, in_app: true }] });
    for (const body of [
      { opt_outs: [{ category: 'spam', email: true, in_app: true }] },
      { opt_outs: [{ category: 'news', email: 'yes', in_app: true }] },
      {
        opt_outs: [
          { category: 'news', email: true, in_app: true },
          { category: 'news', email: false, in_app: false },
        ],
      },
      {},
    ]) {
      expect((await b.post('/api/notification/update-opt-outs', body)).status, JSON.stringify(body)).toBe(400);
    }
    const after = await b.get<{ opt_outs: { category: string; email: boolean; in_app: boolean }[] }>('/api/notification/get-opt-outs');
    expect(after.body.opt_outs.find((o) => o.category === 'invoices')).toMatchObject({ email: true, in_app: true });
  });

  it('every notification call needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const [method, url] of [
      ['GET', '/api/notification'],
      ['POST', '/api/notification/mark-read'],
      ['POST', '/api/notification/mark-all-read'],
      ['GET', '/api/notification/get-opt-outs'],
      ['POST', '/api/notification/update-opt-outs'],
    ] as const) {
      expect((await b.call(method, url, method === 'POST' ? {} : undefined)).status, url).toBe(401);
    }
  });
});
