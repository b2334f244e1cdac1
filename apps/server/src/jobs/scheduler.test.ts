import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testEngines, type TestApp } from '../test/api-harness.ts';
import { runJobs, runHourlyJobs } from './scheduler.ts';
import { jobs } from './registry.ts';
import type { Ctx } from '../context.ts';
import type { Job } from '../domain/job.ts';

describe.each(testEngines())('the hourly sweep on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('deletes outbox rows logged or failed more than 7 days ago, and keeps newer ones and any still pending', async () => {
    const db = t.runtime.ctx.db;
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
    await runHourlyJobs(t.runtime.ctx, now);
    const left = await db
      .selectFrom('outbox')
      .select('to_address')
      .where(
        'to_address',
        'in',
        rows.map((r) => r.to),
      )
      .orderBy('to_address')
      .execute();
    expect(left.map((r) => r.to_address)).toEqual(['new-failed@example.com', 'new-logged@example.com', 'old-pending@example.com']);
  });

  it('deletes registrations once expired, submitted or not, and keeps the live ones and any still paying', async () => {
    const db = t.runtime.ctx.db;
    const now = new Date('2026-11-20T12:00:00.000Z');
    const company = await db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const rows = [
      { token_hash: 'sweep-expired', expires_at: at(-1), submitted_at: null, completed_at: null },
      { token_hash: 'sweep-expired-submitted', expires_at: at(-60), submitted_at: at(-120), completed_at: at(-120) },
      // Submitted and not completed: still paying, left for the minute job to settle (decision 049).
      { token_hash: 'sweep-expired-paying', expires_at: at(-60), submitted_at: at(-120), completed_at: null },
      { token_hash: 'sweep-live', expires_at: at(1), submitted_at: null, completed_at: null },
      { token_hash: 'sweep-live-submitted', expires_at: at(600), submitted_at: at(-5), completed_at: at(-5) },
    ];
    await db
      .insertInto('registrations')
      .values(rows.map((r) => ({ ...r, company_id: company.id, profile_id: 1, email: `${r.token_hash}@example.com`, email_verified_at: at(-200), created_at: at(-200) })))
      .execute();
    await runHourlyJobs(t.runtime.ctx, now);
    const left = await db.selectFrom('registrations').select('token_hash').where('token_hash', 'like', 'sweep-%').orderBy('token_hash').execute();
    expect(left.map((r) => r.token_hash)).toEqual(['sweep-expired-paying', 'sweep-live', 'sweep-live-submitted']);
  });
});

describe('the job scheduler', () => {
  const ctx = {} as Ctx;
  const job = (name: string, every: Job['every'], run: Job['run']): Job => ({ name, every, run });

  it('runs every job of the period in order, and one that fails does not keep the others from running', async () => {
    const ran: string[] = [];
    const jobs = [
      job('a', 'minute', async () => void ran.push('a')),
      job('b', 'minute', async () => {
        ran.push('b');
        throw new Error('b broke');
      }),
      job('hourly', 'hour', async () => void ran.push('hourly')),
      job('c', 'minute', async () => void ran.push('c')),
    ];
    await expect(runJobs(ctx, 'minute', new Date(), jobs)).rejects.toThrow('1 minute jobs failed: b');
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('stops between jobs: the job in hand ends, no other starts', async () => {
    const ran: string[] = [];
    let stopping = false;
    const jobs = [
      job('first', 'minute', async () => {
        ran.push('first started');
        stopping = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        ran.push('first ended');
      }),
      job('second', 'minute', async () => void ran.push('second')),
    ];
    await runJobs(ctx, 'minute', new Date(), jobs, () => stopping);
    expect(ran).toEqual(['first started', 'first ended']);
  });

  it('every registered job has a name of its own', () => {
    expect(new Set(jobs.map((j) => j.name)).size).toBe(jobs.length);
    expect(jobs.filter((j) => j.every === 'minute').at(-1)?.name).toBe('mail a dead process wrote but never delivered');
  });
});
