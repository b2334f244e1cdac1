import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../context.ts';
import type { Job } from '../domain/job.ts';
import { jobs as registered } from './registry.ts';

const PERIOD_MS = { hour: 3600_000, minute: 60_000, moment: 10_000 } as const;

/**
 * Runs every job of one period, each on its own: one that fails does not keep the others from
 * running; the failures are thrown together afterwards. `shouldStop` is asked between jobs, so a
 * shutdown waits for the job in hand and starts no other.
 */
export async function runJobs(ctx: Ctx, every: Job['every'], now = new Date(), jobs: readonly Job[] = registered, shouldStop = () => false): Promise<void> {
  const errors: unknown[] = [];
  for (const job of jobs.filter((j) => j.every === every)) {
    if (shouldStop()) break;
    try {
      await job.run(ctx, now);
    } catch (err) {
      errors.push(Object.assign(err instanceof Error ? err : new Error(String(err)), { job: job.name }));
    }
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} ${every} jobs failed: ${errors.map((e) => (e as { job: string }).job).join(', ')}`);
}

/** The hourly jobs: expired sessions, codes, challenges, registrations, links, old mail. */
export const runHourlyJobs = (ctx: Ctx, now = new Date()) => runJobs(ctx, 'hour', now);

/** The minute jobs: lapsed holds and waitlist offers; payments, registrations and guest bookings left unsettled by a process that died; then their mail. */
export const runMinuteJobs = (ctx: Ctx, now = new Date()) => runJobs(ctx, 'minute', now);

/**
 * Runs the hourly jobs at start and every hour, the minute jobs every minute, the moment's every
 * 10 seconds. A period's run is
 * skipped while the previous one of that period is still going. `stop()` waits for the job in
 * hand to end and starts no other.
 */
export function startScheduler(ctx: Ctx, log: FastifyBaseLogger, jobs: readonly Job[] = registered) {
  let stopping = false;
  const running = new Set<Promise<void>>();
  const busy = new Set<Job['every']>();
  const tick = (every: Job['every']) => {
    if (stopping || busy.has(every)) return;
    busy.add(every);
    const run = runJobs(ctx, every, ctx.clock.now(), jobs, () => stopping)
      .catch((err: unknown) => log.error({ err }, `${every} jobs failed`))
      .finally(() => {
        busy.delete(every);
        running.delete(run);
      });
    running.add(run);
  };
  const timers = (Object.keys(PERIOD_MS) as Job['every'][]).map((every) => {
    const timer = setInterval(() => tick(every), PERIOD_MS[every]);
    timer.unref();
    return timer;
  });
  tick('hour');
  return {
    async stop() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
