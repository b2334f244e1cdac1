import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

/** Records a message before it is delivered; answers its id. */
export async function insertOutboxMail(
  db: Db,
  mail: { companyId: number | null; to: string; subject: string; text: string; html: string },
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      company_id: mail.companyId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      error: null,
      created_at: nowIso(),
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteOutboxMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).execute();
}

/** `logged` or `sent` stamps the time it left; `failed` keeps the error. */
export async function setOutboxStatus(db: Db, id: number, status: 'logged' | 'sent' | 'failed', error: string | null = null): Promise<void> {
  await db
    .updateTable('outbox')
    .set(status === 'failed' ? { status, error } : { status, sent_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Rows that will not be sent (logged without SMTP, or failed), recorded before `before`. */
export async function deleteUnsentMailBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('outbox').where('status', 'in', ['logged', 'failed']).where('created_at', '<', before).execute();
}

/** Takes a pending row for delivery; false when another process took it first. */
export async function claimOutboxMail(db: Db, id: number): Promise<boolean> {
  const res = await db.updateTable('outbox').set({ status: 'sending' }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function findOutboxMail(db: Db, id: number) {
  return db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text_body', 'html_body']).where('id', '=', id).executeTakeFirst();
}

/** Rows written in a transaction that no process delivered (it died after the commit). */
export async function findPendingMailBefore(db: Db, before: string, limit = 100): Promise<number[]> {
  const rows = await db.selectFrom('outbox').select('id').where('status', '=', 'pending').where('created_at', '<', before).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}
