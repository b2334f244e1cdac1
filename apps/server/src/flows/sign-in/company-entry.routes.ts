import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyCodeSchema } from '@portal/shared/auth-schemas';
import { serverMessages } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/api-schemas';
import {
  companiesAnswerSchema,
  companiesByEmailSchema,
  companyAnswerSchema,
  companyLoginSchema,
  loginByCustomerIdSchema,
} from '@portal/shared/company-schemas';
import type { Ctx } from '../../context.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, clearAuthCookies, cookieOptions } from '../../plugins/auth.ts';
import { assertCompanyActive, type Company } from '../../domain/company.ts';
import { endSessionById, endSessionByToken, findCompaniesForCredentials, findCompanySession, startSession } from '../../modules/accounts/accounts.api.ts';
import { findCompanyByCode, findCompanyByCustomerId, findCompanyById, toListEntry } from '../../modules/company/company.api.ts';

/** Refresh keeps working this long after the company session itself has expired. */
const REFRESH_GRACE_MS = 30 * 24 * 3600_000;

export async function companyEntryRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const companyTtl = ctx.env.COMPANY_SESSION_HOURS * 3600_000;

  /** Starts this browser's session on a company; any earlier company or customer session ends. */
  async function enterCompany(req: FastifyRequest, reply: FastifyReply, company: Company | undefined) {
    if (!company) throw new AppError(404, 'NOT_FOUND', serverMessages.companyNotFound);
    assertCompanyActive(company);
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const old = req.cookies[name];
      if (old) await endSessionByToken(ctx, old);
    }
    const { token, expiresAt } = await startSession(ctx, { kind: 'company', companyId: company.id, clientId: null, ttlMs: companyTtl });
    reply.setCookie(COMPANY_COOKIE, token, cookieOptions(req, new Date(expiresAt.getTime() + REFRESH_GRACE_MS)));
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    return { success: true as const, company: toListEntry(company) };
  }

  r.post(
    '/api/company/get-by-email',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['company'],
        body: companiesByEmailSchema,
        response: { 200: companiesAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'signin');
      const { email, password } = req.body;
      return { success: true as const, companies: await withSignInFailures(ctx, { email, ip: req.ip }, () => findCompaniesForCredentials(ctx, email, password)) };
    },
  );

  r.post(
    '/api/company/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['company'],
        body: companyLoginSchema,
        response: { 200: companyAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCustomerId(ctx, req.body.company.CustomerID));
    },
  );

  r.post(
    '/api/company/login-by-code',
    { config: { auth: 'public' }, schema: { tags: ['company'], body: companyCodeSchema, response: { 200: companyAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCode(ctx, req.body.company_code));
    },
  );

  r.post(
    '/api/company/login-by-customer-id',
    {
      config: { auth: 'public' },
      schema: { tags: ['company'], body: loginByCustomerIdSchema, response: { 200: companyAnswerSchema, ...errorResponses } },
    },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCustomerId(ctx, req.body.customer_id));
    },
  );

  r.post('/api/company/logout', { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: successSchema, ...errorResponses } } }, async (req, reply) => {
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const token = req.cookies[name];
      if (token) await endSessionByToken(ctx, token);
    }
    clearAuthCookies(reply);
    return { success: true as const };
  });

  r.post(
    '/api/company/refresh-company-token',
    { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: successSchema, ...errorResponses } } },
    async (req, reply) => {
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
    },
  );
}
