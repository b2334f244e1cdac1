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

/** An invoice's line of this breakdown key and amount: the tax and total the invoice charged for that item. */
export function findChargedLine(db: Db, input: { companyId: number; invoiceId: number; breakdownKey: string; amountCents: number }) {
  return db
    .selectFrom('invoice_lines')
    .select(['tax_cents', 'total_cents'])
    .where('company_id', '=', input.companyId)
    .where('invoice_id', '=', input.invoiceId)
    .where('breakdown_key', '=', input.breakdownKey)
    .where('amount_cents', '=', input.amountCents)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
}

/** Who an invoice or a receipt is addressed to: the name, the address and the billing address. */
export function findClientForDocuments(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('clients')
    .select([
      'first_name',
      'last_name',
      'address1',
      'address2',
      'suburb',
      'state',
      'postcode',
      'email',
      'billing_addr_same',
      'billing_address1',
      'billing_address2',
      'billing_suburb',
      'billing_state',
      'billing_postcode',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', clientId)
    .executeTakeFirst();
}
