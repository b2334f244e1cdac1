import type { Db } from '../../db/database.ts';

/** The newest invoice of a client with a line of this description, and its total: what a step that wrote it answers when asked again. */
export function findInvoiceWithLine(db: Db, companyId: number, clientId: number, description: string) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as l', (j) => j.onRef('l.invoice_id', '=', 'i.id').on('l.company_id', '=', companyId))
    .select(['i.invoice_no', 'i.total_cents'])
    .where('i.company_id', '=', companyId)
    .where('i.client_id', '=', clientId)
    .where('l.description', '=', description)
    .orderBy('i.id', 'desc')
    .executeTakeFirst();
}
