import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import type { SessionsRow } from '../../domain/session.ts';
import { companyFromSessionRow } from '../company/company.api.ts';
import * as repo from './session.repository.ts';

/** A new opaque token for a company or customer session; only its hash is stored. */
export function startSession(ctx: Ctx, input: { kind: repo.SessionKind; companyId: number; clientId: number | null; guardianId?: number | null; ttlMs: number }) {
  return repo.createSession(ctx.db, input);
}

export function endSessionByToken(ctx: Ctx, token: string): Promise<void> {
  return repo.deleteSessionByToken(ctx.db, token);
}

export function endSessionById(ctx: Ctx, companyId: number, id: number): Promise<void> {
  return repo.deleteSessionById(ctx.db, companyId, id);
}

/** The company session alone, for refreshing it. */
export function findCompanySession(ctx: Ctx, token: string) {
  return repo.findCompanySession(ctx.db, token);
}

/** The sessions behind a request's cookies and their company, in one query (the auth plugin's lookup). */
export async function findSessions(ctx: Ctx, companyToken: string, customerToken: string | undefined): Promise<{ row: SessionsRow; company: Company } | undefined> {
  const row = await repo.findSessions(ctx.db, companyToken, customerToken);
  if (!row) return undefined;
  return { row, company: await companyFromSessionRow(ctx, row) };
}

/** Removes sessions, reset tokens and e-mail codes that can no longer be used. */
export function deleteExpiredSessions(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return repo.deleteExpired(ctx.db, now);
}
