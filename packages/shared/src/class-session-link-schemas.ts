import { z } from 'zod';

/** Texts of the class-session link page (the spec gives none for the error, U9). */
export const classSessionLinkMessages = {
  invalid: 'This link is invalid or has expired. Please ask the office for a new one.',
  revokedTitle: 'This link was withdrawn',
  revoked: 'This link was withdrawn by the office. Please ask the office for a new one.',
} as const;

/** More dates than this open the All Dates popup (O6). */
export const CLASS_SESSION_LINK_DATES_SHOWN = 3;

/** GET /api/classes/class-session-link?token= */
export const classSessionLinkQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const labelledRowSchema = z.object({ label: z.string(), value: z.string() });
export type LabelledRow = z.infer<typeof labelledRowSchema>;

/**
 * The page's rows in order (O3, O5, O7): the date or "first - last", two labelled rows (the
 * class and its level), Day(s), Time, Duration, Venue, and the court. `dates` lists every date,
 * formatted in the company's DateFormat, for the All Dates popup.
 */
export const classSessionLinkAnswerSchema = z.object({
  success: z.literal(true),
  rows: z.array(labelledRowSchema),
  dates: z.array(z.string()),
  expires_at: z.string(),
});
export type ClassSessionLinkAnswer = z.infer<typeof classSessionLinkAnswerSchema>;
