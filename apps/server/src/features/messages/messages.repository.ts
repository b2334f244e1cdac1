import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

export type MessageFilter = 'All' | 'Unread' | 'Read';

/** Published messages for everyone in the company or for this client alone. */
function visible(db: Db, companyId: number, clientId: number, now: string) {
  return db
    .selectFrom('messages as m')
    .leftJoin('message_reads as r', (j) => j.onRef('r.message_id', '=', 'm.id').on('r.client_id', '=', clientId).on('r.company_id', '=', companyId))
    .where('m.company_id', '=', companyId)
    .where((eb) => eb.or([eb('m.client_id', 'is', null), eb('m.client_id', '=', clientId)]))
    .where('m.published_at', '<=', now);
}

export interface MessageRow {
  id: number;
  title: string;
  body: string;
  published_at: string;
  read_at: string | null;
  total_count: number;
  unread_count: number;
  next_published_at: string | null;
}

/** One page of messages with the total and unread counts, in one query as for notifications. */
export async function findMessages(db: Db, input: { companyId: number; clientId: number; status: MessageFilter; limit: number; offset: number }) {
  const { companyId, clientId } = input;
  // LIMIT and OFFSET go in as literals (validated whole numbers): bound, they keep SQLite from
  // stopping the ordered index scan early (measured: 55 µs → 15 µs for the poll's page).
  const now = nowIso();
  const from = sql`from messages m
      left join message_reads r on r.message_id = m.id and r.client_id = ${clientId} and r.company_id = ${companyId}
     where m.company_id = ${companyId} and (m.client_id is null or m.client_id = ${clientId}) and m.published_at <= ${now}`;
  // When the next scheduled message for this client appears: a page cached now is good until then.
  const next = sql`(select min(published_at) from messages where company_id = ${companyId} and (client_id is null or client_id = ${clientId}) and published_at > ${now}) as next_published_at`;
  const counts = sql`(select count(*) ${from}) as total_count, (select count(*) ${from} and r.id is null) as unread_count, ${next}`;
  const statusFilter = input.status === 'Unread' ? sql`and r.id is null` : input.status === 'Read' ? sql`and r.id is not null` : sql``;
  const { rows } = await sql<MessageRow>`
    select m.id, m.title, m.body, m.published_at, r.read_at, ${counts}
      ${from} ${statusFilter}
     order by m.published_at desc, m.id desc
     limit ${sql.lit(Math.trunc(input.limit))} offset ${sql.lit(Math.trunc(input.offset))}`.execute(db);
  const totals = rows[0] ?? (await sql<{ total_count: number; unread_count: number; next_published_at: string | null }>`select ${counts}`.execute(db)).rows[0]!;
  const total = Number(totals.total_count);
  const unread = Number(totals.unread_count);
  const filteredTotal = input.status === 'All' ? total : input.status === 'Unread' ? unread : total - unread;
  return { rows, total: filteredTotal, unread, nextPublication: totals.next_published_at };
}

export async function countUnread(db: Db, companyId: number, clientId: number): Promise<number> {
  return (await findMessages(db, { companyId, clientId, status: 'All', limit: 1, offset: 0 })).unread;
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
