import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Families reply to their messages (decision 078): each reply is kept under the message and the
 * client who wrote it, once per Idempotency-Key of that client; the company is mailed through
 * the outbox, whose rows now keep the Reply-To a delivery after a restart needs.
 */
export function messageReplies(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table message_replies (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            message_id integer not null,
            client_id integer not null,
            body text not null,
            idempotency_key text not null,
            created_at text not null,
            constraint message_replies_key unique (company_id, client_id, idempotency_key),
            constraint message_replies_message_id_tenant foreign key (company_id, message_id) references messages (company_id, id) on delete cascade,
            constraint message_replies_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      // A thread: one family's replies to one message, oldest first.
      await sql`create index message_replies_thread on message_replies (company_id, message_id, client_id, id)`.execute(db);
      await sql`alter table outbox add column reply_to text`.execute(db);
    },
  };
}
