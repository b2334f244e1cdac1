import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

export type MessageFilter = 'All' | 'Unread' | 'Read';

/** Published messages for everyone in the company or for this client alone. */
function visible(db: Db, companyId: number, clientId: number, now: string) {
  return db
    .selectFrom('messages as m')
    .leftJoin('message_reads as r', (j) => j.onRef('r.message_id', '=', 'm.id').on('r.client_id', '=', clientId))
    .where('m.company_id', '=', companyId)
    .where((eb) => eb.or([eb('m.client_id', 'is', null), eb('m.client_id', '=', clientId)]))
    .where('m.published_at', '<=', now);
}

/** One page of messages with the total and unread counts, in one query as for notifications. */
export async function findMessages(db: Db, input: { companyId: number; clientId: number; status: MessageFilter; limit: number; offset: number }) {
  const now = nowIso();
  const count = (unread: boolean) => {
    let q = visible(db, input.companyId, input.clientId, now).select((eb) => eb.fn.countAll<number>().as('n'));
    if (unread) q = q.where('r.id', 'is', null);
    return q;
  };
  let list = visible(db, input.companyId, input.clientId, now)
    .select(['m.id', 'm.title', 'm.body', 'm.published_at', 'r.read_at'])
    .select([count(false).as('total_count'), count(true).as('unread_count')]);
  if (input.status === 'Unread') list = list.where('r.id', 'is', null);
  if (input.status === 'Read') list = list.where('r.id', 'is not', null);
  const rows = await list.orderBy('m.published_at', 'desc').orderBy('m.id', 'desc').limit(input.limit).offset(input.offset).execute();
  const counts = rows[0] ?? (await db.selectNoFrom([count(false).as('total_count'), count(true).as('unread_count')]).executeTakeFirstOrThrow());
  const total = Number(counts.total_count);
  const unread = Number(counts.unread_count);
  const filteredTotal = input.status === 'All' ? total : input.status === 'Unread' ? unread : total - unread;
  return { rows, total: filteredTotal, unread };
}

export async function countUnread(db: Db, companyId: number, clientId: number): Promise<number> {
  const row = await visible(db, companyId, clientId, nowIso())
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the read receipt once; answers false when the message is not visible to this client. */
export async function markRead(db: Db, companyId: number, clientId: number, messageId: number): Promise<boolean> {
  const msg = await visible(db, companyId, clientId, nowIso()).select(['m.id', 'r.id as read_id']).where('m.id', '=', messageId).executeTakeFirst();
  if (!msg) return false;
  if (msg.read_id === null) {
    await db
      .insertInto('message_reads')
      .values({ company_id: companyId, message_id: messageId, client_id: clientId, read_at: nowIso() })
      .onConflict((oc) => oc.columns(['message_id', 'client_id']).doNothing())
      .execute();
  }
  return true;
}
