import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { deleteExpired } from './session.repository.ts';

describe.each(testEngines())('sweeping expired rows on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('removes sessions past the refresh window and keeps live ones', async () => {
    const db = t.runtime.ctx.db;
    const live = new Browser(t.server);
    await live.signIn('SPLASH', 'parent@example.com');
    const old = new Browser(t.server);
    await old.signIn('SPLASH', 'family@example.com');
    const before = await db.selectFrom('sessions').select('id').execute();
    const longAgo = new Date(Date.now() - 40 * 24 * 3600_000).toISOString();
    const oldIds = (await db.selectFrom('sessions').select('id').orderBy('id', 'desc').limit(2).execute()).map((r) => r.id);
    await db.updateTable('sessions').set({ expires_at: longAgo }).where('id', 'in', oldIds).execute();
    await deleteExpired(db);
    const after = await db.selectFrom('sessions').select('id').execute();
    expect(after).toHaveLength(before.length - 2);
    expect((await live.get('/api/customer/me')).status).toBe(200);
    expect((await old.get('/api/customer/me')).status).toBe(401);
  });
});
