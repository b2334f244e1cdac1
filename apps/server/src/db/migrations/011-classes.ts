import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables that the typed schema does not know yet */
type Table = CreateTableBuilder<any, any>;

/**
 * Classes as families use them (decision 023): staff, ages and prices on a class, the kind of
 * an enrolment (ongoing, casual, temporary make-up) and its hold, a denormalised count of
 * ongoing enrolments so the search can sort and page by it through an index, absences,
 * make-up credits, the waitlist and the calendar feed. Every new table carries company_id and
 * reaches its parents through (company_id, id) pairs, as migration 006 made them.
 */
export function classesDomain(engine: Engine) {
  const id = (t: Table): Table =>
    engine === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const companyRef = (t: Table): Table => t.addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'));
  const tenant = (t: Table, name: string, column: string, parent: string): Table =>
    t.addForeignKeyConstraint(`${name}_${column}_tenant`, ['company_id', column], parent, ['company_id', 'id'], (c) => c.onDelete('cascade'));

  return {
    async up(db: Kysely<any>): Promise<void> {
      const add = (table: string, column: string, type: 'text' | 'integer', build?: (c: any) => any) =>
        db.schema.alterTable(table).addColumn(column, type, build ?? ((c) => c)).execute();

      await add('classes', 'staff', 'text', (c) => c.notNull().defaultTo(''));
      await add('classes', 'min_age', 'integer');
      await add('classes', 'max_age', 'integer');
      await add('classes', 'price_cents', 'integer', (c) => c.notNull().defaultTo(0));
      await add('classes', 'casual_price_cents', 'integer');
      await add('classes', 'enrolled_count', 'integer', (c) => c.notNull().defaultTo(0));
      /** The last scheduled session's date: the search leaves out classes that have ended without reading sessions. */
      await add('classes', 'last_date', 'text');

      await add('enrolments', 'kind', 'text', (c) => c.notNull().defaultTo('ongoing'));
      await add('enrolments', 'hold_until', 'text');
      await add('enrolments', 'created_at', 'text');

      // Sessions become a parent other rows may reference within their company.
      await sql.raw('create unique index class_sessions_company_id_key on class_sessions (company_id, id)').execute(db);

      await db.schema
        .createTable('absences')
        .$call((t) => companyRef(id(t)))
        .addColumn('session_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('notified_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('absences_session_student', ['company_id', 'session_id', 'student_id'])
        .$call((t) => tenant(t, 'absences', 'session_id', 'class_sessions'))
        .$call((t) => tenant(t, 'absences', 'student_id', 'students'))
        .$call((t) => tenant(t, 'absences', 'client_id', 'clients'))
        .execute();
      if (engine === 'postgres') await sql.raw('alter table absences add constraint absences_company_id_key unique (company_id, id)').execute(db);
      else await sql.raw('create unique index absences_company_id_key on absences (company_id, id)').execute(db);

      await db.schema
        .createTable('makeup_credits')
        .$call((t) => companyRef(id(t)))
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('absence_id', 'integer')
        .addColumn('lesson_format_id', 'integer')
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('used_enrolment_id', 'integer')
        .addUniqueConstraint('makeup_credits_absence', ['company_id', 'absence_id'])
        .$call((t) => tenant(t, 'makeup_credits', 'client_id', 'clients'))
        .$call((t) => tenant(t, 'makeup_credits', 'student_id', 'students'))
        .$call((t) => tenant(t, 'makeup_credits', 'absence_id', 'absences'))
        .execute();

      await db.schema
        .createTable('waitlist_entries')
        .$call((t) => companyRef(id(t)))
        .addColumn('class_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('offered_at', 'text')
        .addColumn('offer_expires_at', 'text')
        .addColumn('closed_at', 'text')
        .$call((t) => tenant(t, 'waitlist_entries', 'class_id', 'classes'))
        .$call((t) => tenant(t, 'waitlist_entries', 'student_id', 'students'))
        .$call((t) => tenant(t, 'waitlist_entries', 'client_id', 'clients'))
        .execute();

      await db.schema
        .createTable('calendar_feeds')
        .$call((t) => companyRef(id(t)))
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .$call((t) => tenant(t, 'calendar_feeds', 'client_id', 'clients'))
        .execute();

      const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();
      // The search's four sorts, each an index walk within one company.
      await index('classes_day_time', 'classes', ['company_id', 'day_of_week', 'start_time', 'id']);
      await index('classes_count_price', 'classes', ['company_id', 'enrolled_count', 'price_cents', 'id']);
      await index('classes_venue', 'classes', ['company_id', 'venue_id', 'day_of_week', 'start_time']);
      await index('classes_staff', 'classes', ['company_id', 'staff', 'day_of_week', 'start_time']);
      await index('enrolments_class', 'enrolments', ['company_id', 'class_id', 'status']);
      await index('absences_student', 'absences', ['company_id', 'student_id']);
      await index('makeup_credits_client', 'makeup_credits', ['company_id', 'client_id', 'expires_on']);
      await index('waitlist_class', 'waitlist_entries', ['company_id', 'class_id', 'status', 'id']);
      await index('waitlist_client', 'waitlist_entries', ['company_id', 'client_id', 'status']);
      await index('waitlist_offers', 'waitlist_entries', ['status', 'offer_expires_at']);
      await index('enrolments_holds', 'enrolments', ['status', 'hold_until']);

      await sql.raw(`update enrolments set kind = 'temporary' where status = 'temporary'`).execute(db);
      await sql.raw(`update classes set last_date = (select max(s.date) from class_sessions s where s.company_id = classes.company_id and s.class_id = classes.id and s.status = 'scheduled')`).execute(db);
      // Counts of what the demo and earlier imports already hold.
      await sql
        .raw(
          `update classes set enrolled_count = (select count(*) from enrolments e
             where e.company_id = classes.company_id and e.class_id = classes.id and e.kind = 'ongoing' and e.status = 'active')`,
        )
        .execute(db);
    },
  };
}
