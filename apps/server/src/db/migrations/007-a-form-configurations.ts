import type { Kysely } from 'kysely';

/**
 * A company's form-field configuration (decision 019): one document per company, read and
 * replaced whole, validated by formConfigurationSchema on the way in and on the way out.
 */
export const formConfigurations = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('form_configurations')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('configuration', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
