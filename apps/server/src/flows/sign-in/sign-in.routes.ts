import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema } from '@portal/shared/auth-schemas';
import { newPasswordServerSchema, registerServerSchema } from '@portal/shared/common-passwords';
import { serverMessages } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/api-schemas';
import {
  changingPasswordAnswerSchema,
  customerLoginRequestSchema,
  forgetPasswordRequestSchema,
  registerCodeSchema,
  registerRequestSchema,
  resetTokenParamsSchema,
  clientsAnswerSchema,
  loginAnswerSchema,
  meAnswerSchema,
  registerAnswerSchema,
  signInActionsAnswerSchema,
} from '@portal/shared/customer-schemas';
import type { Ctx } from '../../context.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { AppError } from '../../lib/app-error.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, cookieOptions, requireCompany, requireCustomer } from '../../plugins/auth.ts';
import { endSessionByToken, findCompanySession, findSessions, startSession } from '../../modules/accounts/accounts.api.ts';
import { isTokenShaped } from '../../lib/tokens.ts';
import { ocrSignInActionsAnswerSchema, ocrSignInActionsSchema } from '@portal/shared/sign-in-action-schemas';
import * as service from '../../modules/accounts/accounts.api.ts';
import { prepareSignIn, updateActionsForRegistration } from './sign-in-queue.service.ts';
import type { Company } from '../../domain/company.ts';


/**
 * Signs the browser in as the client: a new session token at every sign-in (the previous one, if
 * any, ends), the sign-in actions prepared; answers the user and the actions as login does.
 */
export async function signInCustomer(ctx: Ctx, req: Pick<FastifyRequest, 'cookies' | 'protocol' | 'server'>, reply: FastifyReply, company: Company, clientId: number) {
  const old = req.cookies[CUSTOMER_COOKIE];
  if (old) await endSessionByToken(ctx, old);
  const ttlMs = ctx.env.CUSTOMER_SESSION_DAYS * 24 * 3600_000;
  const { token, expiresAt } = await startSession(ctx, { kind: 'customer', companyId: company.id, clientId, ttlMs });
  reply.setCookie(CUSTOMER_COOKIE, token, cookieOptions(req, expiresAt));
  await prepareSignIn(ctx, company, clientId);
  return service.loadUserAndActions(ctx, company.id, clientId);
}

export async function signInRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);

  const signIn = (req: Pick<FastifyRequest, 'cookies' | 'protocol' | 'server'>, reply: FastifyReply, company: Company, clientId: number) => signInCustomer(ctx, req, reply, company, clientId);

  r.post(
    '/api/customer/get-clients',
    {
      config: { auth: 'company' },
      schema: { tags: ['customer'], body: loginSchema, response: { 200: clientsAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'signin');
      const { email, password } = req.body;
      return { success: true as const, clients: await withSignInFailures(ctx, { email, ip: req.ip }, () => service.listClientAccounts(ctx, requireCompany(req), email, password)) };
    },
  );

  r.post(
    '/api/customer/login',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['customer'],
        body: customerLoginRequestSchema,
        response: { 200: loginAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      await throttle(req, 'signin');
      const company = requireCompany(req);
      const clientId = await withSignInFailures(ctx, { email: req.body.email, ip: req.ip }, () => service.chooseClient(ctx, company, req.body));
      const answer = await signIn(req, reply, company, clientId);
      return { success: true as const, ...answer, ...(req.body.server_redirect ? { server_redirect: req.body.server_redirect } : {}) };
    },
  );

  r.post('/api/customer/logout', { config: { auth: 'public' }, schema: { tags: ['customer'], response: { 200: successSchema, ...errorResponses } } }, async (req, reply) => {
    const token = req.cookies[CUSTOMER_COOKIE];
    if (token) await endSessionByToken(ctx, token);
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    return { success: true as const };
  });

  r.post(
    '/api/customer/register',
    {
      config: { auth: 'company' },
      schema: {
        tags: ['customer'],
        // Step one carries the form; step two adds email_code and email_token. Each step is parsed by its own schema below.
        body: registerRequestSchema,
        response: { 200: registerAnswerSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const company = requireCompany(req);
      await throttle(req, 'register');
      if (!company.settings.switches.CanTakeNewSignUps) throw new AppError(403, 'SIGN_UPS_CLOSED', serverMessages.signUpsClosed);
      const body = req.body as Record<string, unknown>;
      if (body.email_code === undefined || body.email_token === undefined) {
        const form = registerServerSchema.parse(body);
        const started = await service.startRegistration(ctx, company, form);
        return { success: true as const, ...started };
      }
      const step = registerCodeSchema.parse(body);
      const { clientId } = await service.completeRegistration(ctx, company, step);
      const answer = await signIn(req, reply, company, clientId);
      return { success: true as const, message: 'Your account has been created.', ...answer };
    },
  );

  r.post(
    '/api/customer/forget-password',
    {
      config: { auth: 'company' },
      schema: { tags: ['customer'], body: forgetPasswordRequestSchema, response: { 200: successSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'reset', true);
      await service.requestPasswordReset(ctx, requireCompany(req), req.body.email, req.body.url);
      return { success: true as const };
    },
  );

  /** The company this browser is on, if any: a reset token is good only under its own. */
  async function browserCompanyId(req: FastifyRequest): Promise<number | undefined> {
    const token = req.cookies[COMPANY_COOKIE];
    return token ? (await findCompanySession(ctx, token))?.id : undefined;
  }
  /** The customer signed in on this browser, if any (for a public route, which the auth hook leaves alone). */
  async function signedInCustomer(req: FastifyRequest): Promise<{ companyId: number; clientId: number } | undefined> {
    const companyToken = req.cookies[COMPANY_COOKIE];
    const customerToken = req.cookies[CUSTOMER_COOKIE];
    if (!companyToken || !customerToken || !isTokenShaped(companyToken) || !isTokenShaped(customerToken)) return undefined;
    const found = await findSessions(ctx, companyToken, customerToken);
    const now = new Date().toISOString();
    if (!found || found.row.expires_at <= now || found.row.customer_client_id === null || (found.row.customer_expires_at ?? '') <= now) return undefined;
    return { companyId: found.company.id, clientId: found.row.customer_client_id };
  }
  r.get(
    '/api/customer/check-if-changing-password/:token',
    {
      config: { auth: 'public' },
      schema: { tags: ['customer'], params: resetTokenParamsSchema, response: { 200: changingPasswordAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      await throttle(req, 'reset');
      // The ChangePassword sign-in action asks with the signed-in customer's ClientID (R74, X12).
      if (/^\d{1,10}$/.test(req.params.token)) {
        const customer = await signedInCustomer(req);
        const asked = Number(req.params.token);
        return { success: true as const, isChangingPassword: customer?.clientId === asked && (await service.isPasswordChangePending(ctx, customer.companyId, asked)) };
      }
      return { success: true as const, isChangingPassword: await service.isResetPending(ctx, req.params.token, await browserCompanyId(req)) };
    },
  );

  r.post(
    '/api/customer/reset-password/:token',
    { config: { auth: 'public' }, schema: { tags: ['customer'], params: resetTokenParamsSchema, body: newPasswordServerSchema, response: { 200: successSchema, ...errorResponses } } },
    async (req) => {
      await throttle(req, 'reset');
      await service.resetPassword(ctx, req.params.token, req.body.password, await browserCompanyId(req));
      return { success: true as const };
    },
  );

  r.post(
    '/api/customer/set-password',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], body: newPasswordServerSchema, response: { 200: successSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId, sessionId } = requireCustomer(req);
      await service.setPassword(ctx, company.id, clientId, sessionId, req.body.password);
      return { success: true as const };
    },
  );

  r.get(
    '/api/customer/get-sign-in-actions',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], response: { 200: signInActionsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const { actions } = await service.loadUserAndActions(ctx, company.id, clientId);
      return { success: true as const, actions };
    },
  );

  r.get(
    '/api/customer/me',
    { config: { auth: 'customer', duringSignInActions: true }, schema: { tags: ['customer'], response: { 200: meAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { success: true as const, ...(await service.loadUserAndActions(ctx, company.id, clientId)) };
    },
  );

  r.post(
    '/api/customer/ocr-sign-in-actions',
    {
      config: { auth: 'customer', duringSignInActions: true },
      schema: { tags: ['customer'], body: ocrSignInActionsSchema, response: { 200: ocrSignInActionsAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      // Only the signed-in client's own actions: another id is not found, whoever it belongs to.
      if (req.body.client_id !== clientId) throw new AppError(404, 'NOT_FOUND', serverMessages.accountNotFound);
      return { success: true as const, actions: await updateActionsForRegistration(ctx, company, clientId) };
    },
  );
}
