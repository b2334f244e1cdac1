import { sql, type Kysely } from 'kysely';

/**
 * A guardian's own e-mail choices (decision 101): a row is a category whose e-mail the guardian
 * switched off. What shows in the hub stays the family's (`notification_opt_outs`).
 */
export function guardianOptOuts() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table guardian_opt_outs (
            company_id integer not null references companies (id) on delete cascade,
            guardian_id integer not null references guardians (id) on delete cascade,
            category text not null,
            primary key (guardian_id, category)
          )`,
        )
        .execute(db);
    },
  };
}
