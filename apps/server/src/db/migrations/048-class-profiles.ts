import { sql, type Kysely } from 'kysely';

/**
 * The registration profiles that offer a class (decision 134): one row per class and profile. A
 * class with no rows is offered under every profile, as before; one with rows only under those,
 * so a term enrolment lists the term's classes and a holiday programme its own. The class is
 * keyed with the company, so no row can name another company's class.
 */
export function classProfiles() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table class_profiles (
            company_id integer not null references companies (id) on delete cascade,
            class_id integer not null,
            profile_id integer not null,
            constraint class_profiles_pkey primary key (company_id, class_id, profile_id),
            constraint class_profiles_class_id_tenant foreign key (company_id, class_id) references classes (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
    },
  };
}
