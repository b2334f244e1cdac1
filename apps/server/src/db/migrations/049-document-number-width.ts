import { sql, type Kysely } from 'kysely';

/**
 * The width of a document number series (decision 135): a series whose highest number carries
 * leading zeros (TDS-0398) goes on at that width (TDS-0399). 0, the default, pads nothing, so
 * every counter already running numbers as before.
 */
export function documentNumberWidth() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql`alter table document_numbers add column width integer not null default 0`.execute(db);
    },
  };
}
