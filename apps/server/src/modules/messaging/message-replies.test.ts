import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from './mailer.ts';
import { Browser, changeCompanySettings, invitedGuardian, ownCompany, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

interface Reply {
  CPMessageReplyID: number;
  Body: string;
  CreatedTimestamp: string;
  AuthorName: string;
}

const key = () => ({ 'idempotency-key': randomBytes(12).toString('hex') });

describe.each(testEngines())('replies to messages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** A company of the test's own with its one family (Jo Bennett) signed in, and the company's message to everyone. */
  async function family() {
    const company = await ownCompany(t);
    const browser = new Browser(t.server);
    const { user } = await browser.signIn(company.code, company.email, company.password);
    const db = t.runtime.ctx.db;
    const message = await db.selectFrom('messages').select(['id', 'title']).where('company_id', '=', company.companyId).executeTakeFirstOrThrow();
    const replyRows = () => db.selectFrom('message_replies').selectAll().where('company_id', '=', company.companyId).execute();
    /** The mails the office has had from this family (the office address is every example company's). */
    const officeMails = () => t.mailbox.received.filter((m) => m.to === 'office@harbour-swim.example' && m.replyTo === company.email);
    return { ...company, browser, clientId: user.ClientID, message, replyRows, officeMails };
  }

  it('stores the reply, shows it in the thread and mails the company with Reply-To the family', async () => {
    const f = await family();
    const empty = await f.browser.get<{ replies: Reply[] }>(`/api/messages/get-replies?message_id=${f.message.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, replies: [], can_reply: true });

    const sent = await f.browser.post<{ success: true; reply: Reply }>('/api/messages/reply', { message_id: f.message.id, body: '  We will be away on Monday.\nSee you Wednesday.  ' }, key());
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      reply: { CPMessageReplyID: expect.any(Number), Body: 'We will be away on Monday.\nSee you Wednesday.', CreatedTimestamp: expect.any(String), AuthorName: 'Jo Bennett' },
    });
    await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: 'One more thing.' }, key());

    const thread = await f.browser.get<{ replies: Reply[] }>(`/api/messages/get-replies?message_id=${f.message.id}`);
    expect(thread.body.replies.map((r) => r.Body)).toEqual(['We will be away on Monday.\nSee you Wednesday.', 'One more thing.']);
    expect(await f.replyRows()).toHaveLength(2);

    await t.runtime.ctx.mailer.flush();
    expect(f.officeMails()).toHaveLength(2);
    for (const mail of f.officeMails()) {
      expect(mail.subject).toBe(`Re: ${f.message.title}`);
      expect(mail.text).toContain(`Jo Bennett (${f.email}) replied to your message "${f.message.title}" in the Customer Hub:`);
    }
    expect(f.officeMails().filter((m) => m.text.includes('One more thing.'))).toHaveLength(1);
  });

  it('a reply sent again under the same Idempotency-Key is stored and mailed once', async () => {
    const f = await family();
    const headers = key();
    const body = { message_id: f.message.id, body: 'Count us in.' };
    const [a, b] = await Promise.all([f.browser.post<{ reply: Reply }>('/api/messages/reply', body, headers), f.browser.post<{ reply: Reply }>('/api/messages/reply', body, headers)]);
    const c = await f.browser.post<{ reply: Reply }>('/api/messages/reply', body, headers);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.reply.CPMessageReplyID, b.body.reply.CPMessageReplyID, c.body.reply.CPMessageReplyID]).size).toBe(1);
    await t.runtime.ctx.mailer.flush();
    expect(await f.replyRows()).toHaveLength(1);
    expect(f.officeMails()).toHaveLength(1);

    const other = await f.browser.post('/api/messages/reply', { ...body, body: 'Something else.' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await f.replyRows()).toHaveLength(1);
  });

  it("refuses another customer's message, bad bodies and a missing key, and writes nothing", async () => {
    const f = await family();
    const db = t.runtime.ctx.db;
    await changeCompanySettings<{ switches: Record<string, boolean> }>(t, f.companyId, (settings) => {
      settings.switches.CanTakeNewSignUps = true;
    });
    const neighbour = await registerCustomer(t, { email: `sam.${f.code.toLowerCase()}@example.com`, company: f.code, firstName: 'Sam', lastName: 'Lee' });
    const theirs = await db
      .insertInto('messages')
      .values({ company_id: f.companyId, client_id: neighbour.clientId, title: 'Only for Sam', body: 'Private', published_at: new Date(Date.now() - 1000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = await db
      .insertInto('messages')
      .values({ company_id: f.companyId, client_id: null, title: 'Not yet', body: 'Tomorrow', published_at: new Date(Date.now() + 86_400_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.runtime.ctx.mailer.flush();
    const mailsBefore = f.officeMails().length;

    for (const id of [theirs.id, later.id, 999_999]) {
      const res = await f.browser.post('/api/messages/reply', { message_id: id, body: 'Hello' }, key());
      expect(res.status, `message ${id}`).toBe(404);
      expect((await f.browser.get(`/api/messages/get-replies?message_id=${id}`)).status).toBe(404);
    }
    // Another company's message is unknown too.
    const stranger = await ownCompany(t);
    const strangers = await db.selectFrom('messages').select('id').where('company_id', '=', stranger.companyId).executeTakeFirstOrThrow();
    expect((await f.browser.post('/api/messages/reply', { message_id: strangers.id, body: 'Hello' }, key())).status).toBe(404);

    const blank = await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: ' \n ' }, key());
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'body', message: 'Please write your reply' }]);
    const long = await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: 'x'.repeat(2001) }, key());
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'body', message: 'Please keep your reply to 2000 characters' }]);
    expect((await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: 'x'.repeat(2000) }, key())).status).toBe(200);
    expect((await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: 'No key' })).status).toBe(400);

    const rows = await f.replyRows();
    expect(rows.map((r) => r.body)).toEqual(['x'.repeat(2000)]);
    await t.runtime.ctx.mailer.flush();
    expect(f.officeMails()).toHaveLength(mailsBefore + 1);
    // The neighbour sees none of Jo's replies to the message they share.
    expect((await neighbour.browser.get<{ replies: Reply[] }>(`/api/messages/get-replies?message_id=${f.message.id}`)).body.replies).toEqual([]);
  });

  it('a guardian whose role sends nothing (a payer, a viewer) is not offered the reply form; a co-parent is', async () => {
    const f = await family();
    for (const [role, offered] of [
      ['payer', false],
      ['viewer', false],
      ['co-parent', true],
    ] as const) {
      const guardian = await invitedGuardian(t, f.browser, role);
      expect([role, (await guardian.browser.get(`/api/messages/get-replies?message_id=${f.message.id}`)).body]).toEqual([role, { success: true, replies: [], can_reply: offered }]);
    }
  });

  it('a company with no contact address takes no replies (409) and writes nothing', async () => {
    const f = await family();
    await changeCompanySettings<{ ContactEmail: string }>(t, f.companyId, (s) => {
      s.ContactEmail = '';
    });
    const res = await f.browser.post('/api/messages/reply', { message_id: f.message.id, body: 'Hello?' }, key());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'REPLIES_UNAVAILABLE', message: 'Replies cannot be sent from here yet. Please contact the office directly.' });
    expect((await f.browser.get(`/api/messages/get-replies?message_id=${f.message.id}`)).body).toEqual({ success: true, replies: [], can_reply: false });
    expect(await f.replyRows()).toEqual([]);
  });

  it('a reply mail its process left undelivered goes out with the minute job, Reply-To kept', async () => {
    const company = await ownCompany(t);
    const to = `office.${company.code.toLowerCase()}@example.com`;
    await enqueueMail(t.runtime.ctx, { companyId: company.companyId, to, subject: 'Re: Pool closed', text: 'Left behind', html: '<p>Left behind</p>', replyTo: company.email });
    expect(await t.runtime.ctx.mailer.deliverPending(new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
    const mail = await t.lastMailTo(to);
    expect(mail).toMatchObject({ subject: 'Re: Pool closed', replyTo: company.email });
  });

  it('needs messages switched on and a signed-in customer', async () => {
    const ace = new Browser(t.server);
    await ace.signIn('ACE', 'parent@example.com');
    expect((await ace.post('/api/messages/reply', { message_id: 1, body: 'Hi' }, key())).status).toBe(403);
    expect((await ace.get('/api/messages/get-replies?message_id=1')).status).toBe(403);
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    expect((await guest.post('/api/messages/reply', { message_id: 1, body: 'Hi' }, key())).status).toBe(401);
    expect((await guest.get('/api/messages/get-replies?message_id=1')).status).toBe(401);
  });
});
