import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateCompanySettings } from '../company/company.repository.ts';
import { completeSignUpActions, Browser, DEMO_PASSWORD, mailedCode, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

describe.each(testEngines())('customer calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const db = () => t.runtime.ctx.db;
  /** Mail leaves after the answer; wait for the queue, then read what the SMTP server received. */
  const lastMailTo = (to: string) => t.lastMailTo(to);

  describe('sign-in', () => {
    it('customer calls need a company first', async () => {
      const res = await new Browser(t.server).post('/api/customer/get-clients', { email: 'parent@example.com', password: DEMO_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('COMPANY_REQUIRED');
    });

    it('get-clients lists the accounts of an e-mail within the company only', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const family = await b.post('/api/customer/get-clients', { email: 'family@example.com', password: DEMO_PASSWORD });
      expect(family.status).toBe(200);
      expect(family.body.clients).toHaveLength(2);
      expect((family.body.clients as Record<string, unknown>[])[0]).toEqual({ ClientID: expect.any(Number), FirstName: expect.any(String), LastName: expect.any(String) });
      const parent = await b.post('/api/customer/get-clients', { email: 'parent@example.com', password: DEMO_PASSWORD });
      expect(parent.body.clients).toHaveLength(1);
      // dancer@ has an account at THAMES only.
      const elsewhere = await b.post('/api/customer/get-clients', { email: 'dancer@example.com', password: DEMO_PASSWORD });
      expect(elsewhere.status).toBe(401);
      expect(elsewhere.body.message).toBe('Invalid credentials');
    });

    it('login answers actions and user, and sets a new HttpOnly customer cookie', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const res = await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD, server_redirect: '/hub/students' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, actions: [], server_redirect: '/hub/students' });
      expect(res.body.user).toEqual({ ClientID: expect.any(Number), FirstName: 'Sarah', LastName: 'Mitchell', total_barcodes: 3, Role: 'holder' });
      expect(String(res.headers['set-cookie'])).toMatch(/portal_customer=[A-Za-z0-9_-]{43}.*HttpOnly/i);
      const first = b.cookies.get('portal_customer');
      await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD });
      expect(b.cookies.get('portal_customer')).not.toBe(first);
    });

    it('an off-site server_redirect is dropped', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const res = await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD, server_redirect: '//evil.example/x' });
      expect(res.body.server_redirect).toBeUndefined();
    });

    it('several accounts need a choice; a foreign client_id is refused', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const noChoice = await b.post('/api/customer/login', { email: 'family@example.com', password: DEMO_PASSWORD });
      expect(noChoice.status).toBe(409);
      expect(noChoice.body.code).toBe('ACCOUNT_CHOICE_REQUIRED');
      const clients = (await b.post('/api/customer/get-clients', { email: 'family@example.com', password: DEMO_PASSWORD })).body.clients as { ClientID: number }[];
      const second = await b.post('/api/customer/login', { email: 'family@example.com', password: DEMO_PASSWORD, client_id: clients[1]!.ClientID });
      expect(second.status).toBe(200);
      expect((second.body.user as { ClientID: number }).ClientID).toBe(clients[1]!.ClientID);
      const parentId = ((await b.post('/api/customer/get-clients', { email: 'parent@example.com', password: DEMO_PASSWORD })).body.clients as { ClientID: number }[])[0]!.ClientID;
      const foreign = await b.post('/api/customer/login', { email: 'family@example.com', password: DEMO_PASSWORD, client_id: parentId });
      expect(foreign.status).toBe(404);
      for (const client_id of [2147483648, '1', [1], true, -1, 1.5]) {
        expect((await b.post('/api/customer/login', { email: 'family@example.com', password: DEMO_PASSWORD, client_id })).status, JSON.stringify(client_id)).toBe(400);
      }
    });

    it('wrong password and unknown e-mail answer the same', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const wrong = await b.post('/api/customer/login', { email: 'parent@example.com', password: 'Nope#2026' });
      const unknown = await b.post('/api/customer/login', { email: 'ghost@example.com', password: 'Nope#2026' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
      expect(b.cookies.has('portal_customer')).toBe(false);
    });

    it('the page’s hint cookie says while sign-in actions are queued, kept in step by the calls', async () => {
      const { browser, clientId } = await registerCustomer(t, { email: `queue.${Date.now()}@example.com`, acceptAgreements: false });
      expect(browser.cookies.get('portal_actions')).toBe('pending');
      await completeSignUpActions(browser);
      expect((await browser.get('/api/customer/get-sign-in-actions')).body.actions).toEqual([]);
      expect(browser.cookies.has('portal_actions')).toBe(false);
      // An action the company adds during the session: the next call says so.
      const { company_id } = await db().selectFrom('clients').select('company_id').where('id', '=', clientId).executeTakeFirstOrThrow();
      await db()
        .insertInto('sign_in_actions')
        .values({ company_id, client_id: clientId, type: 'ChangePassword', agreement_id: null, student_id: null, created_at: new Date().toISOString(), completed_at: null })
        .execute();
      await browser.get('/api/customer/me');
      expect(browser.cookies.get('portal_actions')).toBe('pending');
      await browser.post('/api/customer/logout', {});
      expect(browser.cookies.has('portal_actions')).toBe(false);
    });

    it('customer/session answers a guest as signed out (200), and the signed-in customer as me does', async () => {
      const guest = new Browser(t.server);
      await guest.enterCompany('SPLASH');
      const out = await guest.get('/api/customer/session');
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ success: true, signedIn: false, user: null, actions: [] });
      const { browser } = await registerCustomer(t, { email: `probe.${Date.now()}@example.com` });
      const me = await browser.get('/api/customer/me');
      expect((await browser.get('/api/customer/session')).body).toEqual({ ...me.body, signedIn: true });
      // Without a company there is no portal to be signed in to: that stays a 401.
      expect((await new Browser(t.server).get('/api/customer/session')).status).toBe(401);
    });

    it('pending sign-in actions come with the login and from get-sign-in-actions', async () => {
      const b = new Browser(t.server);
      const login = await b.signIn('SPLASH', 'new@example.com');
      expect(login.actions.length).toBeGreaterThanOrEqual(2);
      expect(login.actions[0]).toMatchObject({ type: 'AcceptAgreement', agreement_id: expect.any(Number) });
      const res = await b.get('/api/customer/get-sign-in-actions');
      expect(res.body.actions).toEqual(login.actions);
    });

    it('customer logout ends the session server-side: the old cookie answers 401', async () => {
      const b = new Browser(t.server);
      await b.signIn('SPLASH', 'parent@example.com');
      const stolen = b.cookies.get('portal_customer')!;
      expect((await b.post('/api/customer/logout')).status).toBe(200);
      expect(b.cookies.has('portal_customer')).toBe(false);
      b.cookies.set('portal_customer', stolen);
      const res = await b.get('/api/home/get-upcoming-classes');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
      // The company session survives a customer logout.
      expect((await b.get('/api/company/get-config')).status).toBe(200);
    });

    it('a customer session is worthless under another company', async () => {
      const b = new Browser(t.server);
      await b.signIn('SPLASH', 'parent@example.com');
      const customer = b.cookies.get('portal_customer')!;
      await b.enterCompany('ACE');
      b.cookies.set('portal_customer', customer);
      expect((await b.get('/api/home/get-upcoming-classes')).status).toBe(401);
      expect((await b.get('/api/notification')).status).toBe(401);
    });
  });

  describe('registration', () => {
    const form = { first_name: 'Maya', last_name: 'Nguyen', email: 'maya@example.com', password: 'Swim#2027', confirm_password: 'Swim#2027' };
    const codeFromMail = (to: string) => mailedCode(t, to);

    it('step one e-mails a 6-digit code and answers emailToken; step two creates the account and signs in', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const one = await b.post('/api/customer/register', form);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ success: true, emailToken: expect.any(String) });
      const code = await codeFromMail(form.email);
      expect(code).toBeGreaterThanOrEqual(100000);
      const two = await b.post('/api/customer/register', { ...form, email_code: code, email_token: one.body.emailToken });
      expect(two.status).toBe(200);
      expect(two.body.user).toMatchObject({ FirstName: 'Maya', LastName: 'Nguyen', total_barcodes: 0 });
      // The company's required agreements come first (decision 021).
      // SPLASH's customer form makes the mobile mandatory, which the register form does not ask for.
      expect((two.body.actions as { type: string }[]).map((a) => a.type)).toEqual(['AcceptAgreement', 'AcceptAgreement', 'UpdateProfile']);
      expect((await b.get('/api/home/get-upcoming-classes')).status).toBe(403);
      await completeSignUpActions(b);
      expect((await b.get('/api/home/get-upcoming-classes')).status).toBe(200);
      const login = await db().selectFrom('logins').select(['email', 'password_hash']).where('email', '=', form.email).executeTakeFirstOrThrow();
      expect(login.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // The code works once.
      const again = await new Browser(t.server).post('/api/customer/register', { ...form, email_code: code, email_token: one.body.emailToken });
      expect(again.status).toBe(401); // no company in that browser
      const c = new Browser(t.server);
      await c.enterCompany('SPLASH');
      const reuse = await c.post('/api/customer/register', { ...form, email_code: code, email_token: one.body.emailToken });
      expect(reuse.status).toBe(422);
      expect(reuse.body.code).toBe('CODE_INVALID');
    });

    it('a blank or missing code is "Code is required" and costs no try', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const f = { ...form, email: 'blank@example.com' };
      const one = await b.post('/api/customer/register', f);
      for (const email_code of ['', null]) {
        const res = await b.post('/api/customer/register', { ...f, email_code, email_token: one.body.emailToken });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Code is required');
      }
      const row = await db().selectFrom('email_codes').select('attempts').where('email', '=', f.email).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(0);
    });

    it('wrong codes are bounded: the fifth wrong try locks the token', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const f = { ...form, email: 'tries@example.com' };
      const one = await b.post('/api/customer/register', f);
      const code = await codeFromMail(f.email);
      const wrong = code === 999999 ? 100000 : code + 1;
      for (let i = 1; i <= 4; i++) {
        const res = await b.post('/api/customer/register', { ...f, email_code: wrong, email_token: one.body.emailToken });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('CODE_INVALID');
      }
      const fifth = await b.post('/api/customer/register', { ...f, email_code: wrong, email_token: one.body.emailToken });
      expect(fifth.body.code).toBe('CODE_TOO_MANY_TRIES');
      const right = await b.post('/api/customer/register', { ...f, email_code: code, email_token: one.body.emailToken });
      expect(right.status).toBe(422);
      expect(await db().selectFrom('logins').select('id').where('email', '=', f.email).executeTakeFirst()).toBeUndefined();
    });

    it('an expired code is refused', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const f = { ...form, email: 'late@example.com' };
      const one = await b.post('/api/customer/register', f);
      const code = await codeFromMail(f.email);
      await db()
        .updateTable('email_codes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', f.email)
        .execute();
      const res = await b.post('/api/customer/register', { ...f, email_code: code, email_token: one.body.emailToken });
      expect(res.status).toBe(422);
    });

    it('an address that already has an account gets a notice by e-mail, never a code, and the same answer', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const res = await b.post('/api/customer/register', { ...form, email: 'parent@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.emailToken).toEqual(expect.any(String));
      const mail = await lastMailTo('parent@example.com');
      expect(mail?.text).toContain('You already have an account');
      expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    });

    it('the server enforces the register form rules with the spec messages', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ first_name: '   ' }, 'first_name', 'First name is required'],
        [{ last_name: '' }, 'last_name', 'Last name is required'],
        [{ first_name: 'Ann,Lee' }, 'first_name', 'Name must not contain \\, <, >, or ='],
        [{ last_name: 'A<b' }, 'last_name', 'Name must not contain \\, <, >, or ='],
        [{ first_name: 'Ann"' }, 'first_name', 'Name must not contain \\, <, >, or ='],
        [{ email: 'a b@c.io' }, 'email', 'Invalid email address'],
        [{ email: '' }, 'email', 'Email is required'],
        [{ password: 'ab1!', confirm_password: 'ab1!' }, 'password', 'Password must be at least 8 characters long'],
        [{ password: 'abcdefgh1', confirm_password: 'abcdefgh1' }, 'password', 'Password must contain at least one number and one special character'],
        [{ password: 'abc def1!', confirm_password: 'abc def1!' }, 'password', 'Password must contain at least one number and one special character'],
        [{ confirm_password: '' }, 'confirm_password', 'Confirm Password is required'],
        [{ confirm_password: 'Swim#2028' }, 'confirm_password', 'Passwords do not match'],
      ];
      for (const [change, field, message] of cases) {
        const res = await b.post('/api/customer/register', { ...form, email: 'rules@example.com', ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.errors, JSON.stringify(change)).toContainEqual({ field, message });
      }
      expect(await lastMailTo('rules@example.com')).toBeUndefined();
    });

    it('is refused when the company takes no new sign-ups', async () => {
      const b = new Browser(t.server);
      await b.enterCompany('THAMES');
      const res = await b.post('/api/customer/register', { ...form, email: 'closed@example.com' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SIGN_UPS_CLOSED');
      expect(await lastMailTo('closed@example.com')).toBeUndefined();
    });
  });

  describe('password reset', () => {
    const requestReset = async (email: string, url?: string) => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const res = await b.post('/api/customer/forget-password', { email, url });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const mail = await lastMailTo(email);
      const link = /(https?:\/\/\S+reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
      return { link, token: link ? decodeURIComponent(new URL(link).searchParams.get('token')!) : undefined };
    };

    it('answers the same for an unknown address and sends nothing', async () => {
      const { link } = await requestReset('nobody@example.com');
      expect(link).toBeUndefined();
    });

    it('the link points at the trusted origin whatever url the client sends', async () => {
      const { link } = await requestReset('family@example.com', 'https://evil.example/steal');
      expect(link).toMatch(/^http:\/\/portal\.test\/reset-password\?token=/);
    });

    it('a token sets a new password once, ends the other sessions; check-if-changing-password follows it', async () => {
      const signedInBefore = new Browser(t.server);
      await signedInBefore.signIn('SPLASH', 'family@example.com');
      const { token } = await requestReset('family@example.com');
      const pub = new Browser(t.server);
      expect((await pub.get(`/api/customer/check-if-changing-password/${token}`)).body).toEqual({ success: true, isChangingPassword: true });
      const mismatch = await pub.post(`/api/customer/reset-password/${token}`, { password: 'Fresh#2027', confirm_password: 'Fresh#2028' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('Passwords do not match');
      const ok = await pub.post(`/api/customer/reset-password/${token}`, { password: 'Fresh#2027', confirm_password: 'Fresh#2027' });
      expect(ok.body).toEqual({ success: true });
      expect((await pub.get(`/api/customer/check-if-changing-password/${token}`)).body.isChangingPassword).toBe(false);
      const reuse = await pub.post(`/api/customer/reset-password/${token}`, { password: 'Other#2027', confirm_password: 'Other#2027' });
      expect(reuse.status).toBe(422);
      expect(reuse.body.code).toBe('RESET_LINK_INVALID');
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      expect((await b.post('/api/customer/get-clients', { email: 'family@example.com', password: DEMO_PASSWORD })).status).toBe(401);
      // Sessions signed in with the old password were ended by the reset.
      expect((await signedInBefore.get('/api/customer/me')).status).toBe(401);
      expect((await b.post('/api/customer/get-clients', { email: 'family@example.com', password: 'Fresh#2027' })).status).toBe(200);
    });

    it('a token of a company whose portal has been switched off is not usable', async () => {
      const { token } = await requestReset('family@example.com');
      const row = await db().selectFrom('companies').select(['id', 'settings']).where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
      const settings = JSON.parse(row.settings);
      settings.switches.CustomerPortalActive = false;
      await updateCompanySettings(db(), row.id, settings);
      try {
        const pub = new Browser(t.server);
        expect((await pub.get(`/api/customer/check-if-changing-password/${token}`)).body.isChangingPassword).toBe(false);
        expect((await pub.post(`/api/customer/reset-password/${token}`, { password: 'Fresh#2029', confirm_password: 'Fresh#2029' })).status).toBe(422);
      } finally {
        await updateCompanySettings(db(), row.id, JSON.parse(row.settings));
      }
    });

    it('an expired or unknown token is not usable', async () => {
      const { token } = await requestReset('parent@example.com');
      await db()
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const pub = new Browser(t.server);
      expect((await pub.get(`/api/customer/check-if-changing-password/${token}`)).body.isChangingPassword).toBe(false);
      expect((await pub.post(`/api/customer/reset-password/${token}`, { password: 'Fresh#2027', confirm_password: 'Fresh#2027' })).status).toBe(422);
      expect((await pub.get('/api/customer/check-if-changing-password/made-up')).body.isChangingPassword).toBe(false);
    });
  });

  it('set-password changes the signed-in customer password and completes a ChangePassword action', async () => {
    const b = new Browser(t.server);
    const { user } = await b.signIn('THAMES', 'dancer@example.com');
    const company = await db().selectFrom('companies').select('id').where('code', '=', 'THAMES').executeTakeFirstOrThrow();
    await db()
      .insertInto('sign_in_actions')
      .values({ company_id: company.id, client_id: user.ClientID, type: 'ChangePassword', agreement_id: null, student_id: null, created_at: new Date().toISOString(), completed_at: null })
      .execute();
    expect((await b.get('/api/customer/get-sign-in-actions')).body.actions).toContainEqual(expect.objectContaining({ type: 'ChangePassword' }));
    const weak = await b.post('/api/customer/set-password', { password: 'short', confirm_password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 8 characters long');
    const other = new Browser(t.server);
    await other.signIn('THAMES', 'dancer@example.com');
    expect((await b.post('/api/customer/set-password', { password: 'Dance#2027', confirm_password: 'Dance#2027' })).body).toEqual({ success: true });
    // The session that changed it stays; every other session of that sign-in ends.
    expect((await b.get('/api/customer/me')).status).toBe(200);
    expect((await other.get('/api/customer/me')).status).toBe(401);
    expect((await b.get('/api/customer/get-sign-in-actions')).body.actions).not.toContainEqual(expect.objectContaining({ type: 'ChangePassword' }));
    const again = new Browser(t.server);
    await again.enterCompany('THAMES');
    expect((await again.post('/api/customer/login', { email: 'dancer@example.com', password: 'Dance#2027' })).status).toBe(200);
    expect((await new Browser(t.server).post('/api/customer/set-password', { password: 'Dance#2027', confirm_password: 'Dance#2027' })).status).toBe(401);
  });
});
