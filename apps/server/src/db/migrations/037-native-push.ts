import { sql, type Kysely } from 'kysely';

/**
 * Push to the native app (decision 102): a device of the app registers its Firebase Cloud
 * Messaging token as a subscription of the `fcm` channel beside the browsers' `web` ones.
 */
export function nativePush() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql.raw(`alter table push_subscriptions add column channel text not null default 'web'`).execute(db);
    },
  };
}
