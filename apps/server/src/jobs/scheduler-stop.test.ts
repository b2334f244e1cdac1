import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ctx } from '../context.ts';
import type { Job } from '../domain/job.ts';
import { createRuntime } from '../runtime.ts';
import { createTestDatabase, testEngines } from '../test/test-db.ts';
import { startScheduler } from './scheduler.ts';

/**
 * A stop (SIGTERM) while a job is running: the job ends on an open database, no other job starts
 * after it, now or at a later tick, and meanwhile the server takes no new request.
 */
const job = (name: string, every: Job['every'], run: Job['run']): Job => ({ name, every, run });

/** A job that says when it starts and ends, and ends only when released. */
function slowJob(ran: string[], every: Job['every'] = 'hour', work: (ctx: Ctx) => Promise<unknown> = async () => undefined) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    job: job('slow', every, async (ctx) => {
      ran.push('slow started');
      await released;
      await work(ctx);
      ran.push('slow ended');
    }),
  };
}

describe('the scheduler at a stop', () => {
  afterEach(() => void vi.useRealTimers());

  it('lets the job in hand end, and starts no job after, neither of its period nor at a later tick', async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const slow = slowJob(ran);
    const jobs = [slow.job, job('next hourly', 'hour', async () => void ran.push('next hourly')), job('minutely', 'minute', async () => void ran.push('minutely'))];
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const scheduler = startScheduler({ clock: { now: () => new Date() } } as Ctx, log, jobs);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(['slow started']);

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(stopped).toBe(false);
    slow.release();
    await stopping;
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(ran).toEqual(['slow started', 'slow ended']);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe.each(testEngines())('a stop of the server while a job runs, on %s', (engine) => {
  it('refuses new connections at once, lets the job end on an open database, then closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-stop-'));
    const database = engine === 'postgres' ? await createTestDatabase('postgres') : undefined;
    try {
      const runtime = await createRuntime({
        DATABASE_URL: database?.url ?? `sqlite:${path.join(dir, 'portal.db')}`,
        LOG_LEVEL: 'silent',
        SERVE_WEB: false,
        SMTP_URL: undefined,
        REDIS_URL: undefined,
      });
      await runtime.server.listen({ host: '127.0.0.1', port: 0 });
      const { port } = runtime.server.server.address() as AddressInfo;
      const ran: string[] = [];
      const slow = slowJob(ran, 'hour', (ctx) => sql`select count(*) from companies`.execute(ctx.db));
      const scheduler = startScheduler(runtime.ctx, runtime.server.log, [slow.job, job('next', 'hour', async () => void ran.push('next'))]);
      await vi.waitFor(() => expect(ran).toEqual(['slow started']));

      let closed = false;
      const closing = runtime.close(scheduler.stop()).then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      expect(closed).toBe(false);
      slow.release();
      await closing;
      expect(ran).toEqual(['slow started', 'slow ended']);
    } finally {
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
