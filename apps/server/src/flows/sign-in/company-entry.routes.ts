import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@portal/shared/messages';
import { companyEndpoints as endpoints } from '@portal/shared/endpoints/company';
import type { Ctx } from '../../context.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, clearAuthCookies, cookieOptions } from '../../plugins/auth.ts';
import { assertCompanyActive, type Company } from '../../domain/company.ts';
import { endSessionById, endSessionByToken, findCompaniesForCredentials, findCompanySession, startSession } from '../../modules/accounts/accounts.api.ts';
import { findCompanyByCode, findCompanyByCustomerId, findCompanyById, toListEntry } from '../../modules/company/company.api.ts';

/** Refresh keeps working this long after the company session itself has expired. */
const REFRESH_GRACE_MS = 30 * 24 * 3600_000;

/** Starts this browser's session on a company; any earlier company or customer session ends. */
export async function enterCompany(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, company: Company | undefined) {
  if (!company) throw new AppError(404, 'NOT_FOUND', serverMessages.companyNotFound);
  assertCompanyActive(company);
  for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
    const old = req.cookies[name];
    if (old) await endSessionByToken(ctx, old);
  }
  const { token, expiresAt } = await startSession(ctx, { kind: 'company', companyId: company.id, clientId: null, ttlMs: ctx.env.COMPANY_SESSION_HOURS * 3600_000 });
  reply.setCookie(COMPANY_COOKIE, token, cookieOptions(req, new Date(expiresAt.getTime() + REFRESH_GRACE_MS)));
  reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
  return { success: true as const, company: toListEntry(company) };
}

export async function companyEntryRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  const companyTtl = base.env.COMPANY_SESSION_HOURS * 3600_000;

  route(app, base, endpoints.getByEmail, async ({ ctx, body: { email, password }, req }) => {
    await throttle(req, 'signin');
    return { success: true as const, companies: await withSignInFailures(ctx, { email, ip: req.ip }, () => findCompaniesForCredentials(ctx, email, password)) };
  });

  route(app, base, endpoints.login, async ({ ctx, body, req, reply }) => {
    await throttle(req, 'signin');
    return enterCompany(ctx, req, reply, await findCompanyByCustomerId(ctx, body.company.CustomerID));
  });

  route(app, base, endpoints.loginByCode, async ({ ctx, body, req, reply }) => {
    await throttle(req, 'signin');
    return enterCompany(ctx, req, reply, await findCompanyByCode(ctx, body.company_code));
  });

  route(app, base, endpoints.loginByCustomerId, async ({ ctx, body, req, reply }) => {
    await throttle(req, 'signin');
    return enterCompany(ctx, req, reply, await findCompanyByCustomerId(ctx, body.customer_id));
  });

  route(app, base, endpoints.logout, async ({ ctx, req, reply }) => {
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const token = req.cookies[name];
      if (token) await endSessionByToken(ctx, token);
    }
    clearAuthCookies(reply);
    return { success: true as const };
  });

  route(app, base, endpoints.refreshToken, async ({ ctx, req, reply }) => {
    const token = req.cookies[COMPANY_COOKIE];
    const row = token ? await findCompanySession(ctx, token) : undefined;
    if (!row || new Date(row.expires_at).getTime() + REFRESH_GRACE_MS <= Date.now()) {
      clearAuthCookies(reply);
      throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
    }
    const company = await findCompanyById(ctx, row.id);
    if (company) assertCompanyActive(company);
    await endSessionById(ctx, row.id, row.session_id);
    const fresh = await startSession(ctx, { kind: 'company', companyId: row.id, clientId: null, ttlMs: companyTtl });
    reply.setCookie(COMPANY_COOKIE, fresh.token, cookieOptions(req, new Date(fresh.expiresAt.getTime() + REFRESH_GRACE_MS)));
    return { success: true as const };
  });
}
