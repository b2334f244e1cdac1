import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

export type NotificationFilter = 'All' | 'New' | 'Read';

interface NotificationRow {
  id: number;
  status: 'New' | 'Read';
  title: string;
  content: string;
  created_at: string;
  tag_data: string | null;
  total_count: number;
  new_count: number;
}

/**
 * One page of the client's notifications with the counts the badge needs. The counts ride on
 * each row as uncorrelated subqueries (computed once by both engines), so the 60-second poll of
 * every signed-in customer costs one query, written as SQL text because building it with the
 * query builder cost as much as running it.
 */
export async function findNotifications(db: Db, input: { companyId: number; clientId: number; status: NotificationFilter; limit: number; offset: number }) {
  const { companyId, clientId } = input;
  // LIMIT and OFFSET go in as literals (validated whole numbers): bound, they keep SQLite from
  // stopping the ordered index scan early (measured: 55 µs → 15 µs for the poll's page).
  const counts = sql`(select count(*) from notification_contacts where company_id = ${companyId} and client_id = ${clientId}) as total_count,
    (select count(*) from notification_contacts where company_id = ${companyId} and client_id = ${clientId} and status = 'New') as new_count`;
  const statusFilter = input.status === 'All' ? sql`` : sql`and nc.status = ${input.status}`;
  const { rows } = await sql<NotificationRow>`
    select nc.id, nc.status, n.title, n.content, n.created_at, n.tag_data, ${counts}
      from notification_contacts nc
      join notifications n on n.id = nc.notification_id and n.company_id = ${companyId}
     where nc.company_id = ${companyId} and nc.client_id = ${clientId} ${statusFilter}
     order by nc.created_at desc, nc.id desc
     limit ${sql.lit(Math.trunc(input.limit))} offset ${sql.lit(Math.trunc(input.offset))}`.execute(db);
  // A page past the end has no row to carry the counts.
  const totals = rows[0] ?? (await sql<{ total_count: number; new_count: number }>`select ${counts}`.execute(db)).rows[0]!;
  const total = Number(totals.total_count);
  const newCount = Number(totals.new_count);
  const filteredTotal = input.status === 'All' ? total : input.status === 'New' ? newCount : total - newCount;
  return { rows, total: filteredTotal, newCount };
}

export async function countNew(db: Db, companyId: number, clientId: number): Promise<number> {
  return (await findNotifications(db, { companyId, clientId, status: 'All', limit: 1, offset: 0 })).newCount;
}

/** Marks one of this client's notifications read; answers false when it is not theirs. */
export async function markRead(db: Db, companyId: number, clientId: number, contactId: number): Promise<boolean> {
  const own = await db
    .selectFrom('notification_contacts')
    .select(['id', 'status'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', contactId)
    .executeTakeFirst();
  if (!own) return false;
  if (own.status === 'New') {
    await db
      .updateTable('notification_contacts')
      .set({ status: 'Read', read_at: nowIso() })
      .where('company_id', '=', companyId)
      .where('client_id', '=', clientId)
      .where('id', '=', own.id)
      .execute();
  }
  return true;
}

export async function markAllRead(db: Db, companyId: number, clientId: number): Promise<void> {
  await db
    .updateTable('notification_contacts')
    .set({ status: 'Read', read_at: nowIso() })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'New')
    .execute();
}

export function findOptOuts(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('notification_opt_outs')
    .select(['category', 'email', 'in_app'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .execute();
}

/** Replaces the client's preferences in one transaction; rows are kept only where something is switched off. */
export async function saveOptOuts(db: Db, companyId: number, clientId: number, rows: { category: string; email: boolean; in_app: boolean }[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_opt_outs').where('company_id', '=', companyId).where('client_id', '=', clientId).execute();
    const off = rows.filter((r) => r.email || r.in_app);
    if (off.length > 0) {
      await trx
        .insertInto('notification_opt_outs')
        .values(off.map((r) => ({ company_id: companyId, client_id: clientId, category: r.category, email: r.email ? 1 : 0, in_app: r.in_app ? 1 : 0 })))
        .execute();
    }
  });
}
