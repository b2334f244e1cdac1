import type { Kysely } from 'kysely';

/**
 * Every call reads its company through the session lookup; carrying the whole settings text
 * (logo included) on each one cost 17 µs of a 21 µs query. The version travels instead, and
 * the parsed settings (and the get-config answer) are cached per company until it changes.
 * Changing a company's settings or lists bumps it.
 */
export const settingsVersion = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('companies').addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
};
