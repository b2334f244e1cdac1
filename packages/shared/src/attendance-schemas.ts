import { z } from 'zod';
import { idField } from './api-schemas.ts';

const option = z.object({ id: z.number(), name: z.string() });

/** Requests and answers about a child's sessions: absences and make-ups (D1 §7 paths; withdrawing and cancelling beyond the spec, decision 142). */

/** GET /api/classes/get-class-sessions (F4). */
export const classSessionsQuerySchema = z.object({
  class_id: z.coerce.number().int().positive().max(2_147_483_647),
  student_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const studentSessionSchema = z.object({
  SessionID: z.number(),
  Date: z.string(),
  Time: z.string(),
  Status: z.enum(['scheduled', 'cancelled']),
  Absent: z.boolean(),
  AbsenceReason: z.string().nullable(),
  /** Whether an absence can still be notified (switch, cut-off, not yet absent). */
  CanNotifyAbsence: z.boolean(),
  /** Whether the absence notified can still be withdrawn (before the same cut-off; decision 142). */
  CanWithdrawAbsence: z.boolean(),
  /** The make-up this absence earned is booked: the absence stands until that make-up is cancelled. */
  MakeupBooked: z.boolean().optional(),
  Past: z.boolean(),
});
export type StudentSession = z.infer<typeof studentSessionSchema>;
export const classSessionsAnswerSchema = z.object({ class_name: z.string(), sessions: z.array(studentSessionSchema) });
export type ClassSessionsAnswer = z.infer<typeof classSessionsAnswerSchema>;

/** GET /api/classes/get-absence-reasons (F5). */
export const absenceReasonsQuerySchema = z.object({
  session_id: z.coerce.number().int().positive().max(2_147_483_647),
  /** The child the absence is for: a make-up session of theirs earns no new credit. */
  student_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const absenceReasonsAnswerSchema = z.object({
  reasons: z.array(option),
  /** The last instant (ISO, UTC) an absence for this session can be notified. */
  cutoff: z.string(),
  /** Whether notifying now earns a make-up credit (never for a make-up session, which is missed in turn). */
  earns_makeup: z.boolean(),
});
export type AbsenceReasonsAnswer = z.infer<typeof absenceReasonsAnswerSchema>;

/** POST /api/classes/notify-absence (F5). */
export const notifyAbsenceSchema = z.object({ session_id: idField, student_id: idField, reason_id: z.number().int().min(0).max(100) });
export const makeupSchema = z.object({
  MakeupID: z.number(),
  StudentID: z.number(),
  StudentName: z.string(),
  LessonFormatID: z.number().nullable(),
  LessonFormat: z.string(),
  /** The session missed (yyyy-MM-dd). */
  MissedDate: z.string().nullable(),
  MissedClass: z.string(),
  ExpiresOn: z.string(),
  Status: z.enum(['available', 'used', 'expired']),
  /** When used: the make-up session booked. */
  BookedDate: z.string().nullable(),
  BookedClass: z.string().nullable(),
  /** The reason given when an absence was notified for the make-up session booked; null when none was. */
  BookedAbsence: z.string().nullable(),
  /**
   * The level its sessions are of (decision 076): the student's, else the missed class's; ""
   * when neither has one (then classes of no level). Null when the company allows any level.
   */
  Level: z.string().nullable(),
  /** Booked into a session the booking can still be cancelled for (before the absence cut-off; decision 142). */
  CanCancel: z.boolean(),
});
export type Makeup = z.infer<typeof makeupSchema>;
export const notifyAbsenceAnswerSchema = z.object({ success: z.literal(true), message: z.string(), makeup: makeupSchema.nullable() });
export type NotifyAbsenceAnswer = z.infer<typeof notifyAbsenceAnswerSchema>;

/** GET /api/classes/get-makeups (F7). */
export const makeupsAnswerSchema = z.object({ makeups: z.array(makeupSchema) });
export type MakeupsAnswer = z.infer<typeof makeupsAnswerSchema>;

/** GET /api/classes/get-makeup-sessions: sessions a credit can be booked into (F8). */
export const makeupSessionsQuerySchema = z.object({ makeup_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const makeupSessionSchema = z.object({
  SessionID: z.number(),
  ClassID: z.number(),
  ClassName: z.string(),
  Venue: z.string(),
  Date: z.string(),
  Time: z.string(),
  Duration: z.number(),
  PlacesLeft: z.number(),
});
export type MakeupSession = z.infer<typeof makeupSessionSchema>;
export const makeupSessionsAnswerSchema = z.object({ sessions: z.array(makeupSessionSchema) });
export type MakeupSessionsAnswer = z.infer<typeof makeupSessionsAnswerSchema>;

/** POST /api/classes/book-makeup (F8, R91). */
export const bookMakeupSchema = z.object({ makeup_id: idField, session_id: idField });
export const bookMakeupAnswerSchema = z.object({ success: z.literal(true), message: z.string(), makeup: makeupSchema });
export type BookMakeupAnswer = z.infer<typeof bookMakeupAnswerSchema>;

/** What withdrawing an absence and cancelling a make-up answer (decision 142). */
export const undoMessages = {
  absenceWithdrawn: 'Absence withdrawn',
  withdrawTooLate: 'It is too late to withdraw this absence: the session starts soon',
  /** The credit an absence earned is booked: the make-up goes first, or the child would have both places. */
  absenceMakeupBooked: (date: string) => `The make-up this absence earned is booked for ${date}. Cancel that make-up first.`,
  /** The place an absence gave up went to a make-up meanwhile. */
  absencePlaceTaken: 'The place given up for this session has been taken since. Please contact us.',
  makeupCancelled: 'Make-up cancelled',
  cancelTooLate: 'It is too late to cancel this make-up: the session starts soon',
} as const;

/** POST /api/classes/withdraw-absence (decision 142): the child comes after all. */
export const withdrawAbsenceSchema = z.object({ session_id: idField, student_id: idField });
export const withdrawAbsenceAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type WithdrawAbsenceAnswer = z.infer<typeof withdrawAbsenceAnswerSchema>;

/** POST /api/classes/cancel-makeup (decision 142): the place given up, the credit usable again until it expires. */
export const cancelMakeupSchema = z.object({ makeup_id: idField });
export const cancelMakeupAnswerSchema = z.object({ success: z.literal(true), message: z.string(), makeup: makeupSchema });
export type CancelMakeupAnswer = z.infer<typeof cancelMakeupAnswerSchema>;
