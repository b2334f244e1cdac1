import { sql } from 'kysely';
import type { Db, Engine } from '../../db/database.ts';

// A company's invoice and receipt numbers (decisions 039, 135): its counters, each in the caller's transaction.

/** A number of a series: its prefix and value, the value zero-padded to the series' width (0 pads nothing). */
export const documentNo = (prefix: string, value: number, width: number) => `${prefix}${String(value).padStart(width, '0')}`;

/** The next number of a company's document kind and its series' width (the first writer's); the upsert serialises concurrent writers on the counter row. */
export async function nextDocumentValue(db: Db, companyId: number, kind: string, start: number, width: number): Promise<{ value: number; width: number }> {
  const row = await db
    .insertInto('document_numbers')
    .values({ company_id: companyId, kind, last_value: start, width })
    .onConflict((oc) => oc.columns(['company_id', 'kind']).doUpdateSet((eb) => ({ last_value: eb('document_numbers.last_value', '+', 1) })))
    .returning(['last_value', 'width'])
    .executeTakeFirstOrThrow();
  return { value: Number(row.last_value), width: Number(row.width) };
}

/**
 * The counter's next value, its series' width and whether a document already carries the number
 * they make (one imported under it), or null where the company has no counter of that kind yet.
 * On SQLite (one writer at a time) the check rides on the counter's update. On PostgreSQL it is a
 * statement of its own after it: a check inside the update would read the documents as they were
 * when the update began, before it waited for the counter's lock, and miss one committed meanwhile.
 */
export async function advanceDocumentCounter(
  db: Db,
  engine: Engine,
  companyId: number,
  table: 'invoices' | 'receipts',
  kind: string,
  prefix: string,
): Promise<{ value: number; width: number; taken: boolean } | null> {
  // SQLite's printf pads to the width read from the row ('%0*d' with width 0 pads nothing), as documentNo does.
  const no = sql`cast(${prefix} as text) || printf('%0*d', document_numbers.width, document_numbers.last_value)`;
  const taken =
    table === 'invoices'
      ? sql<number>`exists (select 1 from invoices d where d.company_id = document_numbers.company_id and d.invoice_no = ${no})`
      : sql<number>`exists (select 1 from receipts d where d.company_id = document_numbers.company_id and d.receipt_no = ${no})`;
  const row = await db
    .updateTable('document_numbers')
    .set((eb) => ({ last_value: eb('last_value', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .returning(engine === 'sqlite' ? ['last_value', 'width', taken.as('taken')] : ['last_value', 'width', sql<number>`0`.as('taken')])
    .executeTakeFirst();
  if (!row) return null;
  const value = Number(row.last_value);
  const width = Number(row.width);
  return { value, width, taken: engine === 'sqlite' ? Boolean(row.taken) : await documentNumberTaken(db, companyId, table, documentNo(prefix, value, width)) };
}

export async function findDocumentNumbers(db: Db, companyId: number, table: 'invoices' | 'receipts', prefix: string): Promise<string[]> {
  if (table === 'invoices') {
    return (await db.selectFrom('invoices').select('invoice_no as no').where('company_id', '=', companyId).where('invoice_no', 'like', `${prefix}%`).execute()).map((r) => r.no);
  }
  return (await db.selectFrom('receipts').select('receipt_no as no').where('company_id', '=', companyId).where('receipt_no', 'like', `${prefix}%`).execute()).map((r) => r.no);
}

export async function documentNumberTaken(db: Db, companyId: number, table: 'invoices' | 'receipts', no: string): Promise<boolean> {
  const row =
    table === 'invoices'
      ? await db.selectFrom('invoices').select('id').where('company_id', '=', companyId).where('invoice_no', '=', no).executeTakeFirst()
      : await db.selectFrom('receipts').select('id').where('company_id', '=', companyId).where('receipt_no', '=', no).executeTakeFirst();
  return row !== undefined;
}
