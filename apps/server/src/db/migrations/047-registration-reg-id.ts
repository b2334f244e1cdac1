import { sql, type Kysely } from 'kysely';

/**
 * The Registration ID a new family's registration shows (N21): drawn the first time its form asks
 * for one and kept against the registration, so every showing of the form answers the same number
 * and a form merely opened, before any address is proved, draws none. Null until asked.
 */
export function registrationRegId() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table registrations add column reg_id text`.execute(db);
    },
  };
}
