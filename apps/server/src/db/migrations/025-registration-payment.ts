import { sql, type Kysely } from 'kysely';

/**
 * A registration that pays (decision 049): the card its family tokenised at the gateway, kept
 * against the registration until the submission hands it to the new client; and when the
 * registration was completed. A submission that must be paid writes the family first and
 * completes only once the checkout does; a submitted registration with no completed_at is paying.
 * Registrations submitted before this migration had nothing to pay: they are complete.
 */
export const registrationPayment = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql`alter table registrations add column card_token text`.execute(db);
    await sql`alter table registrations add column completed_at text`.execute(db);
    await sql`update registrations set completed_at = submitted_at where submitted_at is not null`.execute(db);
  },
};
