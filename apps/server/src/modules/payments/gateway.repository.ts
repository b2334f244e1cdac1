import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { GatewayChargesTable, GatewayCardsTable } from '../../db/schema.ts';

/** The simulated gateway's own store: its vault of tokens and its charges. */

export function insertCard(db: Db, row: Insertable<GatewayCardsTable>) {
  return db.insertInto('gateway_cards').values(row).execute();
}

/** The card behind a token the gateway charged (its challenge step), when it is this client's. */
export function findChargedCard(db: Db, companyId: number, clientId: number, token: string) {
  return db.selectFrom('gateway_cards').select('behaviour').where('company_id', '=', companyId).where('client_id', '=', clientId).where('token', '=', token).executeTakeFirst();
}

/** A token of this company's client; another client's or another company's is not found. */
export function findCard(db: Db, companyId: number, clientId: number, token: string) {
  return db.selectFrom('gateway_cards').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).where('token', '=', token).executeTakeFirst();
}

/** A token of the company that no client holds yet. */
export function findUnownedCard(db: Db, companyId: number, token: string) {
  return db.selectFrom('gateway_cards').selectAll().where('company_id', '=', companyId).where('client_id', 'is', null).where('token', '=', token).executeTakeFirst();
}

/** Gives an unowned token to a client (again, when it is theirs already), answering the card; undefined when it is unknown or someone else's. */
export function attachCard(db: Db, companyId: number, token: string, clientId: number) {
  return db
    .updateTable('gateway_cards')
    .set({ client_id: clientId })
    .where('company_id', '=', companyId)
    .where('token', '=', token)
    .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
    .returning(['token', 'brand', 'last4', 'exp_month', 'exp_year'])
    .executeTakeFirst();
}

export async function detachCard(db: Db, companyId: number, token: string, clientId: number): Promise<void> {
  await db.updateTable('gateway_cards').set({ client_id: null }).where('company_id', '=', companyId).where('token', '=', token).where('client_id', '=', clientId).execute();
}

export function findChargeByKey(db: Db, companyId: number, key: string) {
  return db.selectFrom('gateway_charges').selectAll().where('company_id', '=', companyId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findChargeById(db: Db, companyId: number, chargeId: string) {
  return db.selectFrom('gateway_charges').selectAll().where('company_id', '=', companyId).where('charge_id', '=', chargeId).executeTakeFirst();
}

/** Inserts the charge unless one exists under its key; answers whether this call made it. */
/** Inserts the charge unless its key was used; answers the new row, or undefined. */
export function insertChargeOnce(db: Db, row: Insertable<GatewayChargesTable>) {
  return db
    .insertInto('gateway_charges')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Moves a charge from one status to another; false when it had already moved. */
export async function moveCharge(db: Db, companyId: number, chargeId: string, from: string, to: { status: string; decline_code?: string | null; refunded_cents?: number; updated_at: string }) {
  const res = await db.updateTable('gateway_charges').set(to).where('company_id', '=', companyId).where('charge_id', '=', chargeId).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function findSucceededChargesBefore(db: Db, companyId: number, before: string) {
  return db
    .selectFrom('gateway_charges')
    .select(['charge_id', 'idempotency_key', 'amount_cents', 'created_at'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'succeeded')
    .where('created_at', '<', before)
    .execute();
}
