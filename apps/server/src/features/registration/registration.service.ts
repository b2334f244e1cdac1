import { captchaSolutionSchema, type CaptchaSolution } from '@portal/shared/contact-schemas';
import { registrationMessages as m } from '@portal/shared/registration-schemas';
import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import { verifySolution } from '../captcha/captcha.service.ts';
import { hasSignIn } from '../customer/customer.service.ts';
import { checkEmailCode, consumeEmailCode, EMAIL_CODE_TTL_MINUTES, findEmailCode, issueEmailCode } from '../customer/email-code.service.ts';
import { renderMail } from '../mail/mailer.ts';
import * as repo from './registration.repository.ts';

/** How long a verified address stays good for its registration's submission. */
export const REGISTRATION_TTL_MINUTES = 24 * 60;
/** How long a solved captcha counts for its registration (the submission must follow it). */
export const CAPTCHA_MARK_MINUTES = 10;

/**
 * Online registration is open at the company: AllowOCR on and new sign-ups taken (N36, U30); a
 * named profile must be one of the company's.
 */
export function assertRegistrationOpen(company: Company, profileId?: number) {
  const s = company.settings.switches;
  if (!s.AllowOCR || !s.CanTakeNewSignUps) throw new AppError(403, 'REGISTRATION_CLOSED', m.registrationClosed);
  if (profileId !== undefined && !company.settings.profiles.some((p) => p.OCRProfileID === profileId)) throw notFound();
}

/** R60: whether the address already signs in here; such a visitor is offered sign-in instead (N35). */
export async function confirmEmail(deps: Deps, company: Company, email: string): Promise<boolean> {
  assertRegistrationOpen(company);
  return hasSignIn(deps, company.id, email);
}

/**
 * R57: mails a code to the address and answers the token that will name the registration. An
 * address that already signs in here gets a notice with no code instead (the stored code is a
 * decoy), in the same answer, so the call does not say which addresses are customers and no
 * registration can be made for one.
 */
export async function sendCode(deps: Deps, company: Company, email: string): Promise<{ token: string; message: string }> {
  assertRegistrationOpen(company);
  const existing = await hasSignIn(deps, company.id, email);
  const { token, code } = await issueEmailCode(deps, { companyId: company.id, purpose: 'registration', email, decoy: existing });
  const name = company.settings.CompanyDisplayName;
  const mail = existing
    ? renderMail(name, [
        `Someone started an online registration with ${name} using this e-mail address.`,
        'You already have an account: sign in to the Customer Hub to enrol. If you have forgotten your password, use "Forgot password" on the sign-in screen.',
        'If this was not you, you can ignore this e-mail.',
      ])
    : renderMail(name, [
        `Your ${name} registration code is ${code}.`,
        `It expires in ${EMAIL_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
      ]);
  deps.mailer.queue({
    companyId: company.id,
    to: email,
    subject: existing ? `Your ${name} account` : `Your registration code: ${code}`,
    ...mail,
    secrets: existing ? [] : [String(code)],
  });
  return { token, message: m.codeSent(email) };
}

/**
 * R58: checks the code (bounded tries, once only) and opens the registration under the token:
 * its address is proved for REGISTRATION_TTL_MINUTES, under this profile. Never for an address
 * that signs in here (the code sent to one is a decoy, and one may have signed up since).
 */
export async function verifyCode(deps: Deps, company: Company, input: { token: string; code: number; profile: number }): Promise<{ email: string }> {
  assertRegistrationOpen(company, input.profile);
  const row = await findEmailCode(deps, company.id, 'registration', input.token);
  if (!row) throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  const check = await checkEmailCode(deps, company.id, row, input.token, input.code);
  if (check === 'tooManyTries') throw new AppError(422, 'CODE_TOO_MANY_TRIES', m.codeTooManyTries);
  if (check === 'invalid') throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  // The address may have signed up since its code was sent: such a family signs in instead.
  if (await hasSignIn(deps, company.id, row.email)) throw new AppError(409, 'EXISTING_CLIENT', m.existingClient);
  if (!(await consumeEmailCode(deps, company.id, row.id))) throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  const now = new Date();
  await repo.insertRegistration(deps.db, {
    companyId: company.id,
    profileId: input.profile,
    tokenHash: hashToken(input.token),
    email: row.email,
    verifiedAt: nowIso(now),
    expiresAt: addMinutes(now, REGISTRATION_TTL_MINUTES).toISOString(),
  });
  return { email: row.email };
}

/** The solution as the widget sends it: base64 of its JSON, or the object itself; undefined when it is neither. */
function solutionOf(token: string | CaptchaSolution): CaptchaSolution | undefined {
  if (typeof token !== 'string') return token;
  try {
    const parsed = captchaSolutionSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * R59: checks a solved challenge once (a replay is refused) and marks the registration as
 * verified for CAPTCHA_MARK_MINUTES. Answers whether it was.
 */
export async function verifyCaptcha(deps: Deps, company: Company, input: { token: string | CaptchaSolution; registration_token: string }): Promise<boolean> {
  assertRegistrationOpen(company);
  const now = new Date();
  const registration = await repo.findOpenRegistration(deps.db, company.id, hashToken(input.registration_token), nowIso(now));
  if (!registration) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  const solution = solutionOf(input.token);
  if (!solution || !(await verifySolution(deps, company.id, solution))) return false;
  return repo.markCaptchaVerified(deps.db, company.id, registration.id, addMinutes(now, CAPTCHA_MARK_MINUTES).toISOString(), nowIso(now));
}

export function deleteExpiredRegistrations(deps: Deps, now = new Date()): Promise<void> {
  return repo.deleteExpiredRegistrations(deps.db, nowIso(now));
}
