import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import type { SessionsRow } from '../../domain/session.ts';
import { companyFromSessionRow } from '../company/company.api.ts';
import * as repo from './session.repository.ts';

export type { SessionKind } from './session.repository.ts';

/** A new opaque token for a company or customer session; only its hash is stored. */
export function startSession(deps: Deps, input: { kind: repo.SessionKind; companyId: number; clientId: number | null; ttlMs: number }) {
  return repo.createSession(deps.db, input);
}

export function endSessionByToken(deps: Deps, token: string): Promise<void> {
  return repo.deleteSessionByToken(deps.db, token);
}

export function endSessionById(deps: Deps, companyId: number, id: number): Promise<void> {
  return repo.deleteSessionById(deps.db, companyId, id);
}

/** The company session alone, for refreshing it. */
export function findCompanySession(deps: Deps, token: string) {
  return repo.findCompanySession(deps.db, token);
}

/** The sessions behind a request's cookies and their company, in one query (the auth plugin's lookup). */
export async function findSessions(deps: Deps, companyToken: string, customerToken: string | undefined): Promise<{ row: SessionsRow; company: Company } | undefined> {
  const row = await repo.findSessions(deps.db, companyToken, customerToken);
  if (!row) return undefined;
  return { row, company: await companyFromSessionRow(deps, row) };
}

/** Removes sessions, reset tokens and e-mail codes that can no longer be used. */
export function deleteExpiredSessions(deps: Deps, now = new Date()): Promise<void> {
  return repo.deleteExpired(deps.db, now);
}
