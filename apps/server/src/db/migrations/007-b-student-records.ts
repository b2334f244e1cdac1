import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The whole student record (E29, decision 019) and what hangs off a student: its picture (stored
 * in the database so every server process can answer it), its skill sets and its certificates.
 * Every child row keeps its company and points at its student through (company_id, student_id).
 */
export function studentRecords(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      const text = ['reg_id', 'gender_other', 'phone_mobile', 'email', 'address1', 'address2', 'suburb', 'state', 'postcode', 'medical_condition_ids', 'additional_medical_conditions', 'notes', 'pending_days', 'custom_field_values', 'updated_at'];
      for (const column of text) await db.schema.alterTable('students').addColumn(column, 'text').execute();
      for (const column of ['standard_id', 'referral_source_id', 'school_id', 'venue_id']) await db.schema.alterTable('students').addColumn(column, 'integer').execute();
      await db.schema.alterTable('students').addColumn('addr_same_as_client', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // The level a bundle gave by name, as the list item it names.
      await sql`update students set standard_id = (select li.id from list_items li where li.company_id = students.company_id and li.list_name = 'standards' and li.display_name = students.standard order by li.id limit 1) where standard <> ''`.execute(db);

      const id = engine === 'postgres' ? ('serial' as const) : ('integer' as const);
      
      await db.schema
        .createTable('student_pictures')
        .addColumn('student_id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('image', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addForeignKeyConstraint('student_pictures_student_tenant', ['company_id', 'student_id'], 'students', ['company_id', 'id'], (c) => c.onDelete('cascade'))
        .execute();

      await db.schema
        .createTable('student_skill_sets')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        /** [{ name, achieved_on }] in the order the company teaches them. */
        .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addForeignKeyConstraint('student_skill_sets_student_tenant', ['company_id', 'student_id'], 'students', ['company_id', 'id'], (c) => c.onDelete('cascade'))
        .execute();
      await db.schema.createIndex('student_skill_sets_student').on('student_skill_sets').columns(['company_id', 'student_id']).execute();

      await db.schema
        .createTable('student_certificates')
        .addColumn('id', id, (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('issued_on', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addForeignKeyConstraint('student_certificates_student_tenant', ['company_id', 'student_id'], 'students', ['company_id', 'id'], (c) => c.onDelete('cascade'))
        .execute();
      await db.schema.createIndex('student_certificates_student').on('student_certificates').columns(['company_id', 'student_id']).execute();
    },
  };
}
