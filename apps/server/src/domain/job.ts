import type { Ctx } from '../context.ts';

/**
 * A piece of background work a module or flow owns: the scheduler runs every job of a period
 * in the order of the registry (jobs/registry.ts). Every server process runs it, so it must be
 * idempotent and take each piece of work with one conditional write (decision 086): of the
 * processes that find the same piece at once, one does it.
 */
export interface Job {
  name: string;
  every: 'hour' | 'minute';
  run(ctx: Ctx, now: Date): Promise<unknown>;
}
