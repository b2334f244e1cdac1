import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PushSubscriptionsTable } from '../../db/schema.ts';

export function findKeys(db: Db) {
  return db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** Keeps the first key pair any process made; a second one made at the same instant is dropped. */
export async function insertKeys(db: Db, keys: { public_key: string; private_key: string; created_at: string }): Promise<void> {
  await db
    .insertInto('push_keys')
    .values({ id: 1, ...keys })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export type SubscriptionRow = Omit<Insertable<PushSubscriptionsTable>, 'id' | 'last_push_at'>;

/** A device has one subscription: the family signed in on it now takes it over. */
export async function upsertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  const { endpoint: _, created_at: __, ...changes } = row;
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(changes))
    .execute();
}

export function findSubscription(db: Db, companyId: number, clientId: number, endpoint: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'categories']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function deleteSubscription(db: Db, companyId: number, clientId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('company_id', '=', companyId).where('client_id', '=', clientId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Queues the push for every device of the client that takes the category, in one statement (in the notification's transaction). */
export async function queueDeliveries(db: Db, input: { companyId: number; clientId: number; category: string; title: string; body: string; url: string; createdAt: string }): Promise<void> {
  await db
    .insertInto('push_deliveries')
    .columns(['company_id', 'subscription_id', 'title', 'body', 'url', 'created_at', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select((s) => [
          'company_id',
          'id',
          s.val(input.title).as('title'),
          s.val(input.body).as('body'),
          s.val(input.url).as('url'),
          s.val(input.createdAt).as('created_at'),
          s.val('queued').as('status'),
        ])
        .where('company_id', '=', input.companyId)
        .where('client_id', '=', input.clientId)
        .where('categories', 'like', `%,${input.category},%`),
    )
    .execute();
}

/** Deliveries to send: queued, or left sending by a process whose lease ran out. */
export async function findDue(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_deliveries')
    .select('id')
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)])]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes a delivery to send, with one conditional write: of the processes that find it at once, one does. */
export async function claim(db: Db, id: number, now: string, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('push_deliveries')
    .set((eb) => ({ status: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)])]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function findDelivery(db: Db, id: number) {
  return db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.title', 'd.body', 'd.url', 'd.attempts', 'd.subscription_id', 's.channel', 's.endpoint', 's.p256dh', 's.auth'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function settle(db: Db, id: number, change: { status: 'sent' | 'queued' | 'failed'; at: string; error?: string }): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ status: change.status, sent_at: change.status === 'sent' ? change.at : null, lease_until: null, error: change.error ?? null })
    .where('id', '=', id)
    .execute();
}

export async function touchSubscription(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_push_at: at }).where('id', '=', id).execute();
}

export async function deleteOldDeliveries(db: Db, before: string): Promise<void> {
  await db.deleteFrom('push_deliveries').where('created_at', '<', before).execute();
}

/** The clients of a company whose holder has a device that takes the category (a guardian's device does not stand in for the family's e-mail). */
export async function findClientsWithPush(db: Db, companyId: number, category: string): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('client_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('guardian_id', 'is', null)
    .where('categories', 'like', `%,${category},%`)
    .execute();
  return rows.map((r) => r.client_id);
}
