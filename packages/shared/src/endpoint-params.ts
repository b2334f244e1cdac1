import { z } from 'zod';

/** Schemas the endpoint definitions share for paths and query strings. */
/** A row id in a path or query string, where every value arrives as text. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
/** A path's one `:id`. */
export const idParams = z.object({ id: idParam });

/** A page of a list: its number and its size. */
export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
}

/** A page of a polled list, and which of its rows (the first status unless asked). */
export function pagedQuery<const S extends readonly [string, ...string[]]>(defaultLimit: number, statuses: S) {
  return pageQuery(defaultLimit).extend({ status: z.enum(statuses).default(statuses[0]) });
}
