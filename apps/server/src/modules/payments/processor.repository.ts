import type { Db } from '../../db/database.ts';
import type { ProcessorCredentialsTable } from '../../db/schema-processors.ts';

/** What the portal keeps of a company's real card processor (decision 103). */

export function findCredentials(db: Db, companyId: number, provider: string) {
  return db.selectFrom('processor_credentials').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).executeTakeFirst();
}

export async function saveCredentials(db: Db, row: ProcessorCredentialsTable): Promise<void> {
  const { secret_key, webhook_secret, publishable_key, updated_at } = row;
  await db
    .insertInto('processor_credentials')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'provider']).doUpdateSet({ secret_key, webhook_secret, publishable_key, updated_at }))
    .execute();
}

export async function forgetCustomers(db: Db, companyId: number, provider: string): Promise<void> {
  await db.deleteFrom('processor_customers').where('company_id', '=', companyId).where('provider', '=', provider).execute();
}

export async function findCustomer(db: Db, companyId: number, provider: string, clientId: number): Promise<string | null> {
  const row = await db
    .selectFrom('processor_customers')
    .select('customer_id')
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Keeps the first customer made for a client (two requests at once make one, by the processor's idempotency key). */
export async function saveCustomer(db: Db, row: { company_id: number; provider: string; client_id: number; customer_id: string; created_at: string }): Promise<void> {
  await db
    .insertInto('processor_customers')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'provider', 'client_id']).doNothing())
    .execute();
}

export async function recordChargeAsked(db: Db, row: { company_id: number; provider: string; idempotency_key: string; customer_id: string; created_at: string }): Promise<void> {
  await db
    .insertInto('processor_charges')
    .values({ ...row, charge_id: null })
    .onConflict((oc) => oc.columns(['company_id', 'provider', 'idempotency_key']).doNothing())
    .execute();
}

export async function recordChargeId(db: Db, companyId: number, provider: string, key: string, chargeId: string): Promise<void> {
  await db.updateTable('processor_charges').set({ charge_id: chargeId }).where('company_id', '=', companyId).where('provider', '=', provider).where('idempotency_key', '=', key).execute();
}

export function findChargeAsked(db: Db, companyId: number, provider: string, key: string) {
  return db.selectFrom('processor_charges').selectAll().where('company_id', '=', companyId).where('provider', '=', provider).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function wasEventApplied(db: Db, companyId: number, provider: string, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('processor_events').select('event_id').where('company_id', '=', companyId).where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

export async function recordEventApplied(db: Db, row: { company_id: number; provider: string; event_id: string; type: string; received_at: string }): Promise<void> {
  await db
    .insertInto('processor_events')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'provider', 'event_id']).doNothing())
    .execute();
}
