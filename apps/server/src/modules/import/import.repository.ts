import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for our widest table. */
const CHUNK = 500;

type Table = keyof Database;

/**
 * Inserts rows in chunks; the only place this feature writes SQL.
 * Kysely cannot relate a generic table name to its row type, hence the cast inside.
 */
export async function insertRows<T extends Table>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the function comment
    const chunk = rows.slice(i, i + CHUNK) as any;
    await db.insertInto(table).values(chunk).execute();
  }
}

/**
 * Inserts rows in chunks and answers their ids in the order of `rows`.
 * Neither engine promises RETURNING order, but both hand out ids from one increasing sequence
 * in VALUES order within a statement, so sorting the returned ids restores the input order.
 */
export async function insertRowsReturningIds<T extends Table>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const returned = (await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see insertRows
      .values(chunk as any)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table with ids has an `id` column
      .returning('id' as any)
      .execute()) as unknown as { id: number }[];
    if (returned.length !== chunk.length) throw new Error(`Inserted ${chunk.length} rows into ${table} but got ${returned.length} ids`);
    ids.push(...returned.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

export async function findCompanyConflicts(db: Db, code: string, customerId: number): Promise<{ code: boolean; customerId: boolean }> {
  const rows = await db
    .selectFrom('companies')
    .select(['code', 'customer_id'])
    .where((eb) => eb.or([eb('code', '=', code), eb('customer_id', '=', customerId)]))
    .execute();
  return { code: rows.some((r) => r.code === code), customerId: rows.some((r) => r.customer_id === customerId) };
}

export async function countCompanies(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Points a student's record at its stored picture. */
export async function setStudentPicture(db: Db, companyId: number, studentId: number, url: string): Promise<void> {
  await db.updateTable('students').set({ profile_picture: url }).where('company_id', '=', companyId).where('id', '=', studentId).execute();
}

/** The company's invoices as imported so far, for the financials section (bundle-financials.ts). */
export function findInvoiceIds(db: Db, companyId: number) {
  return db.selectFrom('invoices').select(['id', 'invoice_no', 'total_cents', 'tax_cents']).where('company_id', '=', companyId).orderBy('id').execute();
}

export async function updateInvoiceTax(db: Db, companyId: number, invoiceNo: string, taxCents: number): Promise<void> {
  await db.updateTable('invoices').set({ tax_cents: taxCents }).where('company_id', '=', companyId).where('invoice_no', '=', invoiceNo).execute();
}
