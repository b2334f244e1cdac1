import { sql, type Kysely } from 'kysely';

/**
 * A charge the reconciliation gives back (its payment failed, or is gone) is claimed here before
 * the gateway is asked to refund it (decision 086): of the server processes whose minute jobs find
 * it at once, one refunds it. The claim lasts a lease, so a process that dies holding it leaves
 * the charge to the next minute's job; `refunded_at` records that the refund was made.
 */
export const chargeRefunds = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql`create table charge_refunds (
      company_id integer not null references companies (id) on delete cascade,
      charge_id text not null,
      lease_until text not null,
      refunded_at text,
      primary key (company_id, charge_id)
    )`.execute(db);
  },
};
