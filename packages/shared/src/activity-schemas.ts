import { z } from 'zod';
import { pagedShape } from './api-schemas.ts';

/** What a change was about (decision 098). */
export const ACTIVITY_KINDS = ['details', 'password', 'email', 'student', 'enrolment', 'absence', 'makeup', 'waitlist', 'booking', 'payment', 'agreement', 'sign_in', 'account', 'guardian'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Who made it: the family in the portal, or the company (its office, its import). */
export const ACTIVITY_ACTORS = ['family', 'company'] as const;

export const activityChangeSchema = z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z.object({
  at: z.string(),
  actor: z.enum(ACTIVITY_ACTORS),
  kind: z.enum(ACTIVITY_KINDS),
  summary: z.string(),
  /** The guardian who made it, when not the account holder (decision 101). */
  by: z.string().optional(),
  changes: z.array(activityChangeSchema),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 20;
export const activityQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const activityAnswerSchema = z.object({ ...pagedShape, entries: z.array(activityEntrySchema) });
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
