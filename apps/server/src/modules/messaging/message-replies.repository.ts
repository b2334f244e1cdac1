import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

/** A published message this client may see (the company's to everyone, or its own), or undefined. */
export function findVisibleMessage(db: Db, companyId: number, clientId: number, messageId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'title'])
    .where('company_id', '=', companyId)
    .where('id', '=', messageId)
    .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
    .where('published_at', '<=', nowIso())
    .executeTakeFirst();
}

/** A reply with its writer's name as the client record has it now. */
function replies(db: Db, companyId: number) {
  return db
    .selectFrom('message_replies as r')
    .innerJoin('clients as c', (j) => j.onRef('c.id', '=', 'r.client_id').onRef('c.company_id', '=', 'r.company_id'))
    .select(['r.id', 'r.message_id', 'r.body', 'r.created_at', 'c.first_name', 'c.last_name'])
    .where('r.company_id', '=', companyId);
}

export type ReplyRow = NonNullable<Awaited<ReturnType<typeof findReplyById>>>;

/** One client's replies to one message, oldest first. */
export function findReplies(db: Db, companyId: number, clientId: number, messageId: number) {
  return replies(db, companyId).where('r.client_id', '=', clientId).where('r.message_id', '=', messageId).orderBy('r.id').execute();
}

export function findReplyById(db: Db, companyId: number, clientId: number, id: number) {
  return replies(db, companyId).where('r.client_id', '=', clientId).where('r.id', '=', id).executeTakeFirst();
}

/** The reply this client sent under `key`, if any. */
export function findReplyByKey(db: Db, companyId: number, clientId: number, key: string) {
  return replies(db, companyId).where('r.client_id', '=', clientId).where('r.idempotency_key', '=', key).executeTakeFirst();
}

/** Keeps a reply; answers its id, or undefined when this client already sent one under the key. */
export async function insertReply(db: Db, row: { companyId: number; clientId: number; messageId: number; body: string; idempotencyKey: string }): Promise<number | undefined> {
  const inserted = await db
    .insertInto('message_replies')
    .values({ company_id: row.companyId, client_id: row.clientId, message_id: row.messageId, body: row.body, idempotency_key: row.idempotencyKey, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['company_id', 'client_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
