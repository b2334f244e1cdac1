import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
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

/** Notifies one client inside the caller's transaction (`db` may be a transaction), respecting their opt-outs. */
export function notifyClient(db: Deps['db'], input: Parameters<typeof repo.insertClientNotification>[1]) {
  return repo.insertClientNotification(db, input);
}

export function isEmailOptedOut(deps: Deps, companyId: number, clientId: number, category: string) {
  return repo.isEmailOptedOut(deps.db, companyId, clientId, category);
}

/** isEmailOptedOut inside the caller's transaction (a mail written with the order it is about). */
export function isEmailOptedOutWithin(trx: Db, companyId: number, clientId: number, category: string) {
  return repo.isEmailOptedOut(trx, companyId, clientId, category);
}

/** A client's e-mail address and first name, for a message about their account. */
export function findClientEmail(deps: Deps, companyId: number, clientId: number) {
  return repo.findClientEmail(deps.db, companyId, clientId);
}
