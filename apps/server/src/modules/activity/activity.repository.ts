import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ActivityLogTable } from '../../db/schema.ts';

export type ActivityRow = Insertable<ActivityLogTable>;

export async function insertEntries(db: Db, rows: ActivityRow[]): Promise<void> {
  if (rows.length) await db.insertInto('activity_log').values(rows).execute();
}

/** Inserts the entry unless the family already has one of that kind and summary by the same person (a device seen before), in one statement. */
export async function insertUnlessLogged(db: Db, row: ActivityRow): Promise<void> {
  await sql`insert into activity_log (company_id, client_id, at, actor, kind, summary, changes, by_name)
    select cast(${row.company_id} as integer), cast(${row.client_id} as integer), ${row.at}, ${row.actor}, ${row.kind}, ${row.summary}, null, ${row.by_name ?? null}
    where not exists (select 1 from activity_log where company_id = ${row.company_id} and client_id = ${row.client_id} and kind = ${row.kind} and summary = ${row.summary} and coalesce(by_name, '') = ${row.by_name ?? ''})`.execute(
    db,
  );
}

export async function findPage(db: Db, input: { companyId: number; clientId: number; limit: number; offset: number }) {
  const base = db.selectFrom('activity_log').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId);
  const [rows, count] = await Promise.all([
    base.select(['at', 'actor', 'kind', 'summary', 'changes', 'by_name']).orderBy('id', 'desc').limit(input.limit).offset(input.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
