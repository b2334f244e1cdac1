import type { Kysely } from 'kysely';

/**
 * The class search's page in two statements (decision 032): the page's ids come from walking
 * the day-and-time index, which now holds last_date too, so a deep page skips classes without
 * reading their rows; the upcoming session dates and the next session of each class on the page
 * are read from one index that holds everything they ask.
 */
export const classSearchCover = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('classes_day_time').execute();
    await db.schema.createIndex('classes_day_time').on('classes').columns(['company_id', 'day_of_week', 'start_time', 'id', 'last_date']).execute();
    await db.schema.createIndex('class_sessions_upcoming').on('class_sessions').columns(['company_id', 'class_id', 'status', 'date', 'start_time']).execute();
  },
};
