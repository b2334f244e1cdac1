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
  id: number | null;
  title: string | null;
  body: string | null;
  published_at: string | null;
  read_at: string | null;
  total_count: number;
  unread_count: number;
  last_id: number | null;
}

/**
 * What a poll's ETag is made of: a new message, one becoming due, a read receipt and a delete
 * each move it.
 */
export interface MessagesVersion {
  total: number;
  unread: number;
  lastId: number | null;
}

/**
 * The messages this client sees now (the company's to everyone and its own), with its read
 * receipts. Two ranges of the audience index joined by UNION ALL: an OR over client_id made
 * SQLite read every message of the company.
 */
const visibleFrom = (companyId: number, clientId: number, now: string, guardianId: Reader) => sql`from (
        select id, title, body, published_at from messages where company_id = ${companyId} and client_id is null and published_at <= ${now}
        union all
        select id, title, body, published_at from messages where company_id = ${companyId} and client_id = ${clientId} and published_at <= ${now}
      ) m
      ${
        guardianId === null
          ? sql`left join message_reads r on r.message_id = m.id and r.client_id = ${clientId} and r.company_id = ${companyId}`
          : sql`left join guardian_reads r on r.guardian_id = ${guardianId} and r.kind = 'message' and r.item_id = m.id`
      }
     where 1 = 1`;

/** Whose read receipts: the family's (the holder), or an invited guardian's own (decision 101). */
export type Reader = number | null;

const totals = (companyId: number, clientId: number, now: string, guardianId: Reader) =>
  sql`select count(*) as total_count, count(*) - count(r.read_at) as unread_count, max(m.id) as last_id ${visibleFrom(companyId, clientId, now, guardianId)}`;

function toVersion(row: { total_count: number; unread_count: number; last_id: number | null }): MessagesVersion {
  return { total: Number(row.total_count), unread: Number(row.unread_count), lastId: row.last_id === null ? null : Number(row.last_id) };
}

/** The validator of the client's message lists alone, for answering 304. */
export async function findMessagesVersion(db: Db, companyId: number, clientId: number, guardianId: Reader = null): Promise<MessagesVersion> {
  const { rows } = await sql<{ total_count: number; unread_count: number; last_id: number | null }>`${totals(companyId, clientId, nowIso(), guardianId)}`.execute(db);
  return toVersion(rows[0]!);
}

/** One page of messages with the total and unread counts and the list's validator, in one query as for notifications. */
export async function findMessages(db: Db, input: { companyId: number; clientId: number; guardianId?: Reader; status: MessageFilter; limit: number; offset: number }) {
  const { companyId, clientId } = input;
  const guardianId = input.guardianId ?? null;
  const now = nowIso();
  const statusFilter = input.status === 'Unread' ? sql`and r.read_at is null` : input.status === 'Read' ? sql`and r.read_at is not null` : sql``;
  // LIMIT and OFFSET go in as literals (validated whole numbers): bound, they keep SQLite from
  // stopping the ordered index scan early (measured: 55 µs → 15 µs for the poll's page).
  const { rows } = await sql<MessageRow>`
    select p.id, p.title, p.body, p.published_at, p.read_at, t.total_count, t.unread_count, t.last_id
      from (${totals(companyId, clientId, now, guardianId)}) t
      left join (
        select m.id, m.title, m.body, m.published_at, r.read_at
          ${visibleFrom(companyId, clientId, now, guardianId)} ${statusFilter}
         order by m.published_at desc, m.id desc
         limit ${sql.lit(Math.trunc(input.limit))} offset ${sql.lit(Math.trunc(input.offset))}
      ) p on 1 = 1
     order by p.published_at desc, p.id desc`.execute(db);
  const version = toVersion(rows[0]!);
  const filteredTotal = input.status === 'All' ? version.total : input.status === 'Unread' ? version.unread : version.total - version.unread;
  const page = rows.filter((row) => row.id !== null) as (MessageRow & { id: number; title: string; body: string; published_at: string })[];
  return { rows: page, total: filteredTotal, unread: version.unread, version };
}

export async function countUnread(db: Db, companyId: number, clientId: number, guardianId: Reader = null): Promise<number> {
  return (await findMessagesVersion(db, companyId, clientId, guardianId)).unread;
}

/** Records the read receipt once; answers false when the message is not visible to this client. */
export async function markRead(db: Db, companyId: number, clientId: number, messageId: number, guardianId: Reader = null): Promise<boolean> {
  const msg = await visible(db, companyId, clientId, nowIso()).select(['m.id', 'r.id as read_id']).where('m.id', '=', messageId).executeTakeFirst();
  if (!msg) return false;
  if (guardianId !== null) {
    await db
      .insertInto('guardian_reads')
      .values({ company_id: companyId, guardian_id: guardianId, kind: 'message', item_id: messageId, read_at: nowIso() })
      .onConflict((oc) => oc.columns(['guardian_id', 'kind', 'item_id']).doNothing())
      .execute();
    return true;
  }
  if (msg.read_id === null) {
    await db
      .insertInto('message_reads')
      .values({ company_id: companyId, message_id: messageId, client_id: clientId, read_at: nowIso() })
      .onConflict((oc) => oc.columns(['message_id', 'client_id']).doNothing())
      .execute();
  }
  return true;
}
