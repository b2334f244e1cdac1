import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_COOKIE } from '../../plugins/auth.ts';
import { Browser, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';

const EXAMPLE_BUNDLE = path.resolve(import.meta.dirname, '../../../../../docs/examples/company-bundle.example.json');

/**
 * Switch account: a sign-in that opens several accounts at the company (two families of its own, or
 * a family it is a guardian of) moves between them without its password again, in a new session;
 * no account of another sign-in opens this way.
 */
describe.each(testEngines())('switch account on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** A company of the test's own: Jo with a family and a business account; Ana with her own family, co-parent of Jo's family; Lee alone. */
  async function company() {
    const code = `S${randomBytes(4).toString('hex').toUpperCase()}`;
    const bundle = JSON.parse(fs.readFileSync(EXAMPLE_BUNDLE, 'utf8')) as {
      company: { code: string; customer_id: number };
      customers: { email: string; password?: string; clients: Record<string, unknown>[] }[];
    };
    bundle.company.code = code;
    bundle.company.customer_id = 200_000 + randomBytes(3).readUIntBE(0, 3);
    const jo = `jo.${code.toLowerCase()}@example.com`;
    const ana = `ana.${code.toLowerCase()}@example.com`;
    const lee = `lee.${code.toLowerCase()}@example.com`;
    const family = (key: string, first: string, last: string, extra: object = {}) => ({
      key,
      first_name: first,
      last_name: last,
      phone_mobile: '0400 111 333',
      agreements_signed: [{ agreement: 'terms', signed_at: 'today-30T10:00' }],
      ...extra,
    });
    // The example's one customer, Jo (enrolled, invoiced), with a second account and Ana as a co-parent.
    const joCustomer = bundle.customers[0]!;
    joCustomer.email = jo;
    joCustomer.clients[0]!.guardians = [{ email: ana, first_name: 'Ana', last_name: 'Ruiz', role: 'co-parent' }];
    joCustomer.clients.push(family('jo-biz', 'Jo', 'Bennett – Business account'));
    bundle.customers = [
      joCustomer,
      { email: ana, password: EXAMPLE_PASSWORD, clients: [family('ana', 'Ana', 'Ruiz')] },
      { email: lee, password: EXAMPLE_PASSWORD, clients: [family('lee', 'Lee', 'Park')] },
    ];
    const companyId = await importBundle(t, bundle as unknown as CompanyBundleInput);
    const ids = Object.fromEntries(
      (await t.runtime.ctx.db.selectFrom('clients').select(['id', 'last_name', 'first_name']).where('company_id', '=', companyId).execute()).map((c) => [`${c.first_name} ${c.last_name}`, c.id]),
    );
    return { code, jo, ana, lee, ids: ids as Record<string, number> };
  }

  type User = { ClientID: number; FirstName: string; LastName: string; Role: string; OtherAccounts?: number };

  it('a family of two accounts sees the other, switches to it in a new session, and back', async () => {
    const c = await company();
    const b = new Browser(t.server);
    const signedIn = (await b.signIn(c.code, c.jo, EXAMPLE_PASSWORD)) as unknown as { user: User };
    expect(signedIn.user).toMatchObject({ ClientID: c.ids['Jo Bennett'], Role: 'holder', OtherAccounts: 1 });
    expect((await b.get<{ user: User }>('/api/customer/me')).body.user.OtherAccounts).toBe(1);

    const listed = await b.get<{ clients: { ClientID: number; LastName: string; Role?: string }[] }>('/api/customer/accounts');
    expect(listed.status).toBe(200);
    expect(listed.body.clients.map((a) => a.LastName)).toEqual(['Bennett', 'Bennett – Business account']);

    const before = b.cookies.get(CUSTOMER_COOKIE);
    const switched = await b.post<{ user: User; actions: unknown[] }>('/api/customer/switch-account', { client_id: c.ids['Jo Bennett – Business account'] });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.user).toMatchObject({ ClientID: c.ids['Jo Bennett – Business account'], LastName: 'Bennett – Business account', Role: 'holder', OtherAccounts: 1 });
    expect(switched.body.actions).toEqual([]);
    expect(b.cookies.get(CUSTOMER_COOKIE)).not.toBe(before);
    expect((await b.get<{ user: User }>('/api/customer/me')).body.user.ClientID).toBe(c.ids['Jo Bennett – Business account']);
    // The session switched from has ended: its cookie signs nobody in.
    const old = new Browser(t.server, undefined, new Map([...b.cookies, [CUSTOMER_COOKIE, before!]]));
    expect((await old.get('/api/customer/me')).status).toBe(401);

    const back = await b.post<{ user: User }>('/api/customer/switch-account', { client_id: c.ids['Jo Bennett'] });
    expect([back.status, back.body.user.ClientID]).toEqual([200, c.ids['Jo Bennett']]);
  });

  it('a guardian with a family of her own moves between hers and the one she helps with, in its role', async () => {
    const c = await company();
    const b = new Browser(t.server);
    await b.enterCompany(c.code);
    const mine = await b.post<{ user: User }>('/api/customer/login', { email: c.ana, password: EXAMPLE_PASSWORD, client_id: c.ids['Ana Ruiz'] });
    expect(mine.body.user).toMatchObject({ ClientID: c.ids['Ana Ruiz'], Role: 'holder', OtherAccounts: 1 });

    const helped = await b.post<{ user: User }>('/api/customer/switch-account', { client_id: c.ids['Jo Bennett'] });
    expect(helped.status).toBe(200);
    // Greeted by her own name, in the family's role.
    expect(helped.body.user).toMatchObject({ ClientID: c.ids['Jo Bennett'], FirstName: 'Ana', LastName: 'Ruiz', Role: 'co-parent', OtherAccounts: 1 });
    const listed = await b.get<{ clients: { ClientID: number; Role?: string }[] }>('/api/customer/accounts');
    expect(listed.body.clients).toEqual([
      { ClientID: c.ids['Ana Ruiz'], FirstName: 'Ana', LastName: 'Ruiz' },
      { ClientID: c.ids['Jo Bennett'], FirstName: 'Jo', LastName: 'Bennett', Role: 'co-parent' },
    ]);
    // Jo's business account is not hers to open.
    expect((await b.post('/api/customer/switch-account', { client_id: c.ids['Jo Bennett – Business account'] })).status).toBe(404);
    const home = await b.post<{ user: User }>('/api/customer/switch-account', { client_id: c.ids['Ana Ruiz'] });
    expect(home.body.user).toMatchObject({ ClientID: c.ids['Ana Ruiz'], Role: 'holder' });
  });

  it('an account of another sign-in is not found, and the session stays as it was; one account offers none', async () => {
    const c = await company();
    const b = new Browser(t.server);
    const signedIn = (await b.signIn(c.code, c.lee, EXAMPLE_PASSWORD)) as unknown as { user: User };
    expect(signedIn.user.OtherAccounts).toBeUndefined();
    expect((await b.get<{ clients: unknown[] }>('/api/customer/accounts')).body.clients).toHaveLength(1);
    const session = b.cookies.get(CUSTOMER_COOKIE);
    for (const id of [c.ids['Jo Bennett'], c.ids['Ana Ruiz'], 999_999_999]) {
      const refused = await b.post<{ code: string }>('/api/customer/switch-account', { client_id: id });
      expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await b.post('/api/customer/switch-account', { client_id: 'x' })).status).toBe(400);
    expect(b.cookies.get(CUSTOMER_COOKIE)).toBe(session);
    expect((await b.get<{ user: User }>('/api/customer/me')).body.user.ClientID).toBe(c.ids['Lee Park']);
    // Signed out, there is nothing to switch.
    const guest = new Browser(t.server);
    await guest.enterCompany(c.code);
    expect((await guest.post('/api/customer/switch-account', { client_id: c.ids['Lee Park'] })).status).toBe(401);
  });
});
