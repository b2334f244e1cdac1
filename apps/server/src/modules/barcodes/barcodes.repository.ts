import type { Db } from '../../db/database.ts';

export interface BarcodeRow {
  id: number;
  code: string;
  label: string;
  symbology: string;
  student_id: number | null;
  client_first_name: string;
  client_last_name: string;
  student_first_name: string | null;
  student_last_name: string | null;
}

/** A client's barcodes with the names of their holders (the client, or one of its students). */
function selectBarcodes(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('barcodes as b')
    .innerJoin('clients as c', (j) => j.onRef('c.company_id', '=', 'b.company_id').onRef('c.id', '=', 'b.client_id'))
    .leftJoin('students as s', (j) => j.onRef('s.company_id', '=', 'b.company_id').onRef('s.id', '=', 'b.student_id'))
    .select([
      'b.id',
      'b.code',
      'b.label',
      'b.symbology',
      'b.student_id',
      'c.first_name as client_first_name',
      'c.last_name as client_last_name',
      's.first_name as student_first_name',
      's.last_name as student_last_name',
    ])
    .where('b.company_id', '=', companyId)
    .where('b.client_id', '=', clientId);
}

/** The client's own card first, then its students' in the order they were added. */
export function findBarcodesByClientId(db: Db, companyId: number, clientId: number): Promise<BarcodeRow[]> {
  return selectBarcodes(db, companyId, clientId)
    .orderBy((eb) => eb.case().when('b.student_id', 'is', null).then(0).else(1).end())
    .orderBy('b.student_id')
    .orderBy('b.id')
    .execute();
}

export function findBarcodeById(db: Db, companyId: number, clientId: number, id: number): Promise<BarcodeRow | undefined> {
  return selectBarcodes(db, companyId, clientId).where('b.id', '=', id).executeTakeFirst();
}
