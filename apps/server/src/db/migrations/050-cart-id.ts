import { sql, type Kysely } from 'kysely';

/**
 * The cart a hold was made for (decision 137): each browser keeps its own cart, and a cart gives
 * back only the places and courts it held itself, never those the family's other device holds.
 * Null for a hold made otherwise (a checkout, a registration) or by a cart that sent no id.
 */
export function cartId() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table enrolments add column cart_id text`.execute(db);
      await sql`alter table bookings add column cart_id text`.execute(db);
    },
  };
}
