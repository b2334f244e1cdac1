import { categoriesUnheard, roleHears } from '@portal/shared/family-roles';
import { NOTIFICATION_CATEGORIES } from '@portal/shared/constants';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { enqueueMail, renderMail } from './mailer.ts';
import { queuePush } from '../push/push.api.ts';
import * as repo from './notification.repository.ts';

/**
 * Whose read state: an invited guardian keeps their own (decision 101); the holder's is the
 * family's. A guardian reads only the notices their role hears of: a payer those about money.
 */
const reader = (ctx: Ctx): repo.Reader => (ctx.guardian ? { id: ctx.guardian.id, unheard: categoriesUnheard(ctx.guardian.role) } : null);

export function listNotifications(ctx: Ctx, input: Parameters<typeof repo.findNotifications>[1]) {
  return repo.findNotifications(ctx.db, { ...input, reader: reader(ctx) });
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

/** The categories a company has notices of: no Bookings where it takes none. */
export function offeredCategories(company: Company) {
  return NOTIFICATION_CATEGORIES.filter((c) => c.key !== 'bookings' || company.settings.switches.ShowBookingsTab);
}

/** What is switched off: the family's, or for a guardian their own e-mail beside the family's hub choices (decision 101). */
export async function findOptOuts(ctx: Ctx, companyId: number, clientId: number) {
  const family = await repo.findOptOuts(ctx.db, companyId, clientId);
  if (!ctx.guardian) return family;
  const own = await repo.findGuardianOptOuts(ctx.db, ctx.guardian.id);
  const inApp = new Map(family.map((r) => [r.category, r.in_app]));
  return [...new Set([...inApp.keys(), ...own])].map((category) => ({ category, email: own.has(category) ? 1 : 0, in_app: inApp.get(category) ?? 0 }));
}

/** Saves the family's choices; a guardian saves only their own e-mail (what shows in the hub is the holder's to choose). */
export function saveOptOuts(ctx: Ctx, companyId: number, clientId: number, rows: { category: string; email: boolean; in_app: boolean }[]) {
  if (ctx.guardian)
    return repo.saveGuardianOptOuts(
      ctx.db,
      companyId,
      ctx.guardian.id,
      rows.map((r) => r.category),
      rows.filter((r) => r.email).map((r) => r.category),
    );
  return repo.saveOptOuts(ctx.db, companyId, clientId, rows);
}

/** A guardian's address for a category's e-mail, unless they switched it off (decision 101). */
export async function findGuardianAddress(ctx: Ctx, input: { companyId: number; clientId: number; guardianId: number; category: string }): Promise<{ email: string; first_name: string } | null> {
  const found = (await repo.findGuardianMailRecipients(ctx.db, { ...input, withoutPush: false })).find((g) => g.id === input.guardianId);
  return found ? { email: found.email, first_name: found.first_name } : null;
}

/**
 * E-mails a notice to the family's guardians as well (decision 101): each who has not switched the
 * category's e-mail off and whose role sees what it is about, by the address they sign in with.
 */
export async function mailGuardians(
  ctx: Ctx,
  company: { id: number; settings: Parameters<typeof renderMail>[0] },
  clientId: number,
  notice: { category: string; subject: string; content: string; action?: { label: string; url: string } },
): Promise<number> {
  const guardians = await repo.findGuardianMailRecipients(ctx.db, { companyId: company.id, clientId, category: notice.category, withoutPush: false });
  let mailed = 0;
  for (const g of guardians.filter((g) => roleHears(g.role, notice.category))) {
    ctx.mailer.queue({ companyId: company.id, to: g.email, subject: notice.subject, ...renderMail(company.settings, [`Hi ${g.first_name},`, notice.content], notice.action) });
    mailed += 1;
  }
  return mailed;
}

/**
 * Writes an e-mail to the family's address to the outbox, in the caller's transaction, unless it
 * has none or switched the category's e-mail off; answers its outbox id for delivery after the
 * commit, or null.
 */
export async function queueFamilyMail(
  ctx: Ctx,
  company: { id: number; settings: Parameters<typeof renderMail>[0] },
  clientId: number,
  mail: { category: string; subject: string; paragraphs: string[]; action?: { label: string; url: string } | undefined },
): Promise<number | null> {
  const to = await repo.findClientEmail(ctx.db, company.id, clientId);
  if (!to?.email || (await repo.isEmailOptedOut(ctx.db, company.id, clientId, mail.category))) return null;
  const { text, html } = renderMail(company.settings, [`Hello ${to.first_name},`, ...mail.paragraphs], mail.action);
  return enqueueMail(ctx, { companyId: company.id, to: to.email, subject: mail.subject, text, html });
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

/** The family's address for mail about a category, in the caller's transaction; null when it has none or opted out. */
export function findMailableClient(ctx: Ctx, companyId: number, clientId: number, category: string) {
  return repo.findMailableClient(ctx.db, companyId, clientId, category);
}

/** A client's e-mail address and first name, for a message about their account. */
export function findClientEmail(ctx: Ctx, companyId: number, clientId: number) {
  return repo.findClientEmail(ctx.db, companyId, clientId);
}
