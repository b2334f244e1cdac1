import type { Ctx } from '../context.ts';

/**
 * A piece of background work a module or flow owns: the scheduler runs every job of a period
 * in the order of the registry (jobs/registry.ts). Each must be idempotent and safe when several
 * processes run it at once.
 */
export interface Job {
  name: string;
  every: 'hour' | 'minute';
  run(ctx: Ctx, now: Date): Promise<unknown>;
}
