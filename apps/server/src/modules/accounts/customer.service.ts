import type { ClientAccount, CustomerUser, SignInAction } from '@portal/shared/customer-schemas';
import type { CompanyListEntry } from '@portal/shared/company-schemas';
import { messages, serverMessages } from '@portal/shared/messages';
import { newPasswordServerSchema } from '@portal/shared/common-passwords';
import { myDetailsMessages } from '@portal/shared/my-details-schemas';
import type { Ctx, Guardian } from '../../context.ts';
import { clearSignInFailures } from '../../lib/sign-in-throttle.ts';
import { publicOrigin } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { addMinutes, companyClockText, nowIso } from '../../lib/time.ts';
import { isCompanyActive, type Company } from '../../domain/company.ts';
import { findCompaniesByIds, findCompanyById, toListEntry } from '../company/company.api.ts';
import { recordActivity } from '../activity/activity.api.ts';
import { renderMail } from '../messaging/messaging.api.ts';
import { completeSignInActions, listSignInActions } from './sign-in-actions.service.ts';
import * as repo from './customer.repository.ts';
import type { ActionRow } from './sign-in-actions.repository.ts';
import { checkEmailCode, consumeEmailCode, EMAIL_CODE_TTL_MINUTES, findEmailCode, issueEmailCode } from './email-code.service.ts';

const RESET_TTL_MINUTES = 60;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', messages.invalidCredentials);

/** Checks e-mail and password within one company; an unknown e-mail costs the same time as a wrong password. */
async function authenticate(ctx: Ctx, company: Company, email: string, password: string) {
  const login = await repo.findLogin(ctx.db, company.id, email);
  const ok = await verifyPassword(login?.password_hash, password);
  if (!login || !ok) throw invalidCredentials();
  return login;
}

/**
 * How many password hashes get-by-email verifies on every call, whatever the address: its
 * distinct hashes up to this cap, padded with the dummy hash. The call then costs the same for an
 * unknown address as for one that many companies know, so its time tells nothing, and one address
 * cannot make it verify more.
 */
export const GET_BY_EMAIL_HASHES = 3;

/** Companies where this e-mail has a sign-in whose password matches (each company keeps its own password). */
/**
 * Removes an account opened by an online registration whose payment failed (decision 049): the
 * sign-in, the client and everything written for it (students, agreements, enrolments, payment
 * rows) go together, so no half-made family remains.
 */
export async function removeAccount(ctx: Ctx, companyId: number, clientId: number): Promise<void> {
  await repo.deleteLoginOfClient(ctx.db, companyId, clientId);
}

/** Opens the account a company's guest bookings are made under (decision 050), in the caller's transaction. */
export function openGuestAccount(ctx: Ctx, companyId: number): Promise<number> {
  return repo.insertGuestClient(ctx.db, companyId);
}

/**
 * The sign-in an invited guardian answers with (decision 101): the address's own at the company,
 * checked with its password, or the hash of a new password (checked as any new one) for
 * `createSignIn` to make in the acceptance's transaction.
 */
export async function inviteeSignIn(
  ctx: Ctx,
  companyId: number,
  email: string,
  answer: { password: string; confirm_password?: string | undefined },
): Promise<{ loginId: number; passwordHash?: undefined } | { loginId?: undefined; passwordHash: string }> {
  const login = await repo.findLogin(ctx.db, companyId, email);
  if (login) {
    if (!(await verifyPassword(login.password_hash, answer.password))) throw invalidCredentials();
    return { loginId: login.id };
  }
  return { passwordHash: await hashPassword(newPasswordServerSchema.parse({ password: answer.password, confirm_password: answer.confirm_password ?? '' }).password) };
}

/** A sign-in with no family of its own: an invited guardian's. */
export function createSignIn(ctx: Ctx, companyId: number, email: string, passwordHash: string): Promise<number> {
  return repo.insertLogin(ctx.db, { companyId, email, passwordHash });
}

/** Whether the address already signs in at the company. */
export async function hasSignIn(ctx: Ctx, companyId: number, email: string): Promise<boolean> {
  return (await repo.findLogin(ctx.db, companyId, email)) !== undefined;
}

export async function findCompaniesForCredentials(ctx: Ctx, email: string, password: string): Promise<CompanyListEntry[]> {
  const logins = await repo.findLoginsByEmail(ctx.db, email);
  const hashes = [...new Set(logins.map((l) => l.password_hash))].slice(0, GET_BY_EMAIL_HASHES);
  const padded = [...hashes, ...Array<undefined>(GET_BY_EMAIL_HASHES - hashes.length).fill(undefined)];
  const results = await Promise.all(padded.map((hash) => verifyPassword(hash, password)));
  const right = new Set(hashes.filter((_, i) => results[i]));
  const matched = logins.filter((l) => right.has(l.password_hash)).map((l) => l.company_id);
  if (matched.length === 0) throw invalidCredentials();
  return (await findCompaniesByIds(ctx, matched)).map(toListEntry);
}

export async function listClientAccounts(ctx: Ctx, company: Company, email: string, password: string): Promise<ClientAccount[]> {
  const login = await authenticate(ctx, company, email, password);
  return (await repo.findAccountsByLogin(ctx.db, company.id, login.id)).map(toClientAccount);
}

const toClientAccount = (c: AccountRow): ClientAccount => ({ ClientID: c.id, FirstName: c.first_name, LastName: c.last_name, ...(c.role ? { Role: c.role } : {}) });
type AccountRow = Awaited<ReturnType<typeof repo.findAccountsByLogin>>[number];

/** The accounts the signed-in session's sign-in opens at the company, the one signed in to among them. */
async function sessionAccounts(ctx: Ctx, company: Company, clientId: number): Promise<AccountRow[]> {
  const loginId = await repo.findSessionLoginId(ctx.db, company.id, clientId, ctx.guardian?.id ?? null);
  if (loginId === undefined) throw new AppError(401, 'UNAUTHENTICATED', serverMessages.notSignedIn);
  return repo.findAccountsByLogin(ctx.db, company.id, loginId);
}

/** What "Switch account" offers: every account the session's sign-in opens at the company (its password was proved at sign-in). */
export async function listSessionAccounts(ctx: Ctx, company: Company, clientId: number): Promise<ClientAccount[]> {
  return (await sessionAccounts(ctx, company, clientId)).map(toClientAccount);
}

/** Another account of the session's own sign-in, to sign in to without the password again; any other id is not found. */
export async function chooseSessionAccount(ctx: Ctx, company: Company, clientId: number, wanted: number): Promise<{ clientId: number; guardian: Guardian | null }> {
  const chosen = (await sessionAccounts(ctx, company, clientId)).find((c) => c.id === wanted);
  if (!chosen) throw new AppError(404, 'NOT_FOUND', serverMessages.accountNotFound);
  return accountOf(chosen);
}

/** The family a chosen account signs in to: held, or as a guardian (decision 101). */
function accountOf(chosen: AccountRow): { clientId: number; guardian: Guardian | null } {
  if (chosen.guardian_id === null || chosen.role === null) return { clientId: chosen.id, guardian: null };
  return { clientId: chosen.id, guardian: { id: chosen.guardian_id, role: chosen.role, firstName: chosen.guardian_first_name ?? '', lastName: chosen.guardian_last_name ?? '' } };
}

/** A family the request itself opened (online registration), as it was written, with the sign-in actions it was opened with. */
export interface OpenedFamily {
  firstName: string;
  lastName: string;
  actions: ActionRow[];
  /** The agreements it accepted as it was opened, at their current versions. */
  accepted: number[];
}

/**
 * The signed-in user and their sign-in actions. A guardian (decision 101; `guardian`, else the
 * request's) is greeted by their own name and has no actions: those are the holder's to complete.
 */
export async function loadUserAndActions(
  ctx: Ctx,
  companyId: number,
  clientId: number,
  guardian: Guardian | null | undefined = ctx.guardian,
  /** The holder's pending actions when the caller has them already (a sign-in just queued them). */
  pending?: SignInAction[],
  /** A family the request itself opened: its name as it was written, and no barcode yet. */
  opened?: OpenedFamily,
): Promise<{ user: CustomerUser; actions: SignInAction[] }> {
  const user = opened
    ? { id: clientId, first_name: opened.firstName, last_name: opened.lastName, total_barcodes: 0, other_accounts: 0 }
    : repo.findCustomerUser(ctx.db, companyId, clientId, guardian?.id ?? null);
  const [client, actions] = await Promise.all([user, guardian ? [] : (pending ?? listSignInActions(ctx, companyId, clientId))]);
  if (!client) throw new AppError(401, 'UNAUTHENTICATED', serverMessages.notSignedIn);
  const name = guardian ? { FirstName: guardian.firstName, LastName: guardian.lastName } : { FirstName: client.first_name, LastName: client.last_name };
  const others = client.other_accounts > 0 ? { OtherAccounts: client.other_accounts } : {};
  return { user: { ClientID: client.id, ...name, total_barcodes: client.total_barcodes, Role: guardian?.role ?? 'holder', ...others }, actions };
}

export async function isPasswordChangePending(ctx: Ctx, companyId: number, clientId: number): Promise<boolean> {
  return (await listSignInActions(ctx, companyId, clientId)).some((a) => a.type === 'ChangePassword');
}

/** Picks the family to sign in to, held or as a guardian (decision 101): the chosen one, or the only one. */
export async function chooseClient(ctx: Ctx, company: Company, input: { email: string; password: string; client_id?: number | undefined }): Promise<{ clientId: number; guardian: Guardian | null }> {
  const login = await authenticate(ctx, company, input.email, input.password);
  const accounts = await repo.findAccountsByLogin(ctx.db, company.id, login.id);
  const chosen = input.client_id !== undefined ? accounts.find((c) => c.id === input.client_id) : accounts.length === 1 ? accounts[0] : undefined;
  if (input.client_id !== undefined && !chosen) throw new AppError(404, 'NOT_FOUND', serverMessages.accountNotFound);
  if (accounts.length === 0) throw invalidCredentials();
  if (!chosen) throw new AppError(409, 'ACCOUNT_CHOICE_REQUIRED', 'Please choose an account');
  return accountOf(chosen);
}

/** Step one of registration, for a company taking new sign-ups (the endpoint's switch): e-mails a 6-digit code and answers the token that pairs with it. */
export async function startRegistration(
  ctx: Ctx,
  company: Company,
  input: { first_name: string; last_name: string; email: string; password: string },
): Promise<{ emailToken: string; message: string }> {
  const existing = await repo.findLogin(ctx.db, company.id, input.email);
  const name = company.settings.CompanyDisplayName;
  // An address that already has an account gets a notice instead of a code, with the same answer
  // in the same time (the password is hashed either way), so registration never tells a stranger
  // which addresses are customers.
  const passwordHash = await hashPassword(input.password);
  const payload = existing ? { existing: true } : { first_name: input.first_name, last_name: input.last_name, password_hash: passwordHash };
  const { token, code } = await issueEmailCode(ctx, { companyId: company.id, purpose: 'register', email: input.email, payload, decoy: existing !== undefined });
  const mail = existing
    ? renderMail(company.settings, [
        `Someone tried to create a ${name} Customer Hub account with this e-mail address.`,
        'You already have an account. If you have forgotten your password, use "Forgot password" on the sign-in screen.',
        'If this was not you, you can ignore this e-mail.',
      ])
    : renderMail(company.settings, [
        `Hi ${input.first_name},`,
        `Your ${name} Customer Hub verification code is ${code}.`,
        `It expires in ${EMAIL_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
      ]);
  ctx.mailer.queue({
    companyId: company.id,
    to: input.email,
    subject: existing ? `Your ${name} account` : `Your verification code: ${code}`,
    ...mail,
    secrets: existing ? [] : [String(code)],
  });
  return { emailToken: token, message: `We have sent a 6-digit code to ${input.email}.` };
}

/** Step two, under the same switch: checks the code (bounded tries, once only) and creates the account. */
export async function completeRegistration(ctx: Ctx, company: Company, input: { email: string; email_code: number; email_token: string }): Promise<{ clientId: number }> {
  const row = await findEmailCode(ctx, company.id, 'register', input.email_token);
  if (!row || row.email !== input.email) throw new AppError(422, 'CODE_INVALID', serverMessages.codeInvalid);
  const check = await checkEmailCode(ctx, company.id, row, input.email_token, input.email_code);
  if (check === 'tooManyTries') throw new AppError(422, 'CODE_TOO_MANY_TRIES', serverMessages.codeTooManyTries);
  if (check === 'invalid') throw new AppError(422, 'CODE_INVALID', serverMessages.codeInvalid);
  const payload = JSON.parse(row.payload) as { existing?: boolean; first_name: string; last_name: string; password_hash: string };
  if (payload.existing || !(await consumeEmailCode(ctx, company.id, row.id))) throw new AppError(422, 'CODE_INVALID', serverMessages.codeInvalid);
  if (await repo.findLogin(ctx.db, company.id, input.email)) throw new AppError(409, 'EMAIL_TAKEN', serverMessages.emailTaken);
  return ctx.transaction(async (tx) => {
    const { clientId } = await repo.insertLoginWithClient(tx.db, {
      companyId: company.id,
      email: input.email,
      passwordHash: payload.password_hash,
      firstName: payload.first_name,
      lastName: payload.last_name,
    });
    // The family's first entry, as an online registration's is.
    await recordActivity(tx, { companyId: company.id, clientId, kind: 'account', summary: 'Created the account' });
    return { clientId };
  });
}

/** The reset link's origin: the one the client asked for only when the server trusts it. */
export function resetLinkBase(ctx: Ctx, requestedUrl: string | undefined): string {
  const trusted = new Set([publicOrigin(ctx.env), ...trustedOrigins(ctx)]);
  let origin = publicOrigin(ctx.env);
  if (requestedUrl) {
    try {
      const asked = new URL(requestedUrl).origin;
      if (trusted.has(asked)) origin = asked;
    } catch {
      // Not a URL: fall back to the configured origin.
    }
  }
  return `${origin}/reset-password`;
}

export function trustedOrigins(ctx: Ctx): string[] {
  return ctx.env.TRUSTED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s).origin);
}

export async function requestPasswordReset(ctx: Ctx, company: Company, email: string, url: string | undefined): Promise<void> {
  const login = await repo.findLogin(ctx.db, company.id, email);
  // Known or not, the same work up to the write, and the mail leaves after the answer.
  const token = newToken();
  const tokenHash = hashToken(token);
  if (!login) return;
  await repo.insertResetToken(ctx.db, {
    companyId: company.id,
    loginId: login.id,
    tokenHash,
    expiresAt: addMinutes(ctx.clock.now(), RESET_TTL_MINUTES).toISOString(),
  });
  const link = `${resetLinkBase(ctx, url)}?token=${encodeURIComponent(token)}`;
  const name = company.settings.CompanyDisplayName;
  const mail = renderMail(
    company.settings,
    [
      `We received a request to reset the password of your ${name} Customer Hub account.`,
      `The link works once and expires in ${RESET_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ],
    { label: 'Set a new password', url: link },
  );
  ctx.mailer.queue({ companyId: company.id, to: email, subject: `Reset your ${name} password`, ...mail, secrets: [token] });
}

/**
 * A reset token that is unused, unexpired, and belongs to a company whose portal is on; when the
 * browser is on a company (`sessionCompanyId`), it must be the token's own.
 */
async function usableResetToken(ctx: Ctx, token: string, sessionCompanyId: number | undefined) {
  const row = await repo.findResetToken(ctx.db, hashToken(token));
  if (!row || row.used_at || row.expires_at <= nowIso()) return undefined;
  if (sessionCompanyId !== undefined && sessionCompanyId !== row.company_id) return undefined;
  const company = await findCompanyById(ctx, row.company_id);
  if (!company || !isCompanyActive(company)) return undefined;
  return row;
}

export async function isResetPending(ctx: Ctx, token: string, sessionCompanyId: number | undefined): Promise<boolean> {
  return (await usableResetToken(ctx, token, sessionCompanyId)) !== undefined;
}

export async function resetPassword(ctx: Ctx, token: string, password: string, sessionCompanyId: number | undefined): Promise<void> {
  const row = await usableResetToken(ctx, token, sessionCompanyId);
  if (!row || !(await repo.consumeResetToken(ctx.db, row.company_id, row.id))) {
    throw new AppError(422, 'RESET_LINK_INVALID', serverMessages.resetTokenInvalid);
  }
  await changePassword(ctx, row.company_id, row.login_id, password);
}

/**
 * A new password ends every other customer session of that sign-in (a reset usually means the
 * old password may be known to someone else) and completes any queued ChangePassword action.
 */
export async function changePassword(ctx: Ctx, companyId: number, loginId: number, password: string, keepSessionId?: number, options: { first?: boolean } = {}) {
  await repo.updatePasswordHash(ctx.db, companyId, loginId, await hashPassword(password));
  const clients = await repo.findClientsByLogin(ctx.db, companyId, loginId);
  await repo.deleteLoginSessions(ctx.db, companyId, loginId, keepSessionId);
  for (const { id } of clients) await completeSignInActions(ctx, companyId, id, 'ChangePassword');
  const login = await repo.findLoginById(ctx.db, companyId, loginId);
  if (login) {
    await clearSignInFailures(ctx, login.email);
    // A first password (a registration's family had none) changes nothing anyone could have known: no alarm.
    if (!options.first) await notifyPasswordChanged(ctx, companyId, login.email);
  }
}

/** The owner hears of every new password, so a change they did not make does not go unnoticed. */
async function notifyPasswordChanged(ctx: Ctx, companyId: number, email: string) {
  const company = await findCompanyById(ctx, companyId);
  if (!company) return;
  const name = company.settings.CompanyDisplayName;
  const mail = renderMail(company.settings, [
    `The password of your ${name} Customer Hub account was changed on ${companyClockText(company.settings.localization, ctx.clock.now())}.`,
    'If this was you, there is nothing to do. If it was not, reset your password now with "Forgot password" on the sign-in screen, and tell us.',
  ]);
  ctx.mailer.queue({ companyId, to: email, subject: `Your ${name} password was changed`, ...mail });
}

/**
 * Sets a new password for the signed-in customer's sign-in, only while a ChangePassword action
 * asks for one: a session alone (a borrowed device, a stolen cookie) must not be able to take
 * the account over. Completes the action.
 */
export async function setPassword(ctx: Ctx, companyId: number, clientId: number, sessionId: number, password: string): Promise<void> {
  const [user, actions] = await Promise.all([repo.findCustomerUser(ctx.db, companyId, clientId), listSignInActions(ctx, companyId, clientId)]);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', serverMessages.notSignedIn);
  if (!actions.some((a) => a.type === 'ChangePassword')) throw new AppError(403, 'NO_PASSWORD_CHANGE_PENDING', serverMessages.noPasswordChangePending);
  // The change the company asks for is a change: the password in use now would leave it undone.
  const hash = await repo.findPasswordHash(ctx.db, companyId, user.login_id);
  if (hash && (await verifyPassword(hash, password))) {
    throw new AppError(422, 'PASSWORD_UNCHANGED', myDetailsMessages.passwordUnchanged, [{ field: 'password', message: myDetailsMessages.passwordUnchanged }]);
  }
  await changePassword(ctx, companyId, user.login_id, password, sessionId, { first: !hash });
}

/** A client's name, e-mail and mobile; undefined for another company's client. */
export function findContactDetails(ctx: Ctx, companyId: number, clientId: number) {
  return repo.findClientContact(ctx.db, companyId, clientId);
}
