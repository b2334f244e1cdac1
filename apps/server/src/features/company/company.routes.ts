import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { companyCodeSchema, emailField, passwordField } from '@portal/shared/auth-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { CompanyConfig } from '@portal/shared/company-config';
import { throttle, withSignInFailures, type Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, idField, success, typed } from '../../lib/http.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, assertCompanyActive, clearAuthCookies, cookieOptions, requireCompany } from '../../plugins/auth.ts';
import { createSession, deleteSessionById, deleteSessionByToken, findCompanySession } from '../session/session.repository.ts';
import { findCompanyByCode, findCompanyByCustomerId, findCompanyById, type Company } from './company.repository.ts';
import { buildCompanyConfig, findCompaniesForCredentials, sendContactMessage, toListEntry } from './company.service.ts';

const listEntry = z.object({ CustomerID: z.number(), TradingName: z.string(), Application: z.string() });
const companyAnswer = z.object({ success: z.literal(true), company: listEntry });
/** Refresh keeps working this long after the company session itself has expired. */
const REFRESH_GRACE_MS = 30 * 24 * 3600_000;

export async function companyRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = typed(app);
  const companyTtl = deps.env.COMPANY_SESSION_HOURS * 3600_000;

  /** Starts this browser's session on a company; any earlier company or customer session ends. */
  async function enterCompany(req: FastifyRequest, reply: FastifyReply, company: Company | undefined) {
    if (!company) throw new AppError(404, 'NOT_FOUND', serverMessages.companyNotFound);
    assertCompanyActive(company);
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const old = req.cookies[name];
      if (old) await deleteSessionByToken(deps.db, old);
    }
    const { token, expiresAt } = await createSession(deps.db, { kind: 'company', companyId: company.id, clientId: null, ttlMs: companyTtl });
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
        body: z.object({ email: emailField, password: passwordField }),
        response: { 200: z.object({ success: z.literal(true), companies: z.array(listEntry) }), ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'signin');
      const { email, password } = req.body;
      return { success: true as const, companies: await withSignInFailures(deps, email, () => findCompaniesForCredentials(deps, email, password)) };
    },
  );

  r.post(
    '/api/company/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['company'],
        body: z.object({ company: z.object({ CustomerID: idField, Product: z.string().max(100).optional() }) }),
        response: { 200: companyAnswer, ...errorResponses },
      },
    },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCustomerId(deps.db, req.body.company.CustomerID));
    },
  );

  r.post(
    '/api/company/login-by-code',
    { config: { auth: 'public' }, schema: { tags: ['company'], body: companyCodeSchema, response: { 200: companyAnswer, ...errorResponses } } },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCode(deps.db, req.body.company_code));
    },
  );

  r.post(
    '/api/company/login-by-customer-id',
    {
      config: { auth: 'public' },
      schema: { tags: ['company'], body: z.object({ customer_id: z.union([idField, z.string().regex(/^[0-9]{1,10}$/).transform(Number).pipe(idField)]) }), response: { 200: companyAnswer, ...errorResponses } },
    },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCustomerId(deps.db, req.body.customer_id));
    },
  );

  r.post('/api/company/logout', { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: success } } }, async (req, reply) => {
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const token = req.cookies[name];
      if (token) await deleteSessionByToken(deps.db, token);
    }
    clearAuthCookies(reply);
    return { success: true as const };
  });

  r.get(
    '/api/company/get-config',
    { config: { auth: 'company' }, schema: { tags: ['company'], response: { 200: z.custom<CompanyConfig>(), ...errorResponses } } },
    async (req) => buildCompanyConfig(deps, requireCompany(req)),
  );

  r.post(
    '/api/company/refresh-company-token',
    { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: success, ...errorResponses } } },
    async (req, reply) => {
      const token = req.cookies[COMPANY_COOKIE];
      const row = token ? await findCompanySession(deps.db, token) : undefined;
      if (!row || new Date(row.expires_at).getTime() + REFRESH_GRACE_MS <= Date.now()) {
        clearAuthCookies(reply);
        throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
      }
      const company = await findCompanyById(deps.db, row.id);
      if (company) assertCompanyActive(company);
      await deleteSessionById(deps.db, row.id, row.session_id);
      const fresh = await createSession(deps.db, { kind: 'company', companyId: row.id, clientId: null, ttlMs: companyTtl });
      reply.setCookie(COMPANY_COOKIE, fresh.token, cookieOptions(req, new Date(fresh.expiresAt.getTime() + REFRESH_GRACE_MS)));
      return { success: true as const };
    },
  );

  r.post(
    '/api/company/contact-us',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['company'],
        body: z.object({
          name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
          email: emailField,
          phone: z.string().trim().max(30).regex(/^(\+?[0-9]+)?$/, 'Please enter valid numbers only').default(''),
          message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
        }),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses },
      },
    },
    async (req) => {
      await throttle(req, 'contact');
      return { success: true as const, message: await sendContactMessage(deps, requireCompany(req), req.body) };
    },
  );

  r.get(
    '/api/classes/ocr-profiles',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['classes'],
        response: {
          200: z.object({ success: z.literal(true), profiles: z.array(z.object({ OCRProfileID: z.number(), ProfileName: z.string(), DisplayName: z.string() })) }),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const company = requireCompany(req);
      return {
        success: true as const,
        profiles: company.settings.profiles.map((p) => ({ OCRProfileID: p.OCRProfileID, ProfileName: p.ProfileName, DisplayName: p.DisplayName })),
      };
    },
  );
}
