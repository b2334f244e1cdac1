import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Every signed-in customer polls their notifications and messages each minute. Each client row
 * carries a version of each list, moved by triggers on every write that can change what the
 * client sees (whoever writes: the server, an import, an operator in a SQL shell), so a poll
 * first reads two integers by primary key and answers from the page cached under them when
 * nothing moved. A message to the whole company moves the version of each of its clients.
 * Undone by migration 005 (decision 008).
 */
export function clientVersions(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const column of ['notifications_version', 'messages_version']) {
        await db.schema.alterTable('clients').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      const bumpNotifications = (client: string) => `update clients set notifications_version = notifications_version + 1 where id = ${client}`;
      const bumpMessages = (client: string) => `update clients set messages_version = messages_version + 1 where id = ${client}`;
      // A message for one client (client_id set) or for every client of its company.
      const bumpMessageAudience = (row: 'new' | 'old') =>
        `update clients set messages_version = messages_version + 1
          where company_id = ${row}.company_id and (${row}.client_id is null or id = ${row}.client_id)`;
      const bumpNotificationAudience = (row: 'new' | 'old') =>
        `update clients set notifications_version = notifications_version + 1
          where id in (select client_id from notification_contacts where notification_id = ${row}.id)`;

      if (engine === 'sqlite') {
        const trigger = (name: string, event: string, table: string, ...body: string[]) =>
          sql.raw(`create trigger ${name} after ${event} on ${table} begin ${body.map((b) => `${b};`).join(' ')} end`).execute(db);
        await trigger('notification_contacts_version_ins', 'insert', 'notification_contacts', bumpNotifications('new.client_id'));
        await trigger('notification_contacts_version_upd', 'update', 'notification_contacts', bumpNotifications('new.client_id'), bumpNotifications('old.client_id'));
        await trigger('notification_contacts_version_del', 'delete', 'notification_contacts', bumpNotifications('old.client_id'));
        await trigger('notifications_version_upd', 'update', 'notifications', bumpNotificationAudience('new'));
        await trigger('message_reads_version_ins', 'insert', 'message_reads', bumpMessages('new.client_id'));
        await trigger('message_reads_version_upd', 'update', 'message_reads', bumpMessages('new.client_id'), bumpMessages('old.client_id'));
        await trigger('message_reads_version_del', 'delete', 'message_reads', bumpMessages('old.client_id'));
        await trigger('messages_version_ins', 'insert', 'messages', bumpMessageAudience('new'));
        await trigger('messages_version_upd', 'update', 'messages', bumpMessageAudience('new'), bumpMessageAudience('old'));
        await trigger('messages_version_del', 'delete', 'messages', bumpMessageAudience('old'));
        return;
      }

      const fn = (name: string, onNew: string[], onOld: string[]) =>
        sql.raw(`create function ${name}() returns trigger language plpgsql as $$
          begin
            if tg_op in ('INSERT', 'UPDATE') then ${onNew.map((b) => `${b};`).join(' ')} end if;
            if tg_op in ('UPDATE', 'DELETE') then ${onOld.map((b) => `${b};`).join(' ')} end if;
            return null;
          end $$`).execute(db);
      const trigger = (table: string, events: string, fnName: string) =>
        sql.raw(`create trigger ${table}_version after ${events} on ${table} for each row execute function ${fnName}()`).execute(db);
      await fn('notification_contacts_version', [bumpNotifications('new.client_id')], [bumpNotifications('old.client_id')]);
      await trigger('notification_contacts', 'insert or update or delete', 'notification_contacts_version');
      await fn('notifications_version', [bumpNotificationAudience('new')], []);
      await trigger('notifications', 'update', 'notifications_version');
      await fn('message_reads_version', [bumpMessages('new.client_id')], [bumpMessages('old.client_id')]);
      await trigger('message_reads', 'insert or update or delete', 'message_reads_version');
      await fn('messages_version', [bumpMessageAudience('new')], [bumpMessageAudience('old')]);
      await trigger('messages', 'insert or update or delete', 'messages_version');
      // TRUNCATE fires no row trigger: it moves the version of every client.
      for (const [list, tables] of [
        ['notifications', ['notification_contacts', 'notifications']],
        ['messages', ['message_reads', 'messages']],
      ] as const) {
        await sql.raw(`create function ${list}_version_truncate() returns trigger language plpgsql as $$
          begin update clients set ${list}_version = ${list}_version + 1; return null; end $$`).execute(db);
        for (const table of tables) {
          await sql.raw(`create trigger ${table}_version_truncate after truncate on ${table} for each statement execute function ${list}_version_truncate()`).execute(db);
        }
      }
    },
  };
}
