import { sql, type Kysely } from 'kysely';

/**
 * A guest booking's captcha carries over a declined card (decision 082): each attempt keeps the
 * hash of the captcha it was admitted with, so the next attempt under the same solution can be
 * checked against the ones before it, and a spent solution counts the attempts it admitted.
 * Attempts and solutions spent before this migration admitted one each.
 */
export const guestBookingCaptcha = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql`alter table guest_bookings add column captcha_hash text`.execute(db);
    await sql`create index guest_bookings_captcha on guest_bookings (company_id, captcha_hash)`.execute(db);
    await sql`alter table captcha_solutions add column uses integer not null default 1`.execute(db);
  },
};
