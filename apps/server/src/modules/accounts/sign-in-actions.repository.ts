import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

export interface ActionRow {
  id: number;
  type: string;
  agreement_id: number | null;
  student_id: number | null;
}

export function findPending(db: Db, companyId: number, clientId: number): Promise<ActionRow[]> {
  return db
    .selectFrom('sign_in_actions')
    .select(['id', 'type', 'agreement_id', 'student_id'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('completed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** New actions in one statement; answers their ids in the rows' order (they are given in it; RETURNING's own order is not promised on SQLite). */
export async function insertActions(db: Db, companyId: number, clientId: number, rows: { type: string; agreement_id: number | null; student_id: number | null }[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const now = nowIso();
  const made = await db
    .insertInto('sign_in_actions')
    .values(rows.map((r) => ({ company_id: companyId, client_id: clientId, type: r.type, agreement_id: r.agreement_id, student_id: r.student_id, created_at: now, completed_at: null })))
    .returning('id')
    .execute();
  return made.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Completes the pending actions of a kind (for one agreement or student when given); answers how many. */
export async function complete(db: Db, companyId: number, clientId: number, type: string, target: { agreementId?: number; agreementIds?: number[]; studentId?: number } = {}): Promise<number> {
  if (target.agreementIds?.length === 0) return 0;
  let q = db
    .updateTable('sign_in_actions')
    .set({ completed_at: nowIso() })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('type', '=', type)
    .where('completed_at', 'is', null);
  if (target.agreementId !== undefined) q = q.where('agreement_id', '=', target.agreementId);
  if (target.agreementIds !== undefined) q = q.where('agreement_id', 'in', target.agreementIds);
  if (target.studentId !== undefined) q = q.where('student_id', '=', target.studentId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
