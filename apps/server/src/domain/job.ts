import type { Ctx } from '../context.ts';

/**
 * A piece of background work a module or flow owns: the scheduler runs every job of a period
 * in the order of the registry (jobs/registry.ts). Every server process runs it, so it must be
 * idempotent and take each piece of work with one conditional write (decision 086): of the
 * processes that find the same piece at once, one does it.
 */
export interface Job {
  name: string;
  /** `moment`: every 10 seconds, for work a person is waiting on (a push). */
  every: 'hour' | 'minute' | 'moment';
  run(ctx: Ctx, now: Date): Promise<unknown>;
}
