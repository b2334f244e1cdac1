import { sql, type Kysely } from 'kysely';

/**
 * One acceptance per customer, agreement and version (issue 20): concurrent sends of one
 * signature each read "not signed yet" and inserted, so PostgreSQL recorded the same acceptance
 * up to 18 times. The earliest of each set is kept, and a unique index makes a second one
 * impossible on both engines; it also serves the lookups the old index served.
 */
export const agreementSignatureOnce = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql`delete from agreement_signatures where id not in (
      select min(id) from agreement_signatures group by company_id, client_id, agreement_id, version
    )`.execute(db);
    await db.schema.dropIndex('agreement_signatures_client').execute();
    await db.schema.createIndex('agreement_signatures_once').on('agreement_signatures').columns(['company_id', 'client_id', 'agreement_id', 'version']).unique().execute();
  },
};
