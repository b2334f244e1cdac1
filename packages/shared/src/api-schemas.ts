import { z } from 'zod';
import { ERROR_MESSAGES, type ErrorCode } from './error-codes.ts';

/** A row id in a JSON body: a whole number that fits the 32-bit id columns of both engines. */
export const idField = z.number().int().positive().max(2_147_483_647);

const errorCode = z.enum(Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]]);

/** Every error answer (400/401/403/404/409/422/429/500): `message` is what the error box shows. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: errorCode,
  /** Each field or line refused; `code` where lines of one refusal differ (a court taken, or booked by the family itself). */
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: errorCode.optional() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a call that only reports that it was done. */
export const successSchema = z.object({ success: z.literal(true) });

/** Page numbers of a paged list answer. */
export const pagedShape = { current_page: z.number(), total_pages: z.number() };
export type Success = z.infer<typeof successSchema>;

/** /healthz and /readyz, for load balancers (not in the API document). */
export const healthAnswerSchema = z.object({ status: z.string() });

export const pagedSchema = z.object(pagedShape);
export type Paged = z.infer<typeof pagedSchema>;

/**
 * A save of details edited in a form names the version it was filled from (decision 145), as
 * `If-Match: "<Version>"`; a save from an older version is refused (412 RECORD_CHANGED).
 */
export const detailsVersionHeaderSchema = z.object({
  'if-match': z
    .string()
    .regex(/^"\d{1,10}"$/, 'If-Match must be a quoted version number')
    .optional(),
});

/** The If-Match header for a save of details filled from `version`. */
export const ifMatchVersion = (version: number): { 'if-match': string } => ({ 'if-match': `"${version}"` });

/** The version an If-Match header names, or null without one. */
export const versionOfIfMatch = (header: string | undefined): number | null => (header === undefined ? null : Number(header.slice(1, -1)));
