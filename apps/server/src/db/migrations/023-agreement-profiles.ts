import { sql, type Kysely } from 'kysely';

/**
 * The agreements a registration profile shows (R8, R68, N25; decision 040): one row per profile
 * and agreement with the profile's own Required (the spec's pivot). A profile with no rows shows
 * the company's agreements. The agreement is keyed with the company, so a profile can never list
 * another company's agreement.
 */
export const agreementProfiles = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql
      .raw(
        `create table agreement_profiles (
          company_id integer not null references companies (id) on delete cascade,
          profile_id integer not null,
          agreement_id integer not null,
          required integer not null,
          sort_order integer not null,
          constraint agreement_profiles_pkey primary key (company_id, profile_id, agreement_id),
          constraint agreement_profiles_agreement_id_tenant foreign key (company_id, agreement_id) references agreements (company_id, id) on delete cascade
        )`,
      )
      .execute(db);
  },
};
