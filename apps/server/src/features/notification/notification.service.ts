import type { Deps } from '../../deps.ts';
import { renderMail } from '../mail/mailer.ts';
import * as repo from './notification.repository.ts';

export function listNotifications(deps: Deps, input: Parameters<typeof repo.findNotifications>[1]) {
  return repo.findNotifications(deps.db, input);
}

export function countNew(deps: Deps, companyId: number, clientId: number): Promise<number> {
  return repo.countNew(deps.db, companyId, clientId);
}

/** False when the notification is not this customer's. */
export function markRead(deps: Deps, companyId: number, clientId: number, contactId: number): Promise<boolean> {
  return repo.markRead(deps.db, companyId, clientId, contactId);
}

export function markAllRead(deps: Deps, companyId: number, clientId: number): Promise<void> {
  return repo.markAllRead(deps.db, companyId, clientId);
}

export function findOptOuts(deps: Deps, companyId: number, clientId: number) {
  return repo.findOptOuts(deps.db, companyId, clientId);
}

export function saveOptOuts(deps: Deps, companyId: number, clientId: number, rows: { category: string; email: boolean; in_app: boolean }[]) {
  return repo.saveOptOuts(deps.db, companyId, clientId, rows);
}

export type { NotificationsVersion } from './notification.repository.ts';

/** What the poll's ETag is computed from: one indexed query. */
export function findNotificationsVersion(deps: Deps, companyId: number, clientId: number): Promise<repo.NotificationsVersion> {
  return repo.findNotificationsVersion(deps.db, companyId, clientId);
}

/**
 * Tells one client something, in the app and by e-mail, each unless the client opted out of
 * that channel for the category. `db` may be a transaction: the rows commit with the change
 * they report; the e-mail is queued to go after the answer.
 */
export async function notifyClient(
  deps: Deps,
  db: Deps['db'],
  input: { companyId: number; companyName: string; clientId: number; category: string; title: string; content: string; tagData?: Record<string, unknown>; action?: { label: string; url: string } },
): Promise<void> {
  const optOut = (await repo.findOptOuts(db, input.companyId, input.clientId)).find((o) => o.category === input.category);
  if (optOut?.in_app !== 1) {
    await repo.insertClientNotification(db, { ...input, tagData: input.tagData ?? null, createdAt: new Date().toISOString() });
  }
  if (optOut?.email !== 1) {
    const client = await repo.findClientEmail(db, input.companyId, input.clientId);
    if (client?.email) {
      deps.mailer.queue({ companyId: input.companyId, to: client.email, subject: input.title, ...renderMail(input.companyName, [`Hi ${client.first_name},`, input.content], input.action) });
    }
  }
}
