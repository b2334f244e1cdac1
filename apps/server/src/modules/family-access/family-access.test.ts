import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAnswer } from '@portal/shared/activity-schemas';
import type { FamilyAccessAnswer, InvitationInfo } from '@portal/shared/guardian-schemas';
import {
  Browser,
  changeCompanySettings,
  EXAMPLE_PASSWORD,
  invitedGuardian,
  ownCompany,
  mailedInvitationToken,
  registerCustomer,
  startTestApp,
  testEngines,
  testSignature,
  type TestApp,
} from '../../test/api-harness.ts';
import { mailGuardians, notifyClient, notifyCommand } from '../messaging/messaging.api.ts';
import { findCompanyByCode } from '../company/company.api.ts';
import { clientsWithPushFor } from '../push/push.api.ts';
import { eraseFamily } from '../family-data/erasure.repository.ts';
import { customerWithInvoices, idempotencyKey, newStudent, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const acceptUrl = (token: string) => `/api/family-access/invitations/${encodeURIComponent(token)}/accept`;

/** Issue 24 §1, decision 101: other adults with their own sign-in to a family, each in a role. */
describe.each(testEngines())('family access on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;
  const access = async (b: Browser) => (await b.get<FamilyAccessAnswer>('/api/customer/family-access')).body;

  it('invites a co-parent by e-mail, who sets a password and signs in to the same family under their own name', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const email = `coparent.${unique()}@example.com`;
    const invited = await holder.browser.post<FamilyAccessAnswer>('/api/customer/family-access/invitations', { first_name: 'Jamie', last_name: 'Ng', email, role: 'co-parent' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.message).toBe(`We have sent an invitation to ${email}.`);
    expect(invited.body.invitations).toEqual([expect.objectContaining({ email, first_name: 'Jamie', role: 'co-parent' })]);
    const mail = await t.lastMailTo(email);
    expect(mail?.subject).toBe('Tess Ng invited you to Splash Swim School');
    expect(mail?.text).toContain('Tess Ng has invited you to their family');
    const token = await mailedInvitationToken(t, email);
    // The link names its company, so the page it opens is in the company's branding.
    const splash = await db().selectFrom('companies').select('customer_id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
    expect(mail?.text).toContain(`/join-family?token=${encodeURIComponent(token)}&id=${splash.customer_id}`);

    const stranger = new Browser(t.server);
    const info = await stranger.get<InvitationInfo>(`/api/family-access/invitations/${encodeURIComponent(token)}`);
    expect(info.body).toEqual({
      success: true,
      company: 'Splash Swim School',
      customer_id: splash.customer_id,
      brand: expect.objectContaining({ CompanyDisplayName: 'Splash Swim School' }),
      family: 'Ng family',
      invited_by: 'Tess Ng',
      email,
      role: 'co-parent',
      student_term: 'Swimmer',
      has_sign_in: false,
    });
    // The company's look for the page, and nothing more of its settings: the link is public.
    expect(Object.keys(info.body.brand).sort()).toEqual(['CompanyDisplayName', 'CompanyLogo', 'colors', 'global_settings']);
    expect(Object.keys(info.body.brand.global_settings).sort()).toEqual(['AlternateCompanyName', 'ButtonRadius', 'Font', 'NavBarShading', 'UseLogoImage', 'logoImage']);
    expect(info.body.brand.colors['500']).toMatch(/^#[0-9a-f]{6}$/i);
    // A new sign-in's password is checked as any new one.
    const weak = await stranger.post(acceptUrl(token), { password: 'short', confirm_password: 'short' });
    expect(weak.status).toBe(400);
    const password = 'Kelp#Forest2031';
    const accepted = await stranger.post<{ user: Record<string, unknown>; actions: unknown[] }>(acceptUrl(token), { password, confirm_password: password });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ ClientID: holder.clientId, FirstName: 'Jamie', LastName: 'Ng', Role: 'co-parent' });
    expect(accepted.body.actions).toEqual([]);
    // The page's preloads read the role from a hint cookie (never trusted for access).
    expect(stranger.cookies.get('portal_role')).toBe('co-parent');

    // The same family's data, under their own sign-in; the link works once.
    const studentId = await newStudent(t, (await db().selectFrom('clients').select('company_id').where('id', '=', holder.clientId).executeTakeFirstOrThrow()).company_id, holder.clientId, 'Mia');
    expect((await stranger.get(`/api/student/${studentId}`)).status).toBe(200);
    expect((await new Browser(t.server).post(acceptUrl(token), { password, confirm_password: password })).body).toMatchObject({ code: 'INVITATION_INVALID' });
    const again = new Browser(t.server);
    const signedIn = await again.signIn('SPLASH', email, password);
    expect(signedIn.user).toMatchObject({ ClientID: holder.clientId, FirstName: 'Jamie', Role: 'co-parent' });

    // Only the holder manages family access.
    expect((await stranger.get('/api/customer/family-access')).body).toMatchObject({ code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' });
    const list = await access(holder.browser);
    expect(list.invitations).toEqual([]);
    expect(list.guardians).toEqual([expect.objectContaining({ first_name: 'Jamie', last_name: 'Ng', email, role: 'co-parent' })]);

    // The log says who did what.
    const renamed = await stranger.post(`/api/student/update/${studentId}`, { ...(await stranger.get<Record<string, unknown>>(`/api/student/${studentId}`)).body, FirstName: 'Mila' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const log = (await holder.browser.get<ActivityAnswer>('/api/customer/activity')).body.entries;
    expect(log[0]).toMatchObject({ kind: 'student', by: 'Jamie Ng' });
    expect(log.find((e) => e.summary === 'Jamie Ng accepted the invitation as co-parent')).toMatchObject({ kind: 'guardian', by: 'Jamie Ng' });
    expect(log.find((e) => e.summary === `Invited Jamie Ng (${email}) as co-parent`)?.by).toBeUndefined();
  });

  it('lets an address that already signs in at the company accept with that password, then choose the family at sign-in', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const other = await registerCustomer(t, { email: `other.${unique()}@example.com`, firstName: 'Lee', lastName: 'Park' });
    await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Lee', last_name: 'Park', email: other.email, role: 'payer' });
    const token = await mailedInvitationToken(t, other.email);
    const b = new Browser(t.server);
    expect((await b.get<InvitationInfo>(`/api/family-access/invitations/${encodeURIComponent(token)}`)).body.has_sign_in).toBe(true);
    const wrong = await b.post(acceptUrl(token), { password: 'Not#The2Password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await b.post(acceptUrl(token), { password: other.password })).status).toBe(200);
    // The password is the sign-in's own: it did not change.
    const choose = new Browser(t.server);
    await choose.enterCompany('SPLASH');
    const accounts = (await choose.post<{ clients: { ClientID: number; Role?: string }[] }>('/api/customer/get-clients', { email: other.email, password: other.password })).body.clients;
    expect(accounts).toEqual([
      { ClientID: other.clientId, FirstName: 'Lee', LastName: 'Park' },
      { ClientID: holder.clientId, FirstName: 'Tess', LastName: 'Ng', Role: 'payer' },
    ]);
    const asPayer = await choose.post<{ user: { Role: string } }>('/api/customer/login', { email: other.email, password: other.password, client_id: holder.clientId });
    expect(asPayer.body.user.Role).toBe('payer');
  });

  it('refuses an expired invitation, one replaced by a new one, the holder inviting themselves and an existing guardian', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const email = `late.${unique()}@example.com`;
    const invite = () => holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Al', last_name: 'Ng', email, role: 'viewer' });
    // S9: a name follows the rule of every form's names; nothing is sent or kept.
    const odd = await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'A<b', last_name: 'Ng=', email, role: 'viewer' });
    expect([odd.status, odd.body.errors]).toEqual([
      400,
      [
        { field: 'first_name', message: 'Name must not contain \\, <, >, or =' },
        { field: 'last_name', message: 'Name must not contain \\, <, >, or =' },
      ],
    ]);
    expect((await access(holder.browser)).invitations).toHaveLength(0);
    await invite();
    const first = await mailedInvitationToken(t, email);
    await invite();
    const second = await mailedInvitationToken(t, email);
    expect(second).not.toBe(first);
    expect((await access(holder.browser)).invitations).toHaveLength(1);
    const b = new Browser(t.server);
    expect((await b.get(`/api/family-access/invitations/${encodeURIComponent(first)}`)).body).toMatchObject({ code: 'INVITATION_INVALID' });
    await db()
      .updateTable('guardian_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const expired = await b.post(acceptUrl(second), { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' });
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: 'INVITATION_INVALID', message: 'This invitation has expired or has already been used. Ask the account holder for a new one.' });
    expect(await db().selectFrom('logins').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    const self = await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Tess', last_name: 'Ng', email: holder.email, role: 'viewer' });
    expect(self.body).toMatchObject({ code: 'INVITE_SELF' });
    const guardian = await invitedGuardian(t, holder.browser, 'viewer');
    const twice = await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Sam', last_name: 'Rivera', email: guardian.email, role: 'payer' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'ALREADY_GUARDIAN' });
    const bad = await holder.browser.post('/api/customer/family-access/invitations', { first_name: '', last_name: 'X', email: 'nope', role: 'boss' });
    expect(bad.status).toBe(400);
  });

  it('makes one guardian when the link is answered twice at once', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const email = `race.${unique()}@example.com`;
    await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Ro', last_name: 'Ng', email, role: 'viewer' });
    const token = await mailedInvitationToken(t, email);
    const answer = { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' };
    const results = await Promise.all([new Browser(t.server).post(acceptUrl(token), answer), new Browser(t.server).post(acceptUrl(token), answer)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await access(holder.browser)).guardians).toHaveLength(1);
    expect(await db().selectFrom('logins').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('holds a viewer and a payer to their roles, applies a new role on the next request and ends a revoked guardian at once', async () => {
    const f = await customerWithInvoices(t, [4500]);
    const viewer = await invitedGuardian(t, f.browser, 'viewer');
    const payments = async () => (await db().selectFrom('payments').select('id').where('client_id', '=', f.clientId).execute()).length;
    const before = await payments();
    const pay = (b: Browser, cardToken: string) => b.post('/api/payment/checkout', { invoices: [f.invoiceNo], cardToken }, { 'idempotency-key': idempotencyKey() });

    const refused = await pay(viewer.browser, 'tok_x');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await viewer.browser.get('/api/financials/invoices')).status).toBe(403);
    expect((await viewer.browser.post('/api/student/add', {})).body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await viewer.browser.post('/api/customer/agree-to-agreement', {})).body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
    expect((await viewer.browser.get('/api/classes/get-waitlist')).status).toBe(200);
    expect((await viewer.browser.post('/api/notification/mark-all-read')).status).toBe(200);
    expect(await payments()).toBe(before);

    // The holder makes them a payer: their next request pays, and no longer reads the children's schedules.
    const changed = await f.browser.call<FamilyAccessAnswer>('PATCH', `/api/customer/family-access/guardians/${viewer.guardianId}`, { role: 'payer' });
    expect(changed.body.message).toBe('Sam Rivera is now a payer.');
    const paid = await pay(viewer.browser, await tokenise(viewer.browser, TEST_CARDS.ok));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await payments()).toBe(before + 1);
    // The receipt reaches the family's address and the payer's own.
    const receiptNo = (paid.body as { receiptNo: string }).receiptNo;
    expect((await t.lastMailTo(viewer.email))?.subject).toContain(receiptNo);
    expect((await t.lastMailTo(f.email))?.subject).toContain(receiptNo);
    // The family is told who paid, not thanked for a payment it did not make; the payer is thanked.
    expect((await t.lastMailTo(f.email))?.text).toContain('Sam Rivera paid $45.00 by Visa •••• 4242 on your account.');
    expect((await t.lastMailTo(viewer.email))?.text).toContain('Thank you for your payment of $45.00 by Visa •••• 4242.');
    const bell = await f.browser.get<{ notificationContacts: { Notifications: { ClientInAppContent: string } }[] }>('/api/notification');
    expect(bell.body.notificationContacts[0]!.Notifications.ClientInAppContent).toContain(`Sam Rivera paid $45.00 for invoice ${f.invoiceNo}.`);
    expect((await viewer.browser.get('/api/classes/get-waitlist')).status).toBe(403);

    // Revoked: signed out on the next request, and the sign-in opens no family.
    const revoked = await f.browser.call<FamilyAccessAnswer>('DELETE', `/api/customer/family-access/guardians/${viewer.guardianId}`);
    expect(revoked.body).toMatchObject({ message: 'Sam Rivera no longer has access to your family.', guardians: [] });
    const after = await viewer.browser.get('/api/customer/me');
    expect(after.status).toBe(401);
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/login', { email: viewer.email, password: viewer.password })).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // Nor does the landing's e-mail sign-in offer the company where the address no longer opens any family.
    const landing = await new Browser(t.server).post('/api/company/get-by-email', { email: viewer.email, password: viewer.password });
    expect([landing.status, landing.body]).toMatchObject([401, { code: 'INVALID_CREDENTIALS' }]);
  });

  it('shows a payer and a viewer their own name, address and role, never the holder’s details; the holder and a co-parent read the family’s', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com`, firstName: 'Tess', lastName: 'Ng' });
    const payer = await invitedGuardian(t, holder.browser, 'payer', { firstName: 'Lee' });
    const viewer = await invitedGuardian(t, holder.browser, 'viewer', { firstName: 'Max' });
    const coParent = await invitedGuardian(t, holder.browser, 'co-parent', { firstName: 'Jo' });
    const details = '/api/customer/get-details';
    const me = '/api/customer/family-access/me';

    const refused = await payer.browser.get(details);
    // The refusal every route answers a role it does not allow, and nothing of the holder's.
    expect([refused.status, refused.body]).toEqual([403, { code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' }]);
    expect((await payer.browser.get(me)).body).toEqual({ success: true, name: 'Lee Rivera', email: payer.email, role: 'payer' });
    // Decision 124: a viewer follows the children, not the holder's address, phones and notes.
    const viewerRefused = await viewer.browser.get(details);
    expect([viewerRefused.status, viewerRefused.body]).toEqual([403, { code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' }]);
    expect((await viewer.browser.get(me)).body).toEqual({ success: true, name: 'Max Rivera', email: viewer.email, role: 'viewer' });

    const holders = await holder.browser.get<{ client: { FirstName: string; Email: string } }>(details);
    expect([holders.status, holders.body.client]).toMatchObject([200, { FirstName: 'Tess', Email: holder.email }]);
    expect((await holder.browser.get(me)).body).toEqual({ success: true, name: 'Tess Ng', email: holder.email, role: 'holder' });
    expect((await coParent.browser.get<{ client: { Email: string } }>(details)).body.client.Email).toBe(holder.email);
    expect((await coParent.browser.get(me)).body).toEqual({ success: true, name: 'Jo Rivera', email: coParent.email, role: 'co-parent' });
  });

  it('keeps the activity log, with the old and new values of the family’s details, to those who read the details', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com`, firstName: 'Tess', lastName: 'Ng' });
    const viewer = await invitedGuardian(t, holder.browser, 'viewer', { firstName: 'Max' });
    const coParent = await invitedGuardian(t, holder.browser, 'co-parent', { firstName: 'Jo' });
    const log = '/api/customer/activity';
    // The log says "Address line 1: 4 Reef St → 9 Bay Rd": a viewer, who is refused the details, is refused it too (decision 124).
    const refused = await viewer.browser.get(log);
    expect([refused.status, refused.body]).toEqual([403, { code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' }]);
    expect((await holder.browser.get(log)).status).toBe(200);
    expect((await coParent.browser.get(log)).status).toBe(200);
  });

  it('keeps read notifications and messages apart for each guardian and the holder', async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const companyId = (await db().selectFrom('clients').select('company_id').where('id', '=', holder.clientId).executeTakeFirstOrThrow()).company_id;
    const guardian = await invitedGuardian(t, holder.browser, 'viewer');
    const now = new Date().toISOString();
    for (const title of ['Pool closed', 'Pool open']) {
      await notifyClient(db(), { companyId, clientId: holder.clientId, category: 'classes', title, content: title, tagData: null, createdAt: now });
    }
    const message = await db()
      .insertInto('messages')
      .values({ company_id: companyId, client_id: holder.clientId, title: 'Hello', body: 'Hi', published_at: new Date(Date.now() - 1000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    type Bell = { total_count_new: number; notificationContacts: { NotificationContactID: number; Status: string; Notifications: { ClientInAppTitle: string } }[] };
    const bell = async (b: Browser) => (await b.get<Bell>('/api/notification?page=1&limit=5&status=All')).body;
    const unreadMessages = async (b: Browser) =>
      (await b.get<{ unread_count?: number; total_count_unread?: number; messages: { read_at: string | null }[] }>('/api/messages?page=1&limit=5&status=Unread')).body.messages.length;

    const before = await bell(guardian.browser);
    expect(before.total_count_new).toBeGreaterThanOrEqual(2);
    const closed = before.notificationContacts.find((n) => n.Notifications.ClientInAppTitle === 'Pool closed')!;
    expect((await guardian.browser.post('/api/notification/mark-read', { notificationContactID: closed.NotificationContactID })).status).toBe(200);
    expect((await guardian.browser.post('/api/messages/mark-read', { message_id: message.id })).status).toBe(200);

    // Read for the guardian, still new for the holder.
    const theirs = await bell(guardian.browser);
    expect(theirs.total_count_new).toBe(before.total_count_new - 1);
    expect(theirs.notificationContacts.find((n) => n.NotificationContactID === closed.NotificationContactID)?.Status).toBe('Read');
    const holders = await bell(holder.browser);
    expect(holders.total_count_new).toBe(before.total_count_new);
    expect(holders.notificationContacts.find((n) => n.NotificationContactID === closed.NotificationContactID)?.Status).toBe('New');
    expect(await unreadMessages(guardian.browser)).toBe((await unreadMessages(holder.browser)) - 1);

    // Everything read by the holder stays unread for the guardian, and the other way round.
    expect((await holder.browser.post('/api/notification/mark-all-read')).status).toBe(200);
    expect((await bell(holder.browser)).total_count_new).toBe(0);
    expect((await bell(guardian.browser)).total_count_new).toBe(before.total_count_new - 1);
    expect((await guardian.browser.post('/api/notification/mark-all-read')).status).toBe(200);
    expect((await bell(guardian.browser)).total_count_new).toBe(0);
  });

  it("keeps a payer to the family's invoices, names a guardian's message to the company, and never lets a guardian move the family's address", async () => {
    const f = await customerWithInvoices(t, []);
    const payer = await invitedGuardian(t, f.browser, 'payer', { firstName: 'Pat' });
    const [classId] = (await db().selectFrom('classes').select('id').where('company_id', '=', f.companyId).limit(1).execute()).map((c) => c.id);
    const studentId = await newStudent(t, f.companyId, f.clientId, 'Ivy');
    for (const [url, headers] of [
      ['/api/payment/quote', {}],
      ['/api/payment/checkout', { 'idempotency-key': idempotencyKey() }],
    ] as const) {
      const res = await payer.browser.post(url, { classItems: [{ ClassID: classId, StudentID: studentId }], useSavedCard: true }, headers);
      expect([url, res.status, (res.body as { code?: string }).code]).toEqual([url, 403, 'ROLE_FORBIDDEN']);
    }
    expect((await payer.browser.call('PUT', '/api/payment/cart-holds', { classItems: [{ ClassID: classId, StudentID: studentId }] })).status).toBe(403);

    await changeCompanySettings<{ ContactEmail?: string }>(t, f.companyId, (settings) => {
      settings.ContactEmail = 'office@example.com';
    });
    // The form starts with the guardian's own name and address, so the office answers the one who asked.
    expect((await payer.browser.get<{ prefill: unknown }>('/api/company/contact-us')).body.prefill).toEqual({ name: 'Pat Rivera', email: payer.email, phone: '' });
    const sent = await payer.browser.post('/api/company/contact-us', { name: 'Pat Rivera', email: payer.email, subject: 'Invoice', message: 'A question about the invoice.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await t.lastMailTo('office@example.com'))?.text).toContain('Sent by Pat Rivera, a payer with family access to the account of Tess Ng');

    const coParent = await invitedGuardian(t, f.browser, 'co-parent', { firstName: 'Cy' });
    const details = (await coParent.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
    const moved = await coParent.browser.post('/api/customer/update-details', { ...details, Email: `moved.${unique()}@example.com`, Suburb: 'Manly' });
    expect(moved.status).toBe(403);
    // Said under the field it is about, not "Your family access does not allow this." for the whole form.
    expect(moved.body).toMatchObject({ code: 'ROLE_FORBIDDEN', message: "Only the account holder can change the family's e-mail address.", errors: [{ field: 'Email' }] });
    expect((await coParent.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client.Suburb).toBe(details.Suburb);
  });

  it("lets a guardian's own device not stand in for the family's e-mail, and keeps a sign-in that is a guardian elsewhere when its own family is erased", async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
    const companyId = (await db().selectFrom('clients').select('company_id').where('id', '=', holder.clientId).executeTakeFirstOrThrow()).company_id;
    const viewer = await invitedGuardian(t, holder.browser, 'viewer');
    const on = await viewer.browser.call('PUT', '/api/notification/push', {
      endpoint: `https://fcm.googleapis.com/fcm/send/${unique()}`,
      keys: { p256dh: 'BIsolationSampleKey', auth: 'sampleAuth' },
      categories: ['classes'],
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await clientsWithPushFor(db(), companyId, 'classes')).has(holder.clientId)).toBe(false);

    // The holder of another family, also a guardian of this one, erased from their own.
    const other = await registerCustomer(t, { email: `other.${unique()}@example.com` });
    await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Oli', last_name: 'Ng', email: other.email, role: 'viewer' });
    expect((await new Browser(t.server).post(acceptUrl(await mailedInvitationToken(t, other.email)), { password: other.password })).status).toBe(200);
    await t.runtime.ctx.transaction((tx) => eraseFamily(tx.db, { companyId, clientId: other.clientId }, new Date().toISOString()));
    const b = new Browser(t.server);
    const signedIn = await b.signIn('SPLASH', other.email, other.password);
    expect(signedIn.user).toMatchObject({ ClientID: holder.clientId, Role: 'viewer' });
  });

  it("e-mails a notice to the guardians whose role sees it, each by their own choice, without touching the family's", async () => {
    const own = await ownCompany(t);
    const holder = new Browser(t.server);
    await holder.signIn(own.code, own.email, own.password);
    const coParent = await invitedGuardian(t, holder, 'co-parent', { firstName: 'Cora' });
    const payer = await invitedGuardian(t, holder, 'payer', { firstName: 'Paz' });
    const viewer = await invitedGuardian(t, holder, 'viewer', { firstName: 'Vic' });
    // The viewer wants no class e-mail; the family's own choices stay as they were.
    const off = await viewer.browser.post<{ opt_outs: { category: string; email: boolean; in_app: boolean }[] }>('/api/notification/update-opt-outs', {
      opt_outs: [{ category: 'classes', email: true, in_app: true }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.opt_outs.find((o) => o.category === 'classes')).toMatchObject({ email: true, in_app: false });
    const family = (await holder.get<{ opt_outs: { category: string; email: boolean }[] }>('/api/notification/get-opt-outs')).body.opt_outs;
    expect(family.find((o) => o.category === 'classes')?.email).toBe(false);

    const notice = { code: own.code, category: 'classes', title: `Pool closed ${unique()}`, content: 'All Saturday classes are cancelled this week.', to: 'all' };
    expect((await notifyCommand(db(), notice)).ok).toBe(true);
    await t.runtime.ctx.mailer.deliverPending(new Date(Date.now() + 5 * 60_000));
    expect((await t.lastMailTo(coParent.email))?.subject).toBe(notice.title);
    expect((await t.lastMailTo(coParent.email))?.text).toContain('Hello Cora,');
    expect((await t.lastMailTo(own.email))?.subject).toBe(notice.title);
    // A payer hears of money, not of classes; the viewer switched it off.
    expect((await t.lastMailTo(payer.email))?.subject).not.toBe(notice.title);
    expect((await t.lastMailTo(viewer.email))?.subject).not.toBe(notice.title);
    const money = { ...notice, category: 'invoices', title: `Fees due ${unique()}` };
    await notifyCommand(db(), money);
    await t.runtime.ctx.mailer.deliverPending(new Date(Date.now() + 5 * 60_000));
    expect((await t.lastMailTo(payer.email))?.subject).toBe(money.title);
    // In the hub too: the payer's bell and list leave the class notice out; the co-parent's hold both.
    type List = { notificationContacts: { Notifications: { ClientInAppTitle: string } }[]; total_count: number; total_count_new: number };
    const listOf = async (b: Browser) => (await b.get<List>('/api/notification?page=1&limit=10&status=All')).body;
    const titles = (list: List) => list.notificationContacts.map((n) => n.Notifications.ClientInAppTitle);
    const payerList = await listOf(payer.browser);
    const coParentList = await listOf(coParent.browser);
    expect(titles(payerList)).toContain(money.title);
    expect(titles(payerList)).not.toContain(notice.title);
    expect(titles(coParentList)).toEqual(expect.arrayContaining([money.title, notice.title]));
    expect([payerList.total_count, payerList.total_count_new]).toEqual([coParentList.total_count - 1, coParentList.total_count_new - 1]);
    await payer.browser.post('/api/notification/mark-all-read', {});
    expect((await listOf(payer.browser)).total_count_new).toBe(0);

    // A waitlist offer's or a class change's e-mail goes the same way (mailGuardians).
    const company = (await findCompanyByCode(t.runtime.ctx, own.code))!;
    const clientId = (await holder.get<{ user: { ClientID: number } }>('/api/customer/me')).body.user.ClientID;
    const offer = `A place in Squad ${unique()}`;
    expect(await mailGuardians(t.runtime.ctx, company, clientId, { category: 'classes', subject: offer, content: 'A place is yours until tomorrow.' })).toBe(1);
    expect((await t.lastMailTo(coParent.email))?.subject).toBe(offer);
  });

  it("a company bundle's guardian signs in to the family under her own name, and a payer sees money but not the children's records", async () => {
    const email = `grandma.${unique()}@example.com`;
    const own = await ownCompany(t, { guardians: [{ email, first_name: 'Margaret', last_name: 'Mitchell', role: 'payer', password: EXAMPLE_PASSWORD }] });
    const b = new Browser(t.server);
    const { user } = await b.signIn(own.code, email, EXAMPLE_PASSWORD);
    expect(user).toMatchObject({ FirstName: 'Margaret', LastName: 'Mitchell', Role: 'payer' });
    expect((await b.get('/api/financials/invoices')).status).toBe(200);
    expect((await b.get('/api/student/get-all')).body).toMatchObject({ code: 'ROLE_FORBIDDEN' });
  });

  it("keeps each person's sessions their own, and records which guardian signed an agreement", async () => {
    const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com`, acceptAgreements: false });
    // The holder left the company's agreements unsigned for now (their sign-in actions put aside).
    await db().updateTable('sign_in_actions').set({ completed_at: new Date().toISOString() }).where('client_id', '=', holder.clientId).execute();
    const coParent = await invitedGuardian(t, holder.browser, 'co-parent', { firstName: 'Jo' });
    // The holder's sign-in actions are theirs: the co-parent is not held at them.
    expect((await coParent.browser.get('/api/customer/get-sign-in-actions')).body).toMatchObject({ actions: [] });
    const agreements = (await coParent.browser.get<{ agreements: { AgreementID: number }[] }>('/api/customer/get-active-agreements')).body.agreements;
    const first = agreements[0];
    expect(first).toBeDefined();
    if (first) {
      const signed = await coParent.browser.post('/api/customer/agree-to-agreement', { agreement_id: first.AgreementID, signature: await testSignature() });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const row = await db().selectFrom('agreement_signatures').select('signed_by').where('client_id', '=', holder.clientId).where('agreement_id', '=', first.AgreementID).executeTakeFirstOrThrow();
      expect(row.signed_by).toBe('Jo Rivera');
    }
    // The co-parent's new password signs out their other devices, not the holder.
    const newPassword = 'Tide#Pool2032';
    const changed = await coParent.browser.post('/api/customer/change-password', { current_password: coParent.password, password: newPassword, confirm_password: newPassword });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await holder.browser.get('/api/customer/me')).status).toBe(200);
    expect((await coParent.browser.get('/api/customer/me')).status).toBe(200);
    // The holder's revokes the co-parent; their devices stop receiving pushes with their sessions.
    expect((await holder.browser.call('DELETE', `/api/customer/family-access/guardians/${coParent.guardianId}`)).status).toBe(200);
    expect(await db().selectFrom('sessions').select('id').where('guardian_id', '=', coParent.guardianId).execute()).toEqual([]);
  });
});

describe("an invitation's link", () => {
  it('never reaches a log line or the kept copy of the mail', async () => {
    const stream = new PassThrough();
    let logText = '';
    stream.on('data', (c: Buffer) => (logText += c.toString()));
    const t = await startTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      const holder = await registerCustomer(t, { email: `holder.${unique()}@example.com` });
      const email = `logged.${unique()}@example.com`;
      await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Lo', last_name: 'Gg', email, role: 'viewer' });
      const token = await mailedInvitationToken(t, email);
      const b = new Browser(t.server);
      expect((await b.get(`/api/family-access/invitations/${encodeURIComponent(token)}`)).status).toBe(200);
      expect((await b.post(acceptUrl(token), { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' })).status).toBe(200);
      expect(logText).toContain('/api/family-access/invitations/[redacted]');
      expect(logText).not.toContain(token);
      const kept = await t.runtime.ctx.db.selectFrom('outbox').select(['text_body', 'html_body']).where('to_address', '=', email).execute();
      expect(JSON.stringify(kept)).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
