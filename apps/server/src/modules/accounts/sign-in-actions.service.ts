import type { SignInAction } from '@portal/shared/customer-schemas';
import { SIGN_IN_ACTION_TYPES } from '@portal/shared/customer-schemas';
import type { Ctx } from '../../context.ts';
import * as repo from './sign-in-actions.repository.ts';

/**
 * The sign-in actions queue (U13, decision 021). Actions are rows: what creates them is decided
 * by the features that own the data (agreements, the customer's and students' forms, the
 * password) and handed in at sign-in; a row is completed only by doing what it asks.
 */

type ActionType = SignInAction['type'];
const rank = (type: string) => {
  const i = (SIGN_IN_ACTION_TYPES as readonly string[]).indexOf(type);
  return i === -1 ? SIGN_IN_ACTION_TYPES.length : i;
};

/**
 * The order every answer uses: Accept Agreement, UpdateProfile, UpdateStudent, ChangePassword
 * (the spec's order of the kinds), then by agreement or student, then oldest first.
 */
export function orderActions<T extends { id: number; type: string; agreement_id: number | null; student_id: number | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => rank(a.type) - rank(b.type) || (a.agreement_id ?? 0) - (b.agreement_id ?? 0) || (a.student_id ?? 0) - (b.student_id ?? 0) || a.id - b.id);
}

const toAction = (a: repo.ActionRow): SignInAction => ({ id: a.id, type: a.type as ActionType, agreement_id: a.agreement_id, student_id: a.student_id });

export async function listSignInActions(ctx: Ctx, companyId: number, clientId: number): Promise<SignInAction[]> {
  return orderActions(await repo.findPending(ctx.db, companyId, clientId)).map(toAction);
}

/** What the owning features found still to do for a client at sign-in. */
export interface Outstanding {
  /** Required agreements whose current version the client has not accepted. */
  agreementIds?: readonly number[];
  /** A mandatory field of the customer form is empty under the current configuration. */
  profileIncomplete?: boolean;
  /** Students with a mandatory field empty under the current configuration. */
  studentIds?: readonly number[];
}

/**
 * Adds an action for everything outstanding that has none pending yet; never removes one. Answers
 * the pending actions now, as listSignInActions would, so a sign-in need not read them again.
 */
export async function queueOutstanding(
  ctx: Ctx,
  companyId: number,
  clientId: number,
  outstanding: Outstanding,
  /** The client's pending actions when the caller holds them (a family the request opened): not read again. */
  known?: readonly repo.ActionRow[],
): Promise<SignInAction[]> {
  const pending = known ? [...known] : await repo.findPending(ctx.db, companyId, clientId);
  const has = (type: ActionType, agreementId: number | null = null, studentId: number | null = null) =>
    pending.some((p) => p.type === type && (agreementId === null || p.agreement_id === agreementId) && (studentId === null || p.student_id === studentId));
  const rows: { type: ActionType; agreement_id: number | null; student_id: number | null }[] = [];
  for (const id of outstanding.agreementIds ?? []) if (!has('AcceptAgreement', id)) rows.push({ type: 'AcceptAgreement', agreement_id: id, student_id: null });
  if (outstanding.profileIncomplete && !has('UpdateProfile')) rows.push({ type: 'UpdateProfile', agreement_id: null, student_id: null });
  for (const id of outstanding.studentIds ?? []) if (!has('UpdateStudent', null, id)) rows.push({ type: 'UpdateStudent', agreement_id: null, student_id: id });
  const ids = await repo.insertActions(ctx.db, companyId, clientId, rows);
  return orderActions([...pending, ...rows.map((r, i) => ({ ...r, id: ids[i]! }))]).map(toAction);
}

/** Asks a client opened in the caller's transaction (it has no action yet) to set a new password at their next sign-in; answers its actions then. */
export async function requirePasswordChangeOfNewClient(ctx: Ctx, companyId: number, clientId: number): Promise<repo.ActionRow[]> {
  const action = { type: 'ChangePassword', agreement_id: null, student_id: null };
  const [id] = await repo.insertActions(ctx.db, companyId, clientId, [action]);
  return [{ id: id!, ...action }];
}

/** Whether an UpdateStudent action for this student is pending (it opens the student's form even with AllowStudentEdit off, decision 021). */
export async function hasPendingStudentUpdate(ctx: Ctx, companyId: number, clientId: number, studentId: number): Promise<boolean> {
  return (await repo.findPending(ctx.db, companyId, clientId)).some((p) => p.type === 'UpdateStudent' && p.student_id === studentId);
}

/** Marks done what was asked: an agreement accepted, the details or a student saved, a password set. */
export function completeSignInActions(
  ctx: Ctx,
  companyId: number,
  clientId: number,
  type: ActionType,
  target: { agreementId?: number; agreementIds?: number[]; studentId?: number } = {},
): Promise<number> {
  return repo.complete(ctx.db, companyId, clientId, type, target);
}
