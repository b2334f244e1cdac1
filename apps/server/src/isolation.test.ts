import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from './test/api-harness.ts';

/** Every call that reads or changes a customer's data, with a harmless body. */
const customerCalls = [
  ['GET', '/api/home/get-upcoming-classes', undefined],
  ['GET', '/api/home/get-outstanding-invoices', undefined],
  ['GET', '/api/notification', undefined],
  ['POST', '/api/notification/mark-read', { notificationContactID: 1 }],
  ['POST', '/api/notification/mark-all-read', {}],
  ['GET', '/api/notification/get-opt-outs', undefined],
  ['POST', '/api/notification/update-opt-outs', { opt_outs: [] }],
  ['GET', '/api/messages', undefined],
  ['POST', '/api/messages/mark-read', { message_id: 1 }],
  ['GET', '/api/customer/get-sign-in-actions', undefined],
  ['GET', '/api/customer/me', undefined],
  ['POST', '/api/customer/set-password', { password: 'Taken#2027', confirm_password: 'Taken#2027' }],
] as const;

describe.each(testEngines())('tenant and customer isolation on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('a SPLASH customer cookie carried to ACE is refused by every customer call', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const customer = b.cookies.get('portal_customer')!;
    await b.enterCompany('ACE');
    b.cookies.set('portal_customer', customer);
    for (const [method, url, body] of customerCalls) {
      const res = await b.call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('a guest with a company is refused by every customer call', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const [method, url, body] of customerCalls) {
      expect((await b.call(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
  });

  it("no id of another customer's notification or message can be read or changed", async () => {
    const db = t.runtime.deps.db;
    const parent = new Browser(t.server);
    const { user } = await parent.signIn('SPLASH', 'parent@example.com');
    const ace = new Browser(t.server);
    await ace.signIn('ACE', 'parent@example.com');
    const family = new Browser(t.server);
    await family.signIn('SPLASH', 'family@example.com');
    const contacts = await db.selectFrom('notification_contacts').select(['id', 'status']).where('client_id', '=', user.ClientID).limit(3).execute();
    for (const c of contacts) {
      expect((await family.post('/api/notification/mark-read', { notificationContactID: c.id })).status).toBe(404);
      expect((await ace.post('/api/notification/mark-read', { notificationContactID: c.id })).status).toBe(404);
      const after = await db.selectFrom('notification_contacts').select('status').where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(after.status).toBe(c.status);
    }
    // ACE's listing holds none of SPLASH's notifications.
    const aceIds = ((await ace.get<{ notificationContacts: { NotificationContactID: number }[] }>('/api/notification?limit=100')).body.notificationContacts).map((n) => n.NotificationContactID);
    const splashIds = new Set((await db.selectFrom('notification_contacts as nc').innerJoin('companies as c', 'c.id', 'nc.company_id').select('nc.id').where('c.code', '=', 'SPLASH').execute()).map((r) => r.id));
    for (const id of aceIds) expect(splashIds.has(id)).toBe(false);
  });
});
