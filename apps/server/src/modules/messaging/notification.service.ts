import type { Ctx } from '../../context.ts';
import { queuePush } from '../push/push.api.ts';
import * as repo from './notification.repository.ts';

/** Whose read state: an invited guardian keeps their own (decision 101); the holder's is the family's. */
const reader = (ctx: Ctx) => ctx.guardian?.id ?? null;

export function listNotifications(ctx: Ctx, input: Parameters<typeof repo.findNotifications>[1]) {
  return repo.findNotifications(ctx.db, { ...input, guardianId: reader(ctx) });
}

export function countNew(ctx: Ctx, companyId: number, clientId: number): Promise<number> {
  return repo.countNew(ctx.db, companyId, clientId, reader(ctx));
}

/** False when the notification is not this customer's. */
export function markRead(ctx: Ctx, companyId: number, clientId: number, contactId: number): Promise<boolean> {
  return repo.markRead(ctx.db, companyId, clientId, contactId, reader(ctx));
}

export function markAllRead(ctx: Ctx, companyId: number, clientId: number): Promise<void> {
  return repo.markAllRead(ctx.db, companyId, clientId, reader(ctx));
}

export function findOptOuts(ctx: Ctx, companyId: number, clientId: number) {
  return repo.findOptOuts(ctx.db, companyId, clientId);
}

export function saveOptOuts(ctx: Ctx, companyId: number, clientId: number, rows: { category: string; email: boolean; in_app: boolean }[]) {
  return repo.saveOptOuts(ctx.db, companyId, clientId, rows);
}

export type { NotificationsVersion } from './notification.repository.ts';

/** What the poll's ETag is computed from: one indexed query. */
export function findNotificationsVersion(ctx: Ctx, companyId: number, clientId: number): Promise<repo.NotificationsVersion> {
  return repo.findNotificationsVersion(ctx.db, companyId, clientId, reader(ctx));
}

/**
 * Notifies one client inside the caller's transaction (`db` may be a transaction), respecting their
 * opt-outs, and queues its push for each of their devices that takes the category (decision 100:
 * push is chosen per device, apart from the in-app list).
 */
export async function notifyClient(db: Ctx['db'], input: Parameters<typeof repo.insertClientNotification>[1]) {
  const id = await repo.insertClientNotification(db, input);
  await queuePush(db, input);
  return id;
}

export function isEmailOptedOut(ctx: Ctx, companyId: number, clientId: number, category: string) {
  return repo.isEmailOptedOut(ctx.db, companyId, clientId, category);
}

/** isEmailOptedOut inside the caller's transaction (a mail written with the order it is about). */
export function isEmailOptedOutWithin(ctx: Ctx, companyId: number, clientId: number, category: string) {
  return repo.isEmailOptedOut(ctx.db, companyId, clientId, category);
}

/** A client's e-mail address and first name, for a message about their account. */
export function findClientEmail(ctx: Ctx, companyId: number, clientId: number) {
  return repo.findClientEmail(ctx.db, companyId, clientId);
}
