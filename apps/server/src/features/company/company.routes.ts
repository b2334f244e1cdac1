import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyCodeSchema } from '@portal/shared/auth-schemas';
import { serverMessages } from '@portal/shared/messages';
import { companyConfigSchema } from '@portal/shared/company-config';
import { successSchema } from '@portal/shared/api-schemas';
import {
  companiesAnswerSchema,
  companiesByEmailSchema,
  companyAnswerSchema,
  companyLoginSchema,
  loginByCustomerIdSchema,
  ocrProfilesAnswerSchema,
} from '@portal/shared/company-schemas';
import { throttle, withSignInFailures, type Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, matchesEtag, typed } from '../../lib/http.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, clearAuthCookies, cookieOptions, requireCompany } from '../../plugins/auth.ts';
import { assertCompanyActive, type Company } from '../../domain/company.ts';
import { endSessionById, endSessionByToken, findCompanySession, startSession } from '../session/session.service.ts';
import { findCompaniesForCredentials } from '../customer/customer.service.ts';
import { companyConfigAnswer, findCompanyByCode, findCompanyByCustomerId, findCompanyById, toListEntry } from './company.service.ts';

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
      if (old) await endSessionByToken(deps, old);
    }
    const { token, expiresAt } = await startSession(deps, { kind: 'company', companyId: company.id, clientId: null, ttlMs: companyTtl });
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
      return { success: true as const, companies: await withSignInFailures(deps, { email, ip: req.ip }, () => findCompaniesForCredentials(deps, email, password)) };
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
      return enterCompany(req, reply, await findCompanyByCustomerId(deps, req.body.company.CustomerID));
    },
  );

  r.post(
    '/api/company/login-by-code',
    { config: { auth: 'public' }, schema: { tags: ['company'], body: companyCodeSchema, response: { 200: companyAnswerSchema, ...errorResponses } } },
    async (req, reply) => {
      await throttle(req, 'signin');
      return enterCompany(req, reply, await findCompanyByCode(deps, req.body.company_code));
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
      return enterCompany(req, reply, await findCompanyByCustomerId(deps, req.body.customer_id));
    },
  );

  r.post('/api/company/logout', { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: successSchema, ...errorResponses } } }, async (req, reply) => {
    for (const name of [COMPANY_COOKIE, CUSTOMER_COOKIE]) {
      const token = req.cookies[name];
      if (token) await endSessionByToken(deps, token);
    }
    clearAuthCookies(reply);
    return { success: true as const };
  });

  r.get(
    '/api/company/get-config',
    { config: { auth: 'company' }, schema: { tags: ['company'], response: { 200: companyConfigSchema, ...errorResponses } } },
    async (req, typedReply) => {
      const reply = typedReply as FastifyReply;
      const answer = await companyConfigAnswer(deps, requireCompany(req));
      reply.header('etag', answer.etag).header('cache-control', 'no-store');
      if (matchesEtag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      // Already checked JSON text (companyConfigAnswer): sent as it is, past the serializer.
      return reply.type('application/json; charset=utf-8').send(answer.text());
    },
  );

  r.post(
    '/api/company/refresh-company-token',
    { config: { auth: 'public' }, schema: { tags: ['company'], response: { 200: successSchema, ...errorResponses } } },
    async (req, reply) => {
      const token = req.cookies[COMPANY_COOKIE];
      const row = token ? await findCompanySession(deps, token) : undefined;
      if (!row || new Date(row.expires_at).getTime() + REFRESH_GRACE_MS <= Date.now()) {
        clearAuthCookies(reply);
        throw new AppError(401, 'COMPANY_REQUIRED', 'Please choose a company');
      }
      const company = await findCompanyById(deps, row.id);
      if (company) assertCompanyActive(company);
      await endSessionById(deps, row.id, row.session_id);
      const fresh = await startSession(deps, { kind: 'company', companyId: row.id, clientId: null, ttlMs: companyTtl });
      reply.setCookie(COMPANY_COOKIE, fresh.token, cookieOptions(req, new Date(fresh.expiresAt.getTime() + REFRESH_GRACE_MS)));
      return { success: true as const };
    },
  );

  r.get(
    '/api/classes/ocr-profiles',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['classes'],
        response: { 200: ocrProfilesAnswerSchema, ...errorResponses },
      },
    },
    async (req) => {
      const company = requireCompany(req);
      return {
        success: true as const,
        profiles: company.settings.profiles.map((p) => ({ OCRProfileID: p.OCRProfileID, ProfileName: p.ProfileName, DisplayName: p.DisplayName, PageType: p.PageType })),
      };
    },
  );
}
