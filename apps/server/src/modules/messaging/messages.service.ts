import type { Ctx } from '../../context.ts';
import * as repo from './messages.repository.ts';

/** Whose read receipts: an invited guardian keeps their own (decision 101); the holder's are the family's. */
const reader = (ctx: Ctx) => ctx.guardian?.id ?? null;

export function listMessages(ctx: Ctx, input: Parameters<typeof repo.findMessages>[1]) {
  return repo.findMessages(ctx.db, { ...input, guardianId: reader(ctx) });
}

export function countUnread(ctx: Ctx, companyId: number, clientId: number): Promise<number> {
  return repo.countUnread(ctx.db, companyId, clientId, reader(ctx));
}

/** False when the message is not this customer's to read. */
export function markRead(ctx: Ctx, companyId: number, clientId: number, messageId: number): Promise<boolean> {
  return repo.markRead(ctx.db, companyId, clientId, messageId, reader(ctx));
}

export type { MessagesVersion } from './messages.repository.ts';

/** What the poll's ETag is computed from: one indexed query. */
export function findMessagesVersion(ctx: Ctx, companyId: number, clientId: number): Promise<repo.MessagesVersion> {
  return repo.findMessagesVersion(ctx.db, companyId, clientId, reader(ctx));
}
