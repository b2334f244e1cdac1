import type { Deps } from '../../deps.ts';
import * as repo from './messages.repository.ts';

export function listMessages(deps: Deps, input: Parameters<typeof repo.findMessages>[1]) {
  return repo.findMessages(deps.db, input);
}

export function countUnread(deps: Deps, companyId: number, clientId: number): Promise<number> {
  return repo.countUnread(deps.db, companyId, clientId);
}

/** False when the message is not this customer's to read. */
export function markRead(deps: Deps, companyId: number, clientId: number, messageId: number): Promise<boolean> {
  return repo.markRead(deps.db, companyId, clientId, messageId);
}

export type { MessagesVersion } from './messages.repository.ts';

/** What the poll's ETag is computed from: one indexed query. */
export function findMessagesVersion(deps: Deps, companyId: number, clientId: number): Promise<repo.MessagesVersion> {
  return repo.findMessagesVersion(deps.db, companyId, clientId);
}
