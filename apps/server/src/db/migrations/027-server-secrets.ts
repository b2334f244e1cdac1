import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Secrets every server process of one database shares (decision 052): the key the captcha's
 * challenges are signed with, made here once per database, so a challenge issued by one process
 * behind a load balancer is verified by another, with nothing to configure. The rows of
 * captcha_solutions become the challenges already spent, not the ones issued.
 */
export const serverSecrets = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
  async up(db: Kysely<any>): Promise<void> {
    await sql`create table server_secrets (name text not null primary key, value text not null)`.execute(db);
    await sql`insert into server_secrets (name, value) values ('captcha', ${randomBytes(32).toString('hex')})`.execute(db);
    // Issued under the earlier scheme: none of them can be answered any more.
    await sql`delete from captcha_solutions`.execute(db);
  },
};
