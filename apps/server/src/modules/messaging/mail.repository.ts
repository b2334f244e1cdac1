import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * Records a message before it is delivered; answers its id. With `leaseUntil` the row is the
 * writer's to deliver until then (sending), so no minute job takes it meanwhile; without, it is
 * pending for whoever delivers it after the commit.
 */
export async function insertOutboxMail(
  db: Db,
  mail: { companyId: number | null; to: string; subject: string; text: string; html: string; replyTo?: string | undefined; leaseUntil?: string },
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      company_id: mail.companyId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      reply_to: mail.replyTo ?? null,
      status: mail.leaseUntil ? 'sending' : 'pending',
      lease_until: mail.leaseUntil ?? null,
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

/**
 * Takes a row for delivery until `leaseUntil`: a pending one, or one left sending whose lease ran
 * out by `now` (its process died mid-delivery). One conditional update, so of processes taking it
 * at once only one gets it: answers the message it took, undefined when another holds it.
 */
export function claimOutboxMail(db: Db, id: number, now: string, leaseUntil: string) {
  return db
    .updateTable('outbox')
    .set({ status: 'sending', lease_until: leaseUntil })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]))
    .returning(['to_address', 'subject', 'text_body', 'html_body', 'reply_to'])
    .executeTakeFirst();
}

/**
 * Rows no live process is delivering: pending ones written before `before` (their process died
 * after the commit) and sending ones whose lease ran out by `now` (it died mid-delivery).
 */
export async function findUndeliveredMail(db: Db, before: string, now: string, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('created_at', '<', before)]), eb.and([eb('status', '=', 'sending'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
