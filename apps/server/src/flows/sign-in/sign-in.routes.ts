import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newPasswordServerSchema, registerServerSchema } from '@portal/shared/common-passwords';
import { serverMessages } from '@portal/shared/messages';
import { registerCodeSchema } from '@portal/shared/customer-schemas';
import { accountEndpoints as endpoints } from '@portal/shared/endpoints/accounts';
import { familyAccessEndpoints } from '@portal/shared/endpoints/family-access';
import type { Ctx, Guardian } from '../../context.ts';
import { recordSignIn } from '../../modules/activity/activity.api.ts';
import { throttle, withSignInFailures } from '../../lib/sign-in-throttle.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { COMPANY_COOKIE, CUSTOMER_COOKIE, cookieOptions, requireCustomer } from '../../plugins/auth.ts';
import { endSessionByToken, findCompanySession, findSessions, startSession } from '../../modules/accounts/accounts.api.ts';
import { isTokenShaped } from '../../lib/tokens.ts';
import { ACTIONS_COOKIE, ROLE_COOKIE } from '@portal/shared/startup-calls';
import * as service from '../../modules/accounts/accounts.api.ts';
import { prepareSignIn, updateActionsForRegistration } from './sign-in-queue.service.ts';
import type { Company } from '../../domain/company.ts';

/**
 * Signs the browser in as the client: a new session token at every sign-in (the previous one, if
 * any, ends), the sign-in actions prepared; answers the user and the actions as login does.
 * `opened`: a family the request itself opened, whose name the answer takes as it was written.
 */
export async function signInCustomer(
  ctx: Ctx,
  req: Pick<FastifyRequest, 'cookies' | 'protocol' | 'server' | 'headers'>,
  reply: FastifyReply,
  company: Company,
  clientId: number,
  guardian: Guardian | null = null,
  opened?: service.OpenedFamily,
) {
  const old = req.cookies[CUSTOMER_COOKIE];
  if (old) await endSessionByToken(ctx, old);
  const ttlMs = ctx.env.CUSTOMER_SESSION_DAYS * 24 * 3600_000;
  const { token, expiresAt } = await startSession(ctx, { kind: 'customer', companyId: company.id, clientId, guardianId: guardian?.id ?? null, ttlMs });
  reply.setCookie(CUSTOMER_COOKIE, token, cookieOptions(req, expiresAt));
  // The page's preloads skip the lists a guardian's role may not read (a hint; the server checks every call).
  if (guardian) reply.setCookie(ROLE_COOKIE, guardian.role, cookieOptions(req, expiresAt));
  else reply.clearCookie(ROLE_COOKIE, { path: '/' });
  // The sign-in actions are the holder's to complete (decision 101).
  const actions = guardian ? [] : await prepareSignIn(ctx, company, clientId, opened);
  // The page's preloads leave out what the queue makes the server refuse (a hint, as the role).
  if (actions.length > 0) reply.setCookie(ACTIONS_COOKIE, 'pending', cookieOptions(req, expiresAt));
  else reply.clearCookie(ACTIONS_COOKIE, { path: '/' });
  await recordSignIn({ ...ctx, guardian }, company.id, clientId, req.headers['user-agent']);
  return service.loadUserAndActions(ctx, company.id, clientId, guardian, actions, opened);
}

export async function signInRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.getClients, async ({ ctx, body: { email, password }, req }) => {
    await throttle(req, 'signin');
    return { success: true as const, clients: await withSignInFailures(ctx, { email, ip: req.ip }, () => service.listClientAccounts(ctx, ctx.company, email, password)) };
  });

  route(app, base, endpoints.login, async ({ ctx, body, req, reply }) => {
    await throttle(req, 'signin');
    const { clientId, guardian } = await withSignInFailures(ctx, { email: body.email, ip: req.ip }, () => service.chooseClient(ctx, ctx.company, body));
    const answer = await signInCustomer(ctx, req, reply, ctx.company, clientId, guardian);
    return { success: true as const, ...answer, ...(body.server_redirect ? { server_redirect: body.server_redirect } : {}) };
  });

  route(app, base, familyAccessEndpoints.accounts, async ({ ctx }) => ({ success: true as const, clients: await service.listSessionAccounts(ctx, ctx.company, ctx.clientId) }));

  // The sign-in proved its password once: its other accounts open without it, in a new session (the old one ends).
  route(app, base, familyAccessEndpoints.switchAccount, async ({ ctx, body, req, reply }) => {
    const { clientId, guardian } = await service.chooseSessionAccount(ctx, ctx.company, ctx.clientId, body.client_id);
    return { success: true as const, ...(await signInCustomer(ctx, req, reply, ctx.company, clientId, guardian)) };
  });

  route(app, base, endpoints.logout, async ({ ctx, req, reply }) => {
    const token = req.cookies[CUSTOMER_COOKIE];
    if (token) await endSessionByToken(ctx, token);
    reply.clearCookie(CUSTOMER_COOKIE, { path: '/' });
    reply.clearCookie(ROLE_COOKIE, { path: '/' });
    reply.clearCookie(ACTIONS_COOKIE, { path: '/' });
    return { success: true as const };
  });

  // Closed to new sign-ups: the endpoint's CanTakeNewSignUps switch refuses both steps.
  route(app, base, endpoints.register, async ({ ctx, body, req, reply }) => {
    await throttle(req, 'register');
    if (body.email_code === undefined || body.email_token === undefined) {
      const form = registerServerSchema.parse(body);
      const started = await service.startRegistration(ctx, ctx.company, form);
      return { success: true as const, ...started };
    }
    const step = registerCodeSchema.parse(body);
    const { clientId } = await service.completeRegistration(ctx, ctx.company, step);
    const answer = await signInCustomer(ctx, req, reply, ctx.company, clientId);
    return { success: true as const, message: 'Your account has been created.', ...answer };
  });

  route(app, base, endpoints.forgetPassword, async ({ ctx, body, req }) => {
    await throttle(req, 'reset', true);
    await service.requestPasswordReset(ctx, ctx.company, body.email, body.url);
    return { success: true as const };
  });

  /** The company this browser is on, if any: a reset token is good only under its own. */
  async function browserCompanyId(req: FastifyRequest): Promise<number | undefined> {
    const token = req.cookies[COMPANY_COOKIE];
    return token ? (await findCompanySession(base, token))?.id : undefined;
  }
  /** The customer signed in on this browser, if any (for a public route, which the auth hook leaves alone). */
  async function signedInCustomer(req: FastifyRequest): Promise<{ companyId: number; clientId: number } | undefined> {
    const companyToken = req.cookies[COMPANY_COOKIE];
    const customerToken = req.cookies[CUSTOMER_COOKIE];
    if (!companyToken || !customerToken || !isTokenShaped(companyToken) || !isTokenShaped(customerToken)) return undefined;
    const found = await findSessions(base, companyToken, customerToken);
    const now = new Date().toISOString();
    if (!found || found.row.expires_at <= now || found.row.customer_client_id === null || (found.row.customer_expires_at ?? '') <= now) return undefined;
    return { companyId: found.company.id, clientId: found.row.customer_client_id };
  }

  route(app, base, endpoints.checkIfChangingPassword, async ({ ctx, params, req }) => {
    await throttle(req, 'reset');
    // The ChangePassword sign-in action asks with the signed-in customer's ClientID (R74, X12).
    if (/^\d{1,10}$/.test(params.token)) {
      const customer = await signedInCustomer(req);
      const asked = Number(params.token);
      return { success: true as const, isChangingPassword: customer?.clientId === asked && (await service.isPasswordChangePending(ctx, customer.companyId, asked)) };
    }
    return { success: true as const, isChangingPassword: await service.isResetPending(ctx, params.token, await browserCompanyId(req)) };
  });

  route(app, base, endpoints.resetPassword, async ({ ctx, params, body, req }) => {
    // The common-password check belongs to the body's rules: it runs before the throttle counts the call.
    const { password } = newPasswordServerSchema.parse(body);
    await throttle(req, 'reset');
    await service.resetPassword(ctx, params.token, password, await browserCompanyId(req));
    return { success: true as const };
  });

  route(app, base, endpoints.setPassword, async ({ ctx, body, req }) => {
    const { password } = newPasswordServerSchema.parse(body);
    await service.setPassword(ctx, ctx.company.id, ctx.clientId, requireCustomer(req).sessionId, password);
    return { success: true as const };
  });

  route(app, base, endpoints.signInActions, async ({ ctx }) => {
    const { actions } = await service.loadUserAndActions(ctx, ctx.company.id, ctx.clientId);
    return { success: true as const, actions };
  });

  route(app, base, endpoints.me, async ({ ctx }) => ({ success: true as const, ...(await service.loadUserAndActions(ctx, ctx.company.id, ctx.clientId)) }));

  // The portal asks this on every start; a guest is a normal state, so it is answered, not refused
  // (a refused call is an error in the browser's console).
  route(app, base, endpoints.session, async ({ ctx }) => {
    if (ctx.clientId === undefined) return { success: true as const, signedIn: false, user: null, actions: [] };
    return { success: true as const, signedIn: true, ...(await service.loadUserAndActions(ctx, ctx.company.id, ctx.clientId)) };
  });

  route(app, base, endpoints.ocrSignInActions, async ({ ctx, body }) => {
    // Only the signed-in client's own actions: another id is not found, whoever it belongs to.
    if (body.client_id !== ctx.clientId) throw new AppError(404, 'NOT_FOUND', serverMessages.accountNotFound);
    return { success: true as const, actions: await updateActionsForRegistration(ctx, ctx.company, ctx.clientId) };
  });
}
