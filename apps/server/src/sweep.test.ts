import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testEngines, type TestApp } from './test/api-harness.ts';
import { sweepExpiredRows } from './sweep.ts';

describe.each(testEngines())('the hourly sweep on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('deletes outbox rows logged or failed more than 7 days ago, and keeps newer ones and any still pending', async () => {
    const db = t.runtime.deps.db;
    const now = new Date('2026-11-20T12:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
    const rows = [
      { to: 'old-logged@example.com', status: 'logged', at: daysAgo(8) },
      { to: 'old-failed@example.com', status: 'failed', at: daysAgo(7.01) },
      { to: 'old-pending@example.com', status: 'pending', at: daysAgo(8) },
      { to: 'new-logged@example.com', status: 'logged', at: daysAgo(6.99) },
      { to: 'new-failed@example.com', status: 'failed', at: daysAgo(1) },
    ] as const;
    await db
      .insertInto('outbox')
      .values(rows.map((r) => ({ company_id: null, to_address: r.to, subject: 'S', text_body: 'T', html_body: 'H', status: r.status, error: null, created_at: r.at, sent_at: null })))
      .execute();
    await sweepExpiredRows(t.runtime.deps, now);
    const left = await db.selectFrom('outbox').select('to_address').where('to_address', 'in', rows.map((r) => r.to)).orderBy('to_address').execute();
    expect(left.map((r) => r.to_address)).toEqual(['new-failed@example.com', 'new-logged@example.com', 'old-pending@example.com']);
  });
});
