import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, changeCompanySettings, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { noticesFor, ownCompanyCustomers } from '../../test/notice-fixtures.ts';

interface List {
  total_count: number;
  total_count_new: number;
  notificationContacts: { NotificationContactID: number; Status: string; Notifications: Record<string, unknown> }[];
}

/** Seven notices of the family's own, newest first: the three newest still new, the rest read. */
const TITLES = ['Pool closed Monday', 'Invoice ready', 'New timetable', 'Carnival on Sunday', 'Lane 4 reopened', 'Term dates', 'Welcome'];
const FRESH = 3;

describe.each(testEngines())('notification calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** Two families of a company of the test's own, the first with its seven notices, the other with none. */
  const families = async () => {
    const company = await ownCompanyCustomers(t, 2);
    const [one, other] = company.customers as [(typeof company.customers)[number], (typeof company.customers)[number]];
    await noticesFor(t, one, TITLES, FRESH);
    return { code: company.code, one, other };
  };

  it('the poll answers counts and the 5 latest with the spec shape', async () => {
    const b = (await families()).one.browser;
    const res = await b.get<List>('/api/notification?page=1&limit=5&status=All');
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(TITLES.length);
    expect(res.body.total_count_new).toBe(FRESH);
    expect(res.body.notificationContacts.map((n) => [n.Notifications.ClientInAppTitle, n.Status])).toEqual(TITLES.slice(0, 5).map((title, i) => [title, i < FRESH ? 'New' : 'Read']));
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

  it('filters by status', async () => {
    const b = (await families()).one.browser;
    const fresh = await b.get<List>('/api/notification?page=1&limit=100&status=New');
    expect(fresh.body.notificationContacts.map((n) => [n.Notifications.ClientInAppTitle, n.Status])).toEqual(TITLES.slice(0, FRESH).map((title) => [title, 'New']));
    expect([fresh.body.total_count, fresh.body.total_count_new]).toEqual([FRESH, FRESH]);
    const read = await b.get<List>('/api/notification?page=1&limit=100&status=Read');
    expect(read.body.notificationContacts.map((n) => [n.Notifications.ClientInAppTitle, n.Status])).toEqual(TITLES.slice(FRESH).map((title) => [title, 'Read']));
    expect(read.body.total_count).toBe(TITLES.length - FRESH);
    expect((await b.get('/api/notification?status=Unknown')).status).toBe(400);
  });

  it('mark-read turns one New into Read and lowers the count; another customer cannot touch it', async () => {
    const { one, other: theOther } = await families();
    const b = one.browser;
    const list = await b.get<List>('/api/notification?page=1&limit=100&status=New');
    expect(list.body.total_count_new).toBe(FRESH);
    const target = list.body.notificationContacts[0]!;
    const other = theOther.browser;
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
    const { one, other } = await families();
    await noticesFor(t, other, ['Their notice', 'Their other notice'], 2);
    const res = await other.browser.post('/api/notification/mark-all-read');
    expect(res.body).toEqual({ success: true, total_count_new: 0 });
    expect((await other.browser.get<List>('/api/notification')).body.total_count_new).toBe(0);
    expect((await one.browser.get<List>('/api/notification')).body.total_count_new).toBe(FRESH);
  });

  it('a company that takes no bookings lists no Bookings among the opt-outs', async () => {
    const { one } = await families();
    const list = async () => (await one.browser.get<{ opt_outs: { category: string }[] }>('/api/notification/get-opt-outs')).body.opt_outs.map((o) => o.category);
    await changeCompanySettings(t, one.companyId, (s) => {
      s.switches!.ShowBookingsTab = true;
    });
    expect(await list()).toContain('bookings');
    await changeCompanySettings(t, one.companyId, (s) => {
      s.switches!.ShowBookingsTab = false;
    });
    expect(await list()).toEqual(['classes', 'absences', 'invoices', 'news']);
  });

  it('a choice about a category not offered now is kept through a save, for when it is offered again', async () => {
    const { one } = await families();
    const bookings = (on: boolean) =>
      changeCompanySettings(t, one.companyId, (s) => {
        s.switches!.ShowBookingsTab = on;
      });
    type OptOuts = { opt_outs: { category: string; email: boolean; in_app: boolean }[] };
    await bookings(true);
    await one.browser.post('/api/notification/update-opt-outs', { opt_outs: [{ category: 'bookings', email: true, in_app: true }] });
    await bookings(false);
    // The page sends back what it lists: no Bookings.
    const shown = (await one.browser.get<OptOuts>('/api/notification/get-opt-outs')).body.opt_outs;
    await one.browser.post('/api/notification/update-opt-outs', { opt_outs: shown.map((o) => (o.category === 'news' ? { ...o, email: true } : o)) });
    await bookings(true);
    const again = (await one.browser.get<OptOuts>('/api/notification/get-opt-outs')).body.opt_outs;
    expect(again.filter((o) => o.email || o.in_app)).toEqual([
      { category: 'bookings', label: 'Bookings', email: true, in_app: true },
      { category: 'news', label: 'News and announcements', email: true, in_app: false },
    ]);
  });

  it('opt-outs list every category and round-trip', async () => {
    const { one, other } = await families();
    await changeCompanySettings(t, one.companyId, (s) => {
      s.switches!.ShowBookingsTab = true;
    });
    const b = one.browser;
    const initial = await b.get<{ opt_outs: { category: string; label: string; email: boolean; in_app: boolean }[] }>('/api/notification/get-opt-outs');
    expect(initial.status).toBe(200);
    expect(initial.body.opt_outs.map((o) => o.category)).toEqual(['classes', 'absences', 'invoices', 'bookings', 'news']);
    expect(initial.body.opt_outs.every((o) => !o.email && !o.in_app)).toBe(true);
    const saved = await b.post('/api/notification/update-opt-outs', { opt_outs: [{ category: 'news', email: true, in_app: false }] });
    expect(saved.status).toBe(200);
    const again = await b.get<{ opt_outs: { category: string; email: boolean; in_app: boolean }[] }>('/api/notification/get-opt-outs');
    expect(again.body.opt_outs.find((o) => o.category === 'news')).toMatchObject({ email: true, in_app: false });
    const theirs = await other.browser.get<{ opt_outs: { category: string; email: boolean }[] }>('/api/notification/get-opt-outs');
    expect(theirs.body.opt_outs.find((o) => o.category === 'news')?.email).toBe(false);
  });

  it('bad opt-out input changes nothing', async () => {
    const b = (await families()).one.browser;
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
    await b.enterCompany((await families()).code);
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
