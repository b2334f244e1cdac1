import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { agreementMessages as am } from '@portal/shared/agreement-schemas';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { captchaSolutionSchema, type CaptchaSolution } from '@portal/shared/contact-schemas';
import { registrationMessages as m, type registrationSubmissionSchema } from '@portal/shared/registration-schemas';
import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolationOf } from '../../lib/db-errors.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import { checkSignature, listActiveAgreements, recordAcceptance } from '../agreements/agreements.service.ts';
import { verifySolution } from '../captcha/captcha.service.ts';
import { hasSignIn, isPasswordChangePending, openAccount } from '../customer/customer.service.ts';
import { checkNewCustomerRegId, parseCustomerForm, updateCustomerDetails } from '../customer/my-details.service.ts';
import { insertStudent, parseStudentForm } from '../student/student.service.ts';
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

type Submission = z.output<typeof registrationSubmissionSchema>;

/** How long after its submission a lost answer may be asked for again (and the family signed in by it). */
export const REPLAY_MINUTES = 15;

/** The body as sent, hashed: a retry under the same key must carry the same one. */
const hashOf = (body: Submission) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const fieldError = (status: number, code: string, field: string, message: string) => new AppError(status, code, message, [{ field, message }]);

/** Field errors of a part of the submission, named by where they sit in it (`students.1.FirstName`). */
async function within<T>(prefix: string, parse: () => Promise<T>): Promise<T> {
  try {
    return await parse();
  } catch (err) {
    if (err instanceof AppError && err.errors) {
      const errors = err.errors.map((e) => ({ ...e, field: `${prefix}.${e.field}` }));
      throw new AppError(err.statusCode, err.code, err.message, errors);
    }
    throw err;
  }
}

/**
 * Everything the submission must satisfy, checked before anything is written, the cheap checks
 * first: the registration open, proved and unsubmitted under this profile, its captcha mark when
 * the profile shows one (N29), the marketing question answered when asked (N26), nothing the
 * profile does not take, the profile's forms with the list items and RegID they name (N9, N19),
 * every required agreement agreed and signed where it asks (N25), and last the signatures' images
 * (kept re-encoded, so the transaction does no image work).
 */
async function checkSubmission(deps: Deps, company: Company, body: Submission, now: Date) {
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === body.profile)!;
  const registration = await repo.findOpenRegistration(deps.db, company.id, hashToken(body.registration_token), nowIso(now));
  if (!registration || registration.profile_id !== body.profile) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  if (profile.ShowCAPTCHA && !(registration.captcha_verified_until && registration.captcha_verified_until > nowIso(now))) {
    throw new AppError(422, 'CAPTCHA_REQUIRED', m.captchaRequired);
  }
  const asked = profile.EmailMarketingAgreement !== '';
  if (asked && body.marketing_opt_in === null) throw fieldError(400, 'VALIDATION', 'marketing_opt_in', m.selectOption);
  // Nothing is paid in this registration, so there is no payment option to choose.
  if (body.direct_debit_payment) throw fieldError(422, 'NOTHING_TO_PAY', 'direct_debit_payment', m.nothingToPay);
  const studentTerm = profile.CustomStudentTerm || company.settings.StudentTerm || 'Student';
  if (profile.SkipStudents && body.students.length > 0) throw fieldError(422, 'NO_STUDENTS_TAKEN', 'students', m.noStudentsTaken(studentTerm));
  if (!profile.SkipStudents && body.students.length === 0) throw fieldError(400, 'VALIDATION', 'students', m.studentsRequired(studentTerm));
  const agreements = await listActiveAgreements(deps, company.id, undefined, body.profile);
  const unknown = body.agreements.findIndex((a) => !agreements.some((x) => x.AgreementID === a.agreementID));
  if (unknown >= 0) throw fieldError(422, 'AGREEMENT_NOT_FOUND', `agreements.${unknown}.agreementID`, am.notFound);
  const answers = new Map(body.agreements.map((a) => [a.agreementID, a]));
  const agreed: { agreementId: number; name: string; signature: string | null }[] = [];
  for (const a of agreements) {
    const answer = answers.get(a.AgreementID);
    if (!answer?.agreed) {
      if (a.pivot.Required) throw fieldError(422, 'AGREEMENT_REQUIRED', `agreements.${a.AgreementID}`, am.mustAgree(a.Name));
      continue;
    }
    if (a.RequiresSignature && !answer.signature) throw fieldError(422, 'SIGNATURE_REQUIRED', `agreements.${a.AgreementID}.signature`, am.signatureRequired(a.Name));
    agreed.push({ agreementId: a.AgreementID, name: a.Name, signature: answer.signature ?? null });
  }

  const options = { profileId: body.profile, registration: true };
  // The address is the one the family proved, whatever the form says.
  const customer = await within('customer', async () => {
    const form = await parseCustomerForm(deps, company, { ...body.customer, Email: registration.email }, options);
    await checkNewCustomerRegId(deps, company.id, form);
    return form;
  });
  const students = [];
  for (const [i, student] of body.students.entries()) students.push(await within(`students.${i}`, () => parseStudentForm(deps, company, student, options)));
  const accepted = [];
  for (const a of agreed) {
    const signature = a.signature ? await within(`agreements.${a.agreementId}`, () => checkSignature(a.signature!, a.name)) : null;
    accepted.push({ agreementId: a.agreementId, signature });
  }
  return { registration, customer, students, accepted, marketingOptIn: asked ? body.marketing_opt_in === true : null };
}

/**
 * The registration's one submission (section 2 of the issue, U8): the family's sign-in and
 * client, its students, its agreements with their signatures and its marketing answer land in one
 * transaction with the registration marked submitted, or none of them do. The same key and body
 * answer the same client again for REPLAY_MINUTES while the family has not yet set its password
 * (a retry after a lost answer creates nothing twice); another body under the key, or another key
 * once submitted, is refused. Concurrent submissions of one registration are one: the first to
 * mark it submitted writes, the others answer from it.
 */
export async function submitRegistration(
  deps: Deps,
  company: Company,
  idempotencyKey: string,
  body: Submission,
  request: { ipAddress: string; userAgent: string },
): Promise<{ clientId: number }> {
  assertRegistrationOpen(company, body.profile);
  const now = new Date();
  const hash = hashOf(body);
  const submitted = await repo.findSubmittedRegistration(deps.db, company.id, hashToken(body.registration_token), nowIso(now));
  if (submitted) return replay(deps, company, submitted, idempotencyKey, hash, now);
  const checked = await checkSubmission(deps, company, body, now);
  let clientId: number | null;
  try {
    clientId = await deps.db.transaction().execute(async (trx) => {
      const t: Deps = { ...deps, db: trx };
      // The mark first: a second submission of this registration finds it taken and writes nothing.
      if (!(await repo.markSubmitted(trx, company.id, checked.registration.id, { at: nowIso(now), idempotencyKey, requestHash: hash }))) return null;
      if (await hasSignIn(t, company.id, checked.registration.email)) throw new AppError(409, 'EXISTING_CLIENT', m.existingClient);
      const { clientId } = await openAccount(t, company.id, {
        email: checked.registration.email,
        firstName: checked.customer.FirstName,
        lastName: checked.customer.LastName,
        marketingOptIn: checked.marketingOptIn,
      });
      // Checked before, but another family may have taken the RegID since.
      await within('customer', () => updateCustomerDetails(t, company, clientId, checked.customer));
      for (const student of checked.students) await insertStudent(t, company, clientId, student);
      for (const a of checked.accepted) await recordAcceptance(t, { companyId: company.id, clientId, agreementId: a.agreementId, signature: a.signature, ...request });
      await repo.recordClient(trx, company.id, checked.registration.id, clientId);
      return clientId;
    });
  } catch (err) {
    // Another registration made its sign-in, or took its RegID, between the checks and the write.
    if (isUniqueViolationOf(err, 'logins')) throw new AppError(409, 'EXISTING_CLIENT', m.existingClient);
    if (isUniqueViolationOf(err, 'clients', 'clients_company_reg_id')) throw fieldError(422, 'REG_ID_LOCKED', 'customer.RegID', dm.regIdLocked);
    throw err;
  }
  if (clientId === null) {
    const row = await repo.findSubmittedRegistration(deps.db, company.id, hashToken(body.registration_token), nowIso(now));
    if (!row) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
    return replay(deps, company, row, idempotencyKey, hash, now);
  }
  sendWelcome(deps, company, checked.registration.email, checked.customer.FirstName);
  return { clientId };
}

/**
 * A submitted registration asked again. Only its own key and body, soon after, and only while the
 * family has no password of its own yet, answer its client (the answer was lost); anything else is
 * refused, so the retry never becomes a way to sign in.
 */
async function replay(
  deps: Deps,
  company: Company,
  row: NonNullable<Awaited<ReturnType<typeof repo.findSubmittedRegistration>>>,
  idempotencyKey: string,
  hash: string,
  now: Date,
): Promise<{ clientId: number }> {
  if (row.idempotency_key !== idempotencyKey) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  if (row.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_MISMATCH', m.differentSubmission);
  if (row.client_id === null) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  const fresh = addMinutes(new Date(row.submitted_at), REPLAY_MINUTES) > now;
  if (!fresh || !(await isPasswordChangePending(deps, company.id, row.client_id))) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  return { clientId: row.client_id };
}

function sendWelcome(deps: Deps, company: Company, email: string, firstName: string) {
  const name = company.settings.CompanyDisplayName;
  deps.mailer.queue({
    companyId: company.id,
    to: email,
    subject: m.welcomeSubject(name),
    ...renderMail(name, [
      `Hi ${firstName},`,
      `Welcome to ${name}. Your registration is complete and your Customer Hub account is ready.`,
      'You are signed in on the device you registered on. To sign in anywhere else, set your password when the Customer Hub asks, or use "Forgot password" on the sign-in screen.',
    ]),
    secrets: [],
  });
}
