import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

interface List {
  total_count: number;
  unread_messages_count: number;
  messages: { CPMessageID: number; Title: string; PublishedTimestamp: string; CP_CustomersMessagesRead: unknown[] }[];
}

describe.each(testEngines())('message calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('lists messages with read receipts and the unread count', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const res = await b.get<List>('/api/messages?page=1&limit=5&status=All');
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(5);
    expect(res.body.unread_messages_count).toBe(3);
    expect(res.body.messages[0]).toEqual({
      CPMessageID: expect.any(Number),
      Title: expect.any(String),
      Body: expect.any(String),
      PublishedTimestamp: expect.any(String),
      CP_CustomersMessagesRead: expect.any(Array),
    });
    const unread = await b.get<List>('/api/messages?limit=100&status=Unread');
    expect(unread.body.messages).toHaveLength(3);
    expect(unread.body.messages.every((m) => m.CP_CustomersMessagesRead.length === 0)).toBe(true);
  });

  it('mark-read records one receipt and lowers the count', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const target = (await b.get<List>('/api/messages?limit=100&status=Unread')).body.messages[0]!;
    const res = await b.post('/api/messages/mark-read', { message_id: target.CPMessageID });
    expect(res.body).toEqual({ success: true, unread_messages_count: 2 });
    expect((await b.post('/api/messages/mark-read', { message_id: target.CPMessageID })).body.unread_messages_count).toBe(2);
    const after = (await b.get<List>('/api/messages?limit=100')).body.messages.find((m) => m.CPMessageID === target.CPMessageID)!;
    expect(after.CP_CustomersMessagesRead).toEqual([{ ReadTimestamp: expect.any(String) }]);
    expect((await b.post('/api/messages/mark-read', { message_id: 999999 })).status).toBe(404);
  });

  it("a customer's private message is invisible to another customer", async () => {
    const db = t.runtime.ctx.db;
    const parent = new Browser(t.server);
    const { user } = await parent.signIn('SPLASH', 'parent@example.com');
    const company = await db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
    const msg = await db
      .insertInto('messages')
      .values({ company_id: company.id, client_id: user.ClientID, title: 'Only for Sarah', body: 'Private', published_at: new Date(Date.now() - 1000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const family = new Browser(t.server);
    await family.signIn('SPLASH', 'family@example.com');
    expect((await family.get<List>('/api/messages?limit=100')).body.messages.map((m) => m.CPMessageID)).not.toContain(msg.id);
    expect((await family.post('/api/messages/mark-read', { message_id: msg.id })).status).toBe(404);
    expect((await parent.get<List>('/api/messages?limit=100')).body.messages.map((m) => m.CPMessageID)).toContain(msg.id);
  });

  it('is switched off for a company without messages (403), even when called directly', async () => {
    const b = new Browser(t.server);
    await b.signIn('ACE', 'parent@example.com');
    const res = await b.get('/api/messages');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FEATURE_DISABLED');
    expect((await b.post('/api/messages/mark-read', { message_id: 1 })).status).toBe(403);
  });

  it('needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.get('/api/messages')).status).toBe(401);
    expect((await b.post('/api/messages/mark-read', { message_id: 1 })).status).toBe(401);
  });
});
