import type { Kysely } from 'kysely';

/**
 * An outbox row taken for delivery carries a lease: a row left `sending` by a process that died
 * mid-delivery is taken again by the minute job once its lease has run out (decision 034).
 * Rows already `sending` have no lease and are taken at once.
 */
export const outboxLease = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();
  },
};
