import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentMethodsTable } from '../../db/schema.ts';

/** The one payment method a client keeps on file: a card token or a masked bank account. */
export function findPaymentMethod(db: Db, companyId: number, clientId: number) {
  return db.selectFrom('payment_methods').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
}

/** Inserts or replaces the client's payment method. */
export async function savePaymentMethod(db: Db, row: Insertable<PaymentMethodsTable>) {
  const { company_id, client_id, created_at, ...rest } = row;
  void created_at;
  await db
    .insertInto('payment_methods')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).doUpdateSet({ ...rest }))
    .execute();
  return findPaymentMethod(db, company_id, client_id);
}

export async function deletePaymentMethod(db: Db, companyId: number, clientId: number): Promise<boolean> {
  const res = await db.deleteFrom('payment_methods').where('company_id', '=', companyId).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
