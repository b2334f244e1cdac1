import { sql, type Kysely } from 'kysely';

/**
 * The class search at 5,000 classes of one company (decision 023): the first session's date, so
 * a date range is two column checks instead of a look into every class's sessions; the venue's
 * name, so the Venue sort walks an index instead of sorting every class; and one index that
 * covers every filter, so counting the matches reads no table rows.
 */
export const classSearchKeys = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('classes').addColumn('first_date', 'text').execute();
    await db.schema.alterTable('classes').addColumn('venue_name', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql
      .raw(
        `update classes set
           first_date = (select min(s.date) from class_sessions s where s.company_id = classes.company_id and s.class_id = classes.id and s.status = 'scheduled'),
           venue_name = coalesce((select v.name from venues v where v.company_id = classes.company_id and v.id = classes.venue_id), '')`,
      )
      .execute(db);
    await db.schema.dropIndex('classes_venue').execute();
    await db.schema.createIndex('classes_venue_name').on('classes').columns(['company_id', 'venue_name', 'day_of_week', 'start_time', 'id']).execute();
    await db.schema
      .createIndex('classes_search')
      .on('classes')
      .columns(['company_id', 'last_date', 'first_date', 'day_of_week', 'start_time', 'venue_id', 'lesson_format_id', 'standard', 'min_age', 'max_age'])
      .execute();
  },
};
