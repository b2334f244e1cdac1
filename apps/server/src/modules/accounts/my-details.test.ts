import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, messages } from '@portal/shared/messages';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { Browser, DEMO_PASSWORD, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { runHourlyJobs } from '../../jobs/scheduler.ts';

type Record_ = Record<string, unknown> & { ClientID: number; Email: string; PendingEmail: string | null };
type UpdateAnswer = { success: true; updatedClient: Record_; emailToken?: string; message: string };

const K25_KEYS = [
  'ClientID',
  'FirstName',
  'LastName',
  'RegID',
  'GenderType',
  'GenderOther',
  'Gender',
  'PhoneHome',
  'PhoneWork',
  'PhoneMobile',
  'PhoneMobile2',
  'Email',
  'Email2',
  'Fax',
  'Address1',
  'Address2',
  'Suburb',
  'State',
  'Postcode',
  'location',
  'BillingAddrSame',
  'BillingAddress1',
  'BillingAddress2',
  'BillingSuburb',
  'BillingState',
  'BillingPostcode',
  'billing_location',
  'Notes',
  'CustomFieldValues',
];

/** The 6-digit code of the newest e-mail-change mail to an address (NaN when there is none). */
async function changeCode(t: TestApp, email: string): Promise<number> {
  return Number(/verification code is (\d{6})/.exec((await t.lastMailTo(email))?.text ?? '')?.[1]);
}

describe.each(testEngines())('my details on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;

  const details = async (b: Browser) => (await b.get<{ client: Record_ }>('/api/customer/get-details')).body.client;

  it('get-details, update-details, confirm-email-change and change-password need a signed-in customer (R98)', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.get('/api/customer/get-details')).status).toBe(401);
    expect((await b.post('/api/customer/update-details', { FirstName: 'A' })).status).toBe(401);
    expect((await b.post('/api/customer/confirm-email-change', { email_token: 'x'.repeat(43), email_code: 123456 })).status).toBe(401);
    expect((await b.post('/api/customer/change-password', { current_password: 'a', password: 'b', confirm_password: 'b' })).status).toBe(401);
  });

  it('K6, K25: get-details answers the record with the second document field names', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const res = await b.get<{ success: boolean; client: Record_ }>('/api/customer/get-details');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    for (const key of K25_KEYS) expect(res.body.client, key).toHaveProperty(key);
    expect(res.body.client.Email).toBe('parent@example.com');
    expect(res.body.client.PendingEmail).toBeNull();
  });

  it('K8, K25: update-details saves the shown fields and answers updatedClient; a reload shows the same', async () => {
    const { browser } = await registerCustomer(t, { email: 'details@example.com', firstName: 'Dana', lastName: 'Ruiz' });
    const before = await details(browser);
    const res = await browser.post<UpdateAnswer>('/api/customer/update-details', {
      ...before,
      FirstName: '  Dana Maria ',
      LastName: 'Ruiz, Jr',
      PhoneMobile: '+61412345678',
      PhoneHome: '0299998888',
      Address1: '1 Harbour St',
      Suburb: 'Sydney',
      State: 'NSW',
      Postcode: '2000',
      Notes: 'Prefers SMS',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(dm.profileUpdated);
    expect(res.body.emailToken).toBeUndefined();
    const c = res.body.updatedClient;
    for (const key of K25_KEYS) expect(c, key).toHaveProperty(key);
    expect(c).toMatchObject({
      FirstName: 'Dana Maria',
      LastName: 'Ruiz, Jr',
      PhoneMobile: '+61412345678',
      PhoneHome: '0299998888',
      Address1: '1 Harbour St',
      Suburb: 'Sydney',
      State: 'NSW',
      Postcode: '2000',
      location: { Suburb: 'Sydney', State: 'NSW', Postcode: '2000' },
      Notes: 'Prefers SMS',
      Email: 'details@example.com',
    });
    expect(await details(browser)).toEqual(c);
  });

  it('S60: update-details refuses what the form refuses, with the spec messages, and changes nothing', async () => {
    const { browser } = await registerCustomer(t, { email: 'rules@example.com', firstName: 'Rae', lastName: 'Lin' });
    const before = await details(browser);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ FirstName: '   ' }, 'FirstName', messages.firstNameRequired],
      [{ LastName: 'Lin=' }, 'LastName', messages.nameForbidden],
      [{ PhoneMobile: '04 1234' }, 'PhoneMobile', messages.numbersOnly],
      [{ PhoneMobile: '' }, 'PhoneMobile', 'Mobile phone is required'],
      [{ Email: 'a b@c.io' }, 'Email', messages.emailInvalid],
      [{ Email: '' }, 'Email', messages.emailRequired],
    ];
    for (const [change, field, message] of cases) {
      const res = await browser.post('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect(await details(browser)).toEqual(before);
    // A body of the wrong shape is a 400 too, never a 500.
    expect((await browser.post('/api/customer/update-details', { FirstName: { a: 1 } })).status).toBe(400);
    expect((await browser.post('/api/customer/update-details', [])).status).toBe(400);
  });

  it('K7: a field the configuration hides is neither validated nor stored; a renamed field says its own name', async () => {
    // Ace's customer form shows names, address, the mobile (as "Cell phone"), e-mail and notes only.
    const { browser } = await registerCustomer(t, { email: 'hidden@example.com', company: 'ACE' });
    const before = await details(browser);
    const missing = await browser.post('/api/customer/update-details', { ...before, PhoneMobile: '' });
    expect(missing.body.errors).toContainEqual({ field: 'PhoneMobile', message: 'Cell phone is required' });
    const res = await browser.post<UpdateAnswer>('/api/customer/update-details', {
      ...before,
      PhoneMobile: '0412345678',
      Fax: 'not a number',
      Email2: 'x',
      GenderType: 'Robot',
      BillingAddrSame: false,
      BillingAddress1: '9 Elsewhere',
      RegID: 'C999999',
      CustomFieldValues: [{ CustomFieldID: 101, CustomFieldItemID: null, FieldValue: 'smuggled' }],
      custom_field_101: 'smuggled',
    });
    expect(res.status).toBe(200);
    expect(res.body.updatedClient).toMatchObject({ Fax: null, Email2: null, GenderType: null, BillingAddress1: null, RegID: null, CustomFieldValues: [] });
    const row = await db().selectFrom('clients').select(['fax', 'email2', 'gender_type', 'billing_address1', 'reg_id']).where('id', '=', before.ClientID).executeTakeFirstOrThrow();
    expect(row).toEqual({ fax: '', email2: '', gender_type: '', billing_address1: '', reg_id: '' });
    expect(await db().selectFrom('client_custom_field_values').selectAll().where('client_id', '=', before.ClientID).execute()).toEqual([]);
  });

  it('K11: billing same as address stores a copy of the address; unticked, the billing rules apply', async () => {
    const { browser } = await registerCustomer(t, { email: 'billing@example.com' });
    const before = await details(browser);
    const base = { ...before, PhoneMobile: '0412345678', Address1: '5 Pool Rd', Suburb: 'Bondi', State: 'NSW', Postcode: '2026' };
    const same = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...base, BillingAddrSame: true, BillingAddress1: '' });
    expect(same.status).toBe(200);
    expect(same.body.updatedClient).toMatchObject({ BillingAddrSame: true, BillingAddress1: '5 Pool Rd', BillingSuburb: 'Bondi', BillingState: 'NSW', BillingPostcode: '2026' });
    expect(same.body.updatedClient.billing_location).toEqual({ Suburb: 'Bondi', State: 'NSW', Postcode: '2026' });
    const own = await browser.post<UpdateAnswer>('/api/customer/update-details', {
      ...base,
      BillingAddrSame: false,
      BillingAddress1: 'PO Box 7',
      BillingAddress2: '',
      BillingSuburb: 'Manly',
      BillingState: 'NSW',
      BillingPostcode: '2095',
    });
    expect(own.body.updatedClient).toMatchObject({ BillingAddrSame: false, BillingAddress1: 'PO Box 7', BillingSuburb: 'Manly', Address1: '5 Pool Rd' });
  });

  it('decision 098: with billing the same as the address, a moved address is one change in the activity log, not the copied billing lines too', async () => {
    const { browser } = await registerCustomer(t, { email: 'address.moved@example.com' });
    const base = { ...(await details(browser)), PhoneMobile: '0412345678', Address1: '5 Pool Rd', Suburb: 'Bondi', State: 'NSW', Postcode: '2026', BillingAddrSame: true };
    expect((await browser.post('/api/customer/update-details', base)).status).toBe(200);
    expect((await browser.post('/api/customer/update-details', { ...base, Address1: '9 Surf St' })).status).toBe(200);
    const log = await browser.get<{ entries: { kind: string; changes: { field: string; from: string | null; to: string | null }[] }[] }>('/api/customer/activity');
    expect(log.body.entries[0]).toMatchObject({ kind: 'details', changes: [{ field: 'Address1', from: '5 Pool Rd', to: '9 Surf St' }] });
  });

  it('S28–S30, custom fields: gender travels as its first letter; custom values are kept under both names', async () => {
    const { browser } = await registerCustomer(t, { email: 'custom@example.com' });
    const before = await details(browser);
    const other = await browser.post('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', GenderType: 'Other', GenderOther: '' });
    expect(other.body.errors).toContainEqual({ field: 'GenderOther', message: fieldMessages.genderOtherRequired });
    const res = await browser.post<UpdateAnswer>('/api/customer/update-details', {
      ...before,
      PhoneMobile: '0412345678',
      GenderType: 'Other',
      GenderOther: 'Non-binary',
      custom_field_101: 'Sam 0400000000',
      custom_field_102: 2,
      custom_field_103: [3, 1],
      custom_field_104: 'Y',
    });
    expect(res.status).toBe(200);
    const c = res.body.updatedClient;
    expect(c).toMatchObject({ GenderType: 'Other', GenderOther: 'Non-binary', Gender: 'O', custom_field_101: 'Sam 0400000000', custom_field_102: '2', custom_field_103: '1,3', custom_field_104: 'Y' });
    expect(c.CustomFieldValues).toEqual([
      { CustomFieldID: 101, CustomFieldItemID: null, FieldValue: 'Sam 0400000000' },
      { CustomFieldID: 102, CustomFieldItemID: 2, FieldValue: '2' },
      { CustomFieldID: 103, CustomFieldItemID: null, FieldValue: '1,3' },
      { CustomFieldID: 104, CustomFieldItemID: null, FieldValue: 'Y' },
    ]);
    // An option the field does not have is refused.
    const bad = await browser.post('/api/customer/update-details', { ...c, custom_field_102: 9 });
    expect(bad.body.errors).toContainEqual({ field: 'custom_field_102', message: fieldMessages.selectAnOption });
    // What the record answers saves again unchanged (the web form sends it back).
    const again = await browser.post<UpdateAnswer>('/api/customer/update-details', c);
    expect(again.status).toBe(200);
    expect(again.body.updatedClient).toEqual({ ...c, Version: Number(c.Version) + 1 });
  });

  it('K10, S38: RegID is read-only; a customer without one takes only an id generate-reg-id handed out', async () => {
    const { browser } = await registerCustomer(t, { email: 'regid@example.com' });
    const before = await details(browser);
    expect(before.RegID).toBeNull();
    const base = { ...before, PhoneMobile: '0412345678' };
    const made = await browser.post('/api/customer/update-details', { ...base, RegID: 'C777777' });
    expect(made.status).toBe(422);
    expect(made.body.errors).toEqual([{ field: 'RegID', message: dm.regIdLocked }]);
    const { body } = await browser.get<{ reg_id: string }>('/api/customer/generate-reg-id?type=customer');
    // The form shows it again however often it opens: the family's one id, kept on its record as it was drawn.
    expect((await browser.get<{ reg_id: string }>('/api/customer/generate-reg-id?type=customer')).body.reg_id).toBe(body.reg_id);
    expect((await details(browser)).RegID).toBe(body.reg_id);
    const taken = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...base, RegID: body.reg_id });
    expect(taken.status).toBe(200);
    expect(taken.body.updatedClient.RegID).toBe(body.reg_id);
    // Kept when the form sends it back or the placeholder; never changed.
    expect((await browser.post<UpdateAnswer>('/api/customer/update-details', { ...base, RegID: 'TBD' })).body.updatedClient.RegID).toBe(body.reg_id);
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    const next = (await guest.get<{ reg_id: string }>('/api/customer/generate-reg-id')).body.reg_id;
    expect(next).not.toBe(body.reg_id);
    const changed = await browser.post('/api/customer/update-details', { ...base, RegID: next });
    expect(changed.status).toBe(422);
    // Another customer cannot take the same id.
    const other = await registerCustomer(t, { email: 'regid2@example.com' });
    const dup = await other.browser.post('/api/customer/update-details', { ...(await details(other.browser)), PhoneMobile: '0412345678', RegID: body.reg_id });
    expect(dup.status).toBe(422);
  });

  it("another client's id is not found, and nothing of it changes", async () => {
    const a = await registerCustomer(t, { email: 'owner-a@example.com', firstName: 'Ann' });
    const other = await registerCustomer(t, { email: 'owner-b@example.com', firstName: 'Bea' });
    const res = await a.browser.post('/api/customer/update-details', { ClientID: other.clientId, FirstName: 'Mallory', LastName: 'X', PhoneMobile: '0412345678' });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Bea');
    expect((await details(other.browser)).FirstName).toBe('Bea');
    expect((await details(a.browser)).FirstName).toBe('Ann');
  });

  it('R20, T32: generate-reg-id answers a new id of the company each call, customer by default; needs a company', async () => {
    const guest = new Browser(t.server);
    expect((await guest.get('/api/customer/generate-reg-id')).status).toBe(401);
    await guest.enterCompany('ACE');
    const one = await guest.get<{ reg_id: string }>('/api/customer/generate-reg-id');
    const two = await guest.get<{ reg_id: string }>('/api/customer/generate-reg-id?type=customer');
    expect(one.status).toBe(200);
    expect(one.body.reg_id).toMatch(/^C\d{6}$/);
    expect(two.body.reg_id).not.toBe(one.body.reg_id);
    expect((await guest.get<{ reg_id: string }>('/api/customer/generate-reg-id?type=student')).body.reg_id).toMatch(/^S\d{6}$/);
    expect((await guest.get('/api/customer/generate-reg-id?type=teacher')).status).toBe(400);
  });

  describe('K9, R94: changing the e-mail', () => {
    it('sends a code to the new address and answers emailToken; nothing changes until the code is confirmed; the old address is told', async () => {
      const { browser, password } = await registerCustomer(t, { email: 'mover@example.com', firstName: 'Max' });
      const before = await details(browser);
      const res = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', Email: ' Moved@Example.com ' });
      expect(res.status).toBe(200);
      expect(res.body.emailToken).toEqual(expect.any(String));
      expect(res.body.message).toBe(dm.codeSent('moved@example.com'));
      expect(res.body.updatedClient.Email).toBe('mover@example.com');
      expect(res.body.updatedClient.PendingEmail).toBe('moved@example.com');
      // The other fields of the same save are kept at once.
      expect(res.body.updatedClient.PhoneMobile).toBe('0412345678');
      const code = await changeCode(t, 'moved@example.com');
      expect(code).toBeGreaterThanOrEqual(100_000);
      // One code mechanism: the change is an e-mail code of its own purpose, stored hashed (neither the code nor the token is in the table).
      const row = await db().selectFrom('email_codes').selectAll().where('purpose', '=', 'email-change').where('email', '=', 'moved@example.com').executeTakeFirstOrThrow();
      expect(row.client_id).toBe(before.ClientID);
      expect(JSON.stringify(row)).not.toContain(String(code));
      expect(JSON.stringify(row)).not.toContain(res.body.emailToken!);

      const blank = await browser.post('/api/customer/confirm-email-change', { email_token: res.body.emailToken, email_code: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(messages.codeRequired);

      const ok = await browser.post<UpdateAnswer>('/api/customer/confirm-email-change', { email_token: res.body.emailToken, email_code: code });
      expect(ok.status).toBe(200);
      expect(ok.body.updatedClient.Email).toBe('moved@example.com');
      expect(ok.body.updatedClient.PendingEmail).toBeNull();
      const notice = await t.lastMailTo('mover@example.com');
      expect(notice?.subject).toMatch(/e-mail address was changed/);
      expect(notice?.text).not.toContain('moved@example.com');
      expect(notice?.text).toMatch(/ on \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [AP]M \(Sydney time\)\./);

      // The sign-in moved with it.
      const fresh = new Browser(t.server);
      await fresh.enterCompany('SPLASH');
      expect((await fresh.post('/api/customer/get-clients', { email: 'moved@example.com', password })).status).toBe(200);
      expect((await fresh.post('/api/customer/get-clients', { email: 'mover@example.com', password })).status).toBe(401);

      // Single use.
      const again = await browser.post('/api/customer/confirm-email-change', { email_token: res.body.emailToken, email_code: code });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(dm.codeInvalid);
    });

    it('a wrong code is refused and changes nothing; after five tries even the right one is', async () => {
      const { browser } = await registerCustomer(t, { email: 'guess@example.com' });
      const before = await details(browser);
      const { body } = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', Email: 'guessed@example.com' });
      const code = await changeCode(t, 'guessed@example.com');
      const wrong = code === 999_999 ? 100_000 : code + 1;
      for (let i = 1; i <= 4; i++) {
        const res = await browser.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: wrong });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ code: 'CODE_INVALID', message: dm.codeInvalid });
      }
      const fifth = await browser.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: wrong });
      expect(fifth.body).toMatchObject({ code: 'CODE_TOO_MANY_TRIES', message: dm.codeTooManyTries });
      const right = await browser.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: code });
      expect(right.status).toBe(422);
      expect(right.body.code).toBe('CODE_TOO_MANY_TRIES');
      expect((await details(browser)).Email).toBe('guess@example.com');
    });

    it('an expired code is refused', async () => {
      const { browser } = await registerCustomer(t, { email: 'late@example.com' });
      const before = await details(browser);
      const { body } = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', Email: 'later@example.com' });
      const code = await changeCode(t, 'later@example.com');
      const row = await db()
        .selectFrom('email_codes')
        .select(['id', 'created_at', 'expires_at'])
        .where('purpose', '=', 'email-change')
        .where('email', '=', 'later@example.com')
        .executeTakeFirstOrThrow();
      const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
      expect(lifetime).toBeGreaterThan(10 * 60_000 - 1000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
      await db()
        .updateTable('email_codes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      const res = await browser.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: code });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CODE_INVALID');
      expect((await details(browser)).Email).toBe('late@example.com');
    });

    it('a new change replaces the pending one; the hourly sweep deletes changes a day past their expiry, as every e-mail code', async () => {
      const { browser, clientId } = await registerCustomer(t, { email: 'sweep@example.com' });
      const first = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...(await details(browser)), PhoneMobile: '0412345678', Email: 'swept@example.com' });
      const firstCode = await changeCode(t, 'swept@example.com');
      await browser.post('/api/customer/update-details', { ...(await details(browser)), Email: 'swept2@example.com' });
      const rows = () => db().selectFrom('email_codes').select('id').where('purpose', '=', 'email-change').where('client_id', '=', clientId).execute();
      expect(await rows()).toHaveLength(1);
      expect((await details(browser)).PendingEmail).toBe('swept2@example.com');
      const replaced = await browser.post('/api/customer/confirm-email-change', { email_token: first.body.emailToken, email_code: firstCode });
      expect(replaced.status).toBe(404);
      await runHourlyJobs(t.runtime.ctx, new Date(Date.now() + 9 * 60_000));
      expect(await rows()).toHaveLength(1);
      await runHourlyJobs(t.runtime.ctx, new Date(Date.now() + 25 * 3600_000));
      expect(await rows()).toHaveLength(0);
    });

    it("another client's change is not found, even on the same sign-in", async () => {
      const first = new Browser(t.server);
      await first.signIn('SPLASH', 'family@example.com', DEMO_PASSWORD, 0);
      const second = new Browser(t.server);
      await second.signIn('SPLASH', 'family@example.com', DEMO_PASSWORD, 1);
      const before = await details(first);
      const secondEmail = (await details(second)).Email;
      const { body } = await first.post<UpdateAnswer>('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', Email: 'family.new@example.com' });
      const code = await changeCode(t, 'family.new@example.com');
      const res = await second.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: code });
      expect(res.status).toBe(404);
      expect((await details(second)).Email).toBe(secondEmail);
      expect((await details(first)).Email).toBe('family@example.com');
      // Unused by the refusal: its owner can still confirm it.
      expect((await first.post('/api/customer/confirm-email-change', { email_token: body.emailToken, email_code: code })).status).toBe(200);
      // The sign-in moved with the address; the other account keeps its own contact address.
      expect((await details(first)).Email).toBe('family.new@example.com');
      expect((await details(second)).Email).toBe(secondEmail);
      const fresh = new Browser(t.server);
      await fresh.enterCompany('SPLASH');
      const clients = await fresh.post<{ clients: unknown[] }>('/api/customer/get-clients', { email: 'family.new@example.com', password: DEMO_PASSWORD });
      expect(clients.body.clients).toHaveLength(2);
    });

    it('an address another sign-in uses gets a notice, not a code, and the answer is the same', async () => {
      const { browser } = await registerCustomer(t, { email: 'taker@example.com' });
      const before = await details(browser);
      const res = await browser.post<UpdateAnswer>('/api/customer/update-details', { ...before, PhoneMobile: '0412345678', Email: 'new@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.emailToken).toEqual(expect.any(String));
      expect(res.body.message).toBe(dm.codeSent('new@example.com'));
      const mail = await t.lastMailTo('new@example.com');
      expect(mail?.text).toContain('already belongs to an account');
      expect(mail?.text).not.toMatch(/\d{6}/);
    });
  });

  describe('K13, R13: change-password', () => {
    it('needs the current password; the new one follows group S; a change ends the other sessions, not this one', async () => {
      const { browser, email, password } = await registerCustomer(t, { email: 'pw@example.com' });
      const other = new Browser(t.server);
      await other.signIn('SPLASH', email, password);
      expect((await other.get('/api/customer/me')).status).toBe(200);

      const wrong = await browser.post('/api/customer/change-password', { current_password: 'Nope#1234', password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual([{ field: 'current_password', message: dm.currentPasswordWrong }]);

      const rules: [Record<string, string>, string, string][] = [
        [{ current_password: '' }, 'current_password', dm.currentPasswordRequired],
        [{ password: 'ab1!', confirm_password: 'ab1!' }, 'password', messages.passwordMin],
        [{ password: 'abcdefgh1', confirm_password: 'abcdefgh1' }, 'password', messages.passwordComplexity],
        [{ confirm_password: 'Heron#Lane60' }, 'confirm_password', messages.passwordsDoNotMatch],
        [{ confirm_password: '' }, 'confirm_password', messages.confirmRequired],
        [{ password: 'P@ssw0rd', confirm_password: 'P@ssw0rd' }, 'password', messages.passwordCommon],
      ];
      for (const [change, field, message] of rules) {
        const res = await browser.post('/api/customer/change-password', { current_password: password, password: 'Heron#Lane59', confirm_password: 'Heron#Lane59', ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.errors).toContainEqual({ field, message });
      }
      const same = await browser.post('/api/customer/change-password', { current_password: password, password, confirm_password: password });
      expect(same.status).toBe(422);
      expect(same.body.message).toBe(dm.passwordUnchanged);
      expect((await other.get('/api/customer/me')).status).toBe(200);

      const ok = await browser.post('/api/customer/change-password', { current_password: password, password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true });
      expect((await browser.get('/api/customer/me')).status).toBe(200);
      const ended = await other.get('/api/customer/me');
      expect(ended.status).toBe(401);
      expect(ended.body.code).toBe('UNAUTHENTICATED');

      const fresh = new Browser(t.server);
      await fresh.enterCompany('SPLASH');
      expect((await fresh.post('/api/customer/get-clients', { email, password: 'Heron#Lane59' })).status).toBe(200);
      expect((await fresh.post('/api/customer/get-clients', { email, password })).status).toBe(401);
      const notice = await t.lastMailTo(email);
      expect(notice?.subject).toMatch(/password was changed/i);
    });

    it('completes a pending ChangePassword action', async () => {
      const { browser, clientId, password } = await registerCustomer(t, { email: 'pwaction@example.com' });
      const company = await db().selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
      await db()
        .insertInto('sign_in_actions')
        .values({ company_id: company.id, client_id: clientId, type: 'ChangePassword', agreement_id: null, student_id: null, created_at: new Date().toISOString(), completed_at: null })
        .execute();
      expect((await browser.get<{ actions: unknown[] }>('/api/customer/get-sign-in-actions')).body.actions).toHaveLength(1);
      expect((await browser.post('/api/customer/change-password', { current_password: password, password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' })).status).toBe(200);
      expect((await browser.get<{ actions: unknown[] }>('/api/customer/get-sign-in-actions')).body.actions).toHaveLength(0);
    });
  });
});
