import { sql, type Kysely } from 'kysely';

/**
 * What a family paid for a place (decision 120): the checkout's line for it net of its discounts,
 * as prices are entered, so a change of class gives back no more than was paid. Empty for a place
 * taken otherwise (the office's, an import's, a change of class), which is priced at its class's
 * price.
 */
export function enrolmentPaidCents() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table enrolments add column paid_cents integer`.execute(db);
    },
  };
}
