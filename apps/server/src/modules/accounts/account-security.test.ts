import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { messages, serverMessages } from '@portal/shared/messages';
import { Browser, DEMO_PASSWORD, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

describe.each(testEngines())('account security on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;

  const resetLinkToken = async (email: string) => {
    const mail = await t.lastMailTo(email);
    return decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  };

  it('a tab or newline inside server_redirect drops it', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const target of ['/\t/evil.example', '/\n/evil.example', '/hub\r\n']) {
      const res = await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD, server_redirect: target });
      expect(res.status).toBe(200);
      expect(res.body.server_redirect).toBeUndefined();
    }
  });

  it('common passwords are refused on registration, reset and set-password, with their own message', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const password of ['Password1!', 'P@ssw0rd', 'Qwerty123!']) {
      const res = await b.post('/api/customer/register', { first_name: 'A', last_name: 'B', email: 'common@example.com', password, confirm_password: password });
      expect(res.status, password).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: messages.passwordCommon }]);
    }
    expect(await t.lastMailTo('common@example.com')).toBeUndefined();
    const reset = await b.post('/api/customer/reset-password/some-token', { password: 'P@ssw0rd', confirm_password: 'P@ssw0rd' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(messages.passwordCommon);
  });

  it('decision 077: a confirmation that differs is refused as not matching, not for its own complexity', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const res = await b.post('/api/customer/register', { first_name: 'A', last_name: 'B', email: 'mismatch@example.com', password: 'Heron#Lane59', confirm_password: 'HeronLane59' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'confirm_password', message: messages.passwordsDoNotMatch }]);
    const reset = await b.post('/api/customer/reset-password/some-token', { password: 'heronlane59', confirm_password: 'heronlane58' });
    expect(reset.status).toBe(400);
    expect(reset.body.errors).toEqual([
      { field: 'password', message: messages.passwordComplexity },
      { field: 'confirm_password', message: messages.passwordsDoNotMatch },
    ]);
    expect(await t.lastMailTo('mismatch@example.com')).toBeUndefined();
  });

  it('a password over 128 characters is refused with the length message', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const long = `Aa1!${'x'.repeat(125)}`;
    const res = await b.post('/api/customer/register', { first_name: 'A', last_name: 'B', email: 'long@example.com', password: long, confirm_password: long });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'password', message: 'Password must be at most 128 characters long' },
      { field: 'confirm_password', message: 'Confirm Password must be at most 128 characters long' },
    ]);
  });

  it('the registration code lives 10 minutes', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const before = Date.now();
    expect((await b.post('/api/customer/register', { first_name: 'Ten', last_name: 'Min', email: 'ten@example.com', password: 'Lane#Tadpole47', confirm_password: 'Lane#Tadpole47' })).status).toBe(
      200,
    );
    const after = Date.now();
    const row = await db().selectFrom('email_codes').select(['expires_at']).where('email', '=', 'ten@example.com').executeTakeFirstOrThrow();
    // Stamped during the call, so within the call's own time, however slow the machine.
    const expires = new Date(row.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(expires).toBeLessThanOrEqual(after + 10 * 60_000);
    expect((await t.lastMailTo('ten@example.com'))?.text).toContain('It expires in 10 minutes.');
  });

  it('set-password needs a pending ChangePassword action; afterwards the owner is told by e-mail', async () => {
    const { browser, clientId } = await registerCustomer(t, { email: 'setpw@example.com' });
    const refused = await browser.post('/api/customer/set-password', { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'NO_PASSWORD_CHANGE_PENDING', message: serverMessages.noPasswordChangePending });
    const relogin = new Browser(t.server);
    await relogin.enterCompany('SPLASH');
    expect((await relogin.post('/api/customer/login', { email: 'setpw@example.com', password: 'Otter#Lane58' })).status).toBe(401);

    const company = await db().selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
    await db()
      .insertInto('sign_in_actions')
      .values({ company_id: company.id, client_id: clientId, type: 'ChangePassword', agreement_id: null, student_id: null, created_at: new Date().toISOString(), completed_at: null })
      .execute();
    expect((await browser.post('/api/customer/set-password', { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' })).status).toBe(200);
    const notice = await t.lastMailTo('setpw@example.com');
    expect(notice?.subject).toMatch(/password was changed/i);
    expect(notice?.text).toContain('The password of your Splash Swim School Customer Hub account was changed');
    // When, on the school's clock and in its date format (it said "Mon, 30 Nov 2026 07:24:14 GMT" to a family in Sydney).
    expect(notice?.text).toMatch(/was changed on \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [AP]M \(Sydney time\)\./);
    expect(notice?.text).not.toContain('GMT');
    // Done once: the action is complete, so a second change is refused.
    expect((await browser.post('/api/customer/set-password', { password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' })).status).toBe(403);
  });

  it('a family that never had a password (a registration’s) sets its first one without a "password was changed" alarm', async () => {
    const { browser, clientId } = await registerCustomer(t, { email: 'firstpw@example.com' });
    const company = await db().selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
    // As a registration leaves its new family: signed in, no password yet, asked to set one.
    const login = await db().selectFrom('clients').select('login_id').where('id', '=', clientId).executeTakeFirstOrThrow();
    await db().updateTable('logins').set({ password_hash: '' }).where('id', '=', login.login_id!).execute();
    await db()
      .insertInto('sign_in_actions')
      .values({ company_id: company.id, client_id: clientId, type: 'ChangePassword', agreement_id: null, student_id: null, created_at: new Date().toISOString(), completed_at: null })
      .execute();
    expect((await browser.post('/api/customer/set-password', { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' })).status).toBe(200);
    expect((await t.lastMailTo('firstpw@example.com'))?.subject ?? '').not.toMatch(/password was changed/i);
    const relogin = new Browser(t.server);
    await relogin.enterCompany('SPLASH');
    expect((await relogin.post('/api/customer/login', { email: 'firstpw@example.com', password: 'Otter#Lane58' })).status).toBe(200);
  });

  it('a reset token works only for its own company: not under another company session', async () => {
    await registerCustomer(t, { email: 'bound@example.com' });
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/forget-password', { email: 'bound@example.com' })).status).toBe(200);
    const token = await resetLinkToken('bound@example.com');
    expect(token).toHaveLength(43);

    const elsewhere = new Browser(t.server);
    await elsewhere.enterCompany('ACE');
    expect((await elsewhere.get(`/api/customer/check-if-changing-password/${token}`)).body).toEqual({ success: true, isChangingPassword: false });
    const refused = await elsewhere.post(`/api/customer/reset-password/${token}`, { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('RESET_LINK_INVALID');

    // Its own company's session (or none: the link opened in a fresh browser) may use it.
    expect((await b.get(`/api/customer/check-if-changing-password/${token}`)).body.isChangingPassword).toBe(true);
    expect((await b.post(`/api/customer/reset-password/${token}`, { password: 'Otter#Lane58', confirm_password: 'Otter#Lane58' })).status).toBe(200);
    const notice = await t.lastMailTo('bound@example.com');
    expect(notice?.subject).toMatch(/password was changed/i);
    expect(notice?.text).not.toContain('token=');
  });

  it('mail carrying a code or a reset link is never kept in clear: the outbox holds it redacted, and drops it once delivered', async () => {
    await registerCustomer(t, { email: 'secret@example.com' });
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    await b.post('/api/customer/forget-password', { email: 'secret@example.com' });
    const token = await resetLinkToken('secret@example.com');
    expect(token).toHaveLength(43);
    const rows = await db().selectFrom('outbox').selectAll().where('to_address', '=', 'secret@example.com').execute();
    // Delivered over SMTP: nothing of them is left.
    expect(rows).toEqual([]);
  });
});

describe.each(testEngines())('mail without SMTP_URL on %s', (engine) => {
  let t: TestApp;
  const stream = new PassThrough();
  let logText = '';
  stream.on('data', (c: Buffer) => (logText += c.toString()));
  beforeAll(async () => {
    t = await startTestApp(engine, { SMTP_URL: undefined, LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('the log says a message was queued, the outbox row is redacted, and only the development view shows the secret', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    await b.post('/api/customer/register', { first_name: 'Quin', last_name: 'Lo', email: 'quin@example.com', password: 'Lane#Tadpole47', confirm_password: 'Lane#Tadpole47' });
    await b.post('/api/customer/forget-password', { email: 'parent@example.com' });
    await t.runtime.ctx.mailer.flush();

    const rows = await t.runtime.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const code = rows.find((r) => r.to_address === 'quin@example.com');
    const reset = rows.find((r) => r.to_address === 'parent@example.com');
    expect(code?.text_body).toContain('Your Splash Swim School Customer Hub verification code is [redacted].');
    expect(code?.subject).toBe('Your verification code: [redacted]');
    expect(reset?.text_body).toContain('/reset-password?token=[redacted]');
    expect(reset?.html_body).toContain('token=[redacted]');
    for (const row of rows) expect(`${row.subject}${row.text_body}${row.html_body}`).not.toMatch(/\b\d{6}\b|token=[A-Za-z0-9_-]{43}/);

    expect(logText).toContain('e-mail queued');
    expect(logText).not.toMatch(/verification code is \d{6}|token=[A-Za-z0-9_-]{43}/);

    // The development view (loopback only) holds the full text in memory.
    const view = await t.server.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(view.statusCode).toBe(200);
    const held = view.json<{ mails: { to: string; subject: string; text: string }[] }>().mails;
    expect(held.find((m) => m.to === 'quin@example.com')?.text).toMatch(/verification code is \d{6}\./);
    expect(held.find((m) => m.to === 'parent@example.com')?.text).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect((await t.server.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '198.51.100.7' })).statusCode).toBe(404);
    expect(logText).toContain('the development outbox view is on');
    expect(logText).toContain('DEV_OUTBOX=false');
  });

  it('a request a proxy forwarded is refused even when it arrives from loopback', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await t.server.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('verification code');
    }
  });
});

describe('the development outbox view behind a trusted proxy', () => {
  it('goes by the socket, not by the address the proxy names', async () => {
    const t = await startTestApp('sqlite', { SMTP_URL: undefined, TRUST_PROXY: true });
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('the development outbox view switched off', () => {
  it.each([
    // The demo companies pay through the simulated gateway, which production refuses unless allowed.
    ['in production', { NODE_ENV: 'production' as const, ALLOW_SIMULATED_GATEWAY: true }],
    ['with DEV_OUTBOX=false', { DEV_OUTBOX: false }],
  ])('does not exist %s', async (_, env) => {
    const t = await startTestApp('sqlite', { SMTP_URL: undefined, ...env });
    try {
      expect((await t.server.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
