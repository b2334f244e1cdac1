import type { Kysely } from 'kysely';

/**
 * A company can withdraw a class-session link it sent (decisions 022, 035): the link keeps its
 * row, marked with when it was revoked, so its page says it was withdrawn until it would have
 * expired and the sweep takes it.
 */
export const classSessionLinkRevocation = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('class_session_links').addColumn('revoked_at', 'text').execute();
  },
};
