import type { Db } from '../../db/database.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { insertRows, insertRowsReturningIds } from './import.repository.ts';
import type { ImportedClient } from './import-customers.ts';
import type { ImportScope } from './import-scope.ts';

/** Notifications with who received and read each, then messages with who read each. */
export async function importNotices(
  trx: Db,
  scope: ImportScope,
  input: {
    notifications: CompanyBundle['notifications'];
    messages: CompanyBundle['messages'];
    clients: ImportedClient[];
    clientId: (key: string) => number;
    /** Student ids by "clientKey/studentKey", and by bare key where only one client has it. */
    studentIds: Map<string, number>;
  },
): Promise<void> {
  const { companyId: company_id, instant } = scope;
  const { clients, clientId } = input;
  // A notice about one child names it by its student key; the portal's link needs its id (decision 079).
  const tagData = (n: CompanyBundle['notifications'][number]): string | null => {
    if (n.tag_data === undefined) return null;
    const key = n.tag_data.student;
    const recipient = n.to !== 'all' && n.to.length === 1 ? n.to[0] : undefined;
    const id = typeof key === 'string' ? (input.studentIds.get(`${recipient}/${key}`) ?? input.studentIds.get(key)) : undefined;
    return JSON.stringify(id !== undefined && id > 0 && n.tag_data.student_id === undefined ? { ...n.tag_data, student_id: id } : n.tag_data);
  };
  const everyClient = clients.map(({ client }) => client.key);
  const notifications = input.notifications.map((n) => ({ n, createdAt: instant(n.created_at) }));
  const notificationIds = await insertRowsReturningIds(
    trx,
    'notifications',
    notifications.map(({ n, createdAt }) => ({
      company_id,
      title: n.title,
      content: n.content,
      category: n.category,
      tag_data: tagData(n),
      created_at: createdAt,
    })),
  );
  await insertRows(
    trx,
    'notification_contacts',
    notifications.flatMap(({ n, createdAt }, i) => {
      const readBy = new Set(n.read_by);
      return [...new Set(n.to === 'all' ? everyClient : n.to)].map((key) => ({
        company_id,
        notification_id: notificationIds[i] as number,
        client_id: clientId(key),
        status: readBy.has(key) ? ('Read' as const) : ('New' as const),
        created_at: createdAt,
        // The bundle does not say when it was read; the moment it arrived is the earliest honest answer.
        read_at: readBy.has(key) ? createdAt : null,
      }));
    }),
  );

  const messages = input.messages.map((m) => ({ m, publishedAt: instant(m.published_at) }));
  const messageIds = await insertRowsReturningIds(
    trx,
    'messages',
    messages.map(({ m, publishedAt }) => ({
      company_id,
      client_id: m.to === undefined ? null : clientId(m.to),
      title: m.title,
      body: m.body,
      published_at: publishedAt,
    })),
  );
  await insertRows(
    trx,
    'message_reads',
    messages.flatMap(({ m, publishedAt }, i) => [...new Set(m.read_by)].map((key) => ({ company_id, message_id: messageIds[i] as number, client_id: clientId(key), read_at: publishedAt }))),
  );
}
