import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classMessages } from '@portal/shared/class-schemas';
import type { FamilyAccessAnswer } from '@portal/shared/guardian-schemas';
import { Browser, mailedInvitationToken, registerCustomer, testEngines, testSignature } from './test/api-harness.ts';
import { classesWithSessionsAhead, companyApp, newStudent } from './test/payment-fixtures.ts';

const unique = () => randomBytes(4).toString('hex');
const times = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));

/**
 * One write sent many times at once, as a double tap or two tabs send it: each is recorded once,
 * the rest are answered plainly, and none answers 500.
 */
describe.each(testEngines())('the same write sent at once on %s', (engine) => {
  const app = companyApp(engine);
  const { db } = app;
  const family = (who = 'once') => registerCustomer(app.t, { email: `${who}.${unique()}@example.com`, company: 'SPLASH' });

  it('a child put on a full class’s waitlist twenty times at once waits there once', async () => {
    const { browser, clientId } = await family();
    const studentId = await newStudent(app.t, app.companyId, clientId);
    const [classId] = await classesWithSessionsAhead(app.t, app.companyId);
    await db().updateTable('classes').set({ capacity: 0 }).where('company_id', '=', app.companyId).where('id', '=', classId!).execute();
    const answers = await times(20, () => browser.post<{ message?: string }>('/api/classes/join-waitlist', { class_id: classId, student_id: studentId }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === classMessages.waitlistAlready)).toBe(true);
    const rows = await db().selectFrom('waitlist_entries').select('id').where('company_id', '=', app.companyId).where('student_id', '=', studentId).execute();
    expect(rows).toHaveLength(1);
    const log = await db().selectFrom('activity_log').select('summary').where('client_id', '=', clientId).where('kind', '=', 'waitlist').execute();
    expect(log).toHaveLength(1);
  });

  it('one address invited ten times at once has one pending invitation, which one of the links mailed opens', async () => {
    const holder = await family('holder');
    const email = `uncle.${unique()}@example.com`;
    const answers = await times(10, () => holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Uncle', last_name: 'Bob', email, role: 'viewer' }));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const pending = await db().selectFrom('guardian_invitations').select('id').where('client_id', '=', holder.clientId).where('email', '=', email).where('accepted_at', 'is', null).execute();
    expect(pending).toHaveLength(1);
    expect((await holder.browser.get<FamilyAccessAnswer>('/api/customer/family-access')).body.invitations).toHaveLength(1);
    await app.t.runtime.ctx.mailer.flush();
    const tokens = app.t.mailbox.received.filter((m) => m.to === email).map((m) => decodeURIComponent(/join-family\?token=([^\s"&<]+)/.exec(m.text)![1]!));
    expect(tokens).toHaveLength(10);
    const opens = await Promise.all(tokens.map(async (token) => (await new Browser(app.t.server).get(`/api/family-access/invitations/${encodeURIComponent(token)}`)).status));
    expect(opens.filter((s) => s === 200)).toHaveLength(1);
  });

  it('a new address accepting two families’ invitations at once joins both with one sign-in', async () => {
    const [first, second] = [await family('first'), await family('second')];
    const email = `carol.${unique()}@example.com`;
    const tokens: string[] = [];
    for (const holder of [first, second]) {
      expect((await holder.browser.post('/api/customer/family-access/invitations', { first_name: 'Carol', last_name: 'Ng', email, role: 'viewer' })).status).toBe(200);
      tokens.push(await mailedInvitationToken(app.t, email));
    }
    const answer = { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' };
    const answers = await Promise.all(tokens.map((token) => new Browser(app.t.server).post(`/api/family-access/invitations/${encodeURIComponent(token)}/accept`, answer)));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([200, 200]);
    const logins = await db().selectFrom('logins').select('id').where('company_id', '=', app.companyId).where('email', '=', email).execute();
    expect(logins).toHaveLength(1);
    const guardians = await db().selectFrom('guardians').select('client_id').where('login_id', '=', logins[0]!.id).orderBy('client_id').execute();
    expect(guardians.map((g) => g.client_id)).toEqual([first.clientId, second.clientId].sort((a, b) => a - b));
  });

  it('two accounts confirming a change to one new address at once: one gets it, the other is told it is taken', async () => {
    const email = `dave.${unique()}@example.com`;
    const changes = [];
    for (const f of [await family('a'), await family('b')]) {
      const details = (await f.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
      const asked = await f.browser.post<{ emailToken: string }>('/api/customer/update-details', { ...details, Email: email });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const code = Number(/verification code is (\d{6})/.exec((await app.t.lastMailTo(email))?.text ?? '')?.[1]);
      changes.push({ browser: f.browser, body: { email_token: asked.body.emailToken, email_code: code } });
    }
    const answers = await Promise.all(changes.map((c) => c.browser.post<{ code?: string }>('/api/customer/confirm-email-change', c.body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('EMAIL_TAKEN');
    expect(await db().selectFrom('logins').select('id').where('company_id', '=', app.companyId).where('email', '=', email).execute()).toHaveLength(1);
  });

  it('a calendar link made again twenty times at once leaves one link that works', async () => {
    const { browser, clientId } = await family();
    const answers = await times(20, () => browser.post<{ url: string }>('/api/classes/calendar-feed'));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const live = await db().selectFrom('calendar_feeds').select('id').where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    const anon = new Browser(app.t.server);
    const working = await Promise.all(answers.map(async (a) => (await anon.get(new URL(a.body.url).pathname)).status));
    expect(working.filter((s) => s === 200)).toHaveLength(1);
  });

  it('an agreement signed twenty times at once is one signature and one line in the activity log', async () => {
    const { browser, clientId } = await registerCustomer(app.t, { email: `sign.${unique()}@example.com`, company: 'SPLASH', acceptAgreements: false });
    const agreements = await browser.get<{ agreements: { AgreementID: number; RequiresSignature: boolean }[] }>('/api/customer/get-active-agreements');
    const signed = agreements.body.agreements.find((a) => a.RequiresSignature)!;
    const signature = await testSignature();
    const answers = await times(20, () => browser.post('/api/customer/agree-to-agreement', { agreement_id: signed.AgreementID, signature }));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const log = await db().selectFrom('activity_log').select('summary').where('client_id', '=', clientId).where('kind', '=', 'agreement').execute();
    expect(log).toHaveLength(1);
  });
});
