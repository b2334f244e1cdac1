import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, serverMessages } from '@portal/shared/messages';
import { isTokenShaped } from '../lib/tokens.ts';
import { AppError } from '../lib/app-error.ts';
import { assertCompanyActive, type Company } from '../domain/company.ts';
import type { SessionLookup } from '../domain/session.ts';
import { signInActionMessages } from '@portal/shared/sign-in-action-schemas';
import { guardianMessages, roleAllows } from '@portal/shared/guardian-schemas';
import type { Guardian } from '../context.ts';
import { ACTIONS_COOKIE, ROLE_COOKIE } from '@portal/shared/startup-calls';

export const COMPANY_COOKIE = 'portal_company';
export const CUSTOMER_COOKIE = 'portal_customer';

/** Who may call a route: anyone, a browser on a company's portal, or a signed-in customer of it. */
export type AuthLevel = 'public' | 'company' | 'customer';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /**
     * A customer call that stays open while the customer has sign-in actions pending: the calls
     * the actions themselves need. Every other customer call is refused until the queue is empty
     * (decision 021), so an action cannot be skipped by calling around it.
     */
    duringSignInActions?: boolean;
  }
  interface FastifyRequest {
    company?: Company;
    companySessionId?: number;
    customer?: { clientId: number; sessionId: number; guardian: Guardian | null };
  }
}

export function requireCompany(req: FastifyRequest): Company {
  if (!req.company) throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
  return req.company;
}

export function requireCustomer(req: FastifyRequest): { company: Company; clientId: number; sessionId: number } {
  const company = requireCompany(req);
  if (!req.customer) throw new AppError(401, 'UNAUTHENTICATED', serverMessages.notSignedIn);
  return { company, clientId: req.customer.clientId, sessionId: req.customer.sessionId };
}

/** Secure whenever customers reach the portal over HTTPS (PUBLIC_URL), even when the proxy in front speaks plain HTTP and says nothing. */
export function cookieOptions(req: Pick<FastifyRequest, 'protocol' | 'server'>, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.server.publicHttps || req.protocol === 'https', expires };
}

export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(COMPANY_COOKIE, { path: '/' });
  reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
  reply.clearCookie(ROLE_COOKIE, { path: '/' });
  reply.clearCookie(ACTIONS_COOKIE, { path: '/' });
}

/** The page's hint that sign-in actions are queued, set or cleared when it no longer says what the session does. */
function hintSignInActions(req: Pick<FastifyRequest, 'cookies' | 'protocol' | 'server'>, reply: FastifyReply, pending: boolean, expires: Date): void {
  if (pending === (req.cookies[ACTIONS_COOKIE] === 'pending')) return;
  if (pending) reply.setCookie(ACTIONS_COOKIE, 'pending', cookieOptions(req, expires));
  else reply.clearCookie(ACTIONS_COOKIE, { path: '/' });
}

/** One query per call (session.service.ts); the parsed settings are memoised per settings version (toCompany). */
async function resolve(findSessions: SessionLookup, req: FastifyRequest, reply: FastifyReply, level: AuthLevel): Promise<void> {
  const companyToken = req.cookies[COMPANY_COOKIE];
  if (!companyToken || !isTokenShaped(companyToken)) throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
  // A cookie that cannot be one of our tokens is no session, and is not looked up.
  const customerToken = isTokenShaped(req.cookies[CUSTOMER_COOKIE]) ? req.cookies[CUSTOMER_COOKIE] : undefined;
  const found = await findSessions(companyToken, customerToken);
  if (!found) throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
  const { row, company } = found;
  const now = new Date().toISOString();
  if (row.expires_at <= now) throw new AppError(401, 'TOKEN_ERROR', messages.tokenError);
  assertCompanyActive(company);
  req.company = company;
  req.companySessionId = row.session_id;

  if (row.customer_session_id !== null && row.customer_client_id !== null && row.customer_expires_at !== null && row.customer_expires_at > now) {
    const guardian =
      row.customer_guardian_id !== null && row.customer_role !== null
        ? { id: row.customer_guardian_id, role: row.customer_role, firstName: row.customer_guardian_first_name ?? '', lastName: row.customer_guardian_last_name ?? '' }
        : null;
    req.customer = { clientId: row.customer_client_id, sessionId: row.customer_session_id, guardian };
    hintSignInActions(req, reply, row.customer_actions === 1, new Date(row.customer_expires_at));
  }
  if (level === 'customer' && !req.customer) throw new AppError(401, 'UNAUTHENTICATED', serverMessages.notSignedIn);
  if (level === 'customer' && row.customer_actions === 1 && !req.routeOptions.config.duringSignInActions) {
    throw new AppError(403, 'SIGN_IN_ACTIONS_PENDING', signInActionMessages.pending);
  }
  // The family roles (decision 101): checked here, on every customer call, before anything else runs.
  const endpoint = req.routeOptions.config.endpoint;
  if (level === 'customer' && endpoint && !roleAllows(req.customer?.guardian?.role, endpoint)) {
    throw new AppError(403, 'ROLE_FORBIDDEN', guardianMessages.forbidden);
  }
}

/** Resolves the sessions a route asks for before its body is validated, so 401 beats 400. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { findSessions: SessionLookup }) => {
  app.addHook('preValidation', async (req, reply) => {
    const level = req.routeOptions.config.auth ?? 'public';
    if (level === 'public') return;
    await resolve(opts.findSessions, req, reply, level);
    if (req.customer) await app.throttleSession(req);
  });
});
