import type { z } from 'zod';
import { registrationMessages as m, type RegistrationQuoteAnswer, type registrationQuoteRequestSchema } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import { solutionOf, verifySolution } from '../../modules/captcha/captcha.api.ts';
import { hasSignIn } from '../../modules/accounts/accounts.api.ts';
import { bankFormatOf, mandateFollows } from '../../modules/payments/payments.api.ts';
import { tokeniseCard, findChallenge, decideChallenge, gatewayFor } from '../../modules/payments/payments.api.ts';
import { quoteNewFamily } from '../checkout/quote.service.ts';
import { assertClassesOffered, assertWaitlistAges, holdRegistrationPlaces, type ClassItem } from '../../modules/classes/classes.api.ts';
import { checkEmailCode, consumeEmailCode, EMAIL_CODE_TTL_MINUTES, findEarlierCode, findEmailCode, issueEmailCode } from '../../modules/accounts/accounts.api.ts';
import { renderMail } from '../../modules/messaging/messaging.api.ts';
import * as repo from '../../modules/registration/registration.api.ts';
import { keepTurnWhileHeld, requireTurn } from '../../modules/waiting-room/waiting-room.api.ts';
import { assertEachClassOnce } from './registration-checks.ts';
import { assertRegistrationOpen, CAPTCHA_MARK_MINUTES, paymentOptionsOf, REGISTRATION_TTL_MINUTES, takesClasses } from './registration-rules.ts';

// The steps before the submission: the address and its code, the captcha, the quote, the card.
/** R60: whether the address already signs in here; such a visitor is offered sign-in instead (N35). */
export async function confirmEmail(ctx: Ctx, company: Company, email: string): Promise<boolean> {
  assertRegistrationOpen(company);
  return hasSignIn(ctx, company.id, email);
}

/**
 * R57: mails a code to the address and answers the token that will name the registration. An
 * address that already signs in here gets a notice with no code instead (the stored code is a
 * decoy), in the same answer, so the call does not say which addresses are customers and no
 * registration can be made for one.
 */
export async function sendCode(ctx: Ctx, company: Company, email: string): Promise<{ token: string; message: string }> {
  assertRegistrationOpen(company);
  const existing = await hasSignIn(ctx, company.id, email);
  const { token, code } = await issueEmailCode(ctx, { companyId: company.id, purpose: 'registration', email, decoy: existing });
  const name = company.settings.CompanyDisplayName;
  const mail = existing
    ? renderMail(company.settings, [
        `Someone started an online registration with ${name} using this e-mail address.`,
        'You already have an account: sign in to the Customer Hub to enrol. If you have forgotten your password, use "Forgot password" on the sign-in screen.',
        'If this was not you, you can ignore this e-mail.',
      ])
    : renderMail(company.settings, [`Your ${name} registration code is ${code}.`, `It expires in ${EMAIL_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`]);
  ctx.mailer.queue({
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
export async function verifyCode(
  ctx: Ctx,
  company: Company,
  input: { token: string; earlier_tokens?: string[] | undefined; code: number; profile: number },
  ticket?: string,
): Promise<{ email: string }> {
  assertRegistrationOpen(company, input.profile, { at: ctx.clock.now() });
  const row = await findEmailCode(ctx, company.id, 'registration', input.token);
  if (!row) throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  // Where the profile has a waiting room, only in the browser's turn, which this address then binds (decision 099).
  await requireTurn(ctx, company, input.profile, ticket, row.email);
  const check = await checkEmailCode(ctx, company.id, row, input.token, input.code);
  if (check === 'tooManyTries') throw new AppError(422, 'CODE_TOO_MANY_TRIES', m.codeTooManyTries);
  // The code of an e-mail sent before this one, where the page names its token (mail is slow).
  const earlier = check === 'invalid' ? await findEarlierCode(ctx, company.id, row, input.earlier_tokens ?? [], input.code) : undefined;
  if (check === 'invalid' && !earlier) throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  // The address may have signed up since its code was sent: such a family signs in instead.
  if (await hasSignIn(ctx, company.id, row.email)) throw new AppError(409, 'EXISTING_CLIENT', m.existingClient);
  if (!(await consumeEmailCode(ctx, company.id, (earlier ?? row).id))) throw new AppError(422, 'CODE_INVALID', m.codeInvalid);
  // The registration opens under the newest token: its own code is used up with it.
  if (earlier) await consumeEmailCode(ctx, company.id, row.id);
  const now = ctx.clock.now();
  await repo.insertRegistration(ctx.db, {
    companyId: company.id,
    profileId: input.profile,
    tokenHash: hashToken(input.token),
    email: row.email,
    verifiedAt: nowIso(now),
    expiresAt: addMinutes(now, REGISTRATION_TTL_MINUTES).toISOString(),
  });
  return { email: row.email };
}

/**
 * R59: checks a solved challenge once (a replay is refused) and marks the registration of the
 * session as verified for CAPTCHA_MARK_MINUTES. Answers whether it was.
 */
export async function verifyCaptcha(ctx: Ctx, company: Company, input: { token: string; registrationToken: string | undefined }): Promise<boolean> {
  assertRegistrationOpen(company);
  const now = ctx.clock.now();
  const registration = input.registrationToken ? await repo.findOpenRegistration(ctx.db, company.id, hashToken(input.registrationToken), nowIso(now)) : undefined;
  if (!registration) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  const solution = solutionOf(input.token);
  if (!solution || !(await verifySolution(ctx, company.id, solution))) return false;
  return repo.markCaptchaVerified(ctx.db, company.id, registration.id, addMinutes(now, CAPTCHA_MARK_MINUTES).toISOString(), nowIso(now));
}

export function deleteExpiredRegistrations(ctx: Ctx, now = ctx.clock.now()): Promise<void> {
  return repo.deleteExpiredRegistrations(ctx.db, nowIso(now));
}

type QuoteRequest = z.output<typeof registrationQuoteRequestSchema>;

/** The classes a registration enrols in (not its waitlist places), as the classes service takes them; `childOf` names each one's child, where known. */
export function enrolledItems(body: { profile: number; classes: QuoteRequest['classes'] }, childOf?: (student: number) => ClassItem['newStudent']) {
  return body.classes
    .filter((c) => !c.waitlist)
    .map((c) => ({ class_id: c.ClassID, kind: c.casual ? ('casual' as const) : ('ongoing' as const), dates: c.dates, ocr_profile_id: body.profile, newStudent: childOf?.(c.student) }));
}

/**
 * POST /api/ocr/quote: the classes chosen, priced for the family to be, with how the profile lets
 * it pay. Named by its registration's token (the checkout step), it also holds their places for
 * the company's hold period (decision 109): a class that has no place left for every child asking
 * is refused as before, and nothing is held.
 */
export async function quoteRegistration(ctx: Ctx, company: Company, body: QuoteRequest, ticket?: string, registrationToken?: string): Promise<RegistrationQuoteAnswer> {
  const now = ctx.clock.now();
  assertRegistrationOpen(company, body.profile, { at: now });
  const found = registrationToken ? await repo.findOpenRegistration(ctx.db, company.id, hashToken(registrationToken), nowIso(now)) : undefined;
  const registration = found?.profile_id === body.profile ? found : undefined;
  // The turn is the address's once it is proved (decision 099): another browser's turn holds nothing for it.
  await requireTurn(ctx, company, body.profile, ticket, registration?.email);
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === body.profile)!;
  if (!takesClasses(profile)) throw new AppError(422, 'NO_CLASSES_TAKEN', m.noClassesTaken);
  assertEachClassOnce(company, profile, body.classes);
  await assertClassesOffered(ctx, company, body.profile, body.classes);
  // A child dated outside a class's ages is refused by name before anything is held (decision 118).
  const term = profile.CustomStudentTerm || company.settings.StudentTerm || 'Student';
  const childOf = (student: number) => {
    const dob = body.dates_of_birth?.[student] ?? null;
    return dob === null ? undefined : { name: body.students?.[student] || `${term} ${student + 1}`, dob };
  };
  const items = enrolledItems(body, childOf);
  // Waitlist choices too, as the submission refuses them.
  await assertWaitlistAges(
    ctx.db,
    company,
    body.classes.filter((c) => c.waitlist).map((c) => ({ class_id: c.ClassID, newStudent: childOf(c.student) })),
    now,
  );
  // Places are held for a registration that proved its address and, where the profile asks, has
  // passed its captcha (once: the mark's own time is the submission's to check).
  const holding = registration && (!profile.ShowCAPTCHA || registration.captcha_verified_until !== null) ? registration.id : undefined;
  const holdMinutes = company.settings.fin_setup.CheckoutHoldMinutes;
  const holds = holding === undefined ? undefined : await holdFor(ctx, company, holding, items, addMinutes(now, holdMinutes));
  // A waiting room's turn lasts while the places are held, so paying for them is never cut short (decision 116).
  const firstLapse = holds?.map((h) => h.heldUntil).sort()[0];
  if (firstLapse) await keepTurnWhileHeld(ctx, company, body.profile, ticket, new Date(firstLapse), holdMinutes);
  // Each line names its child, as far as the family has named them.
  const studentNames = body.classes.filter((c) => !c.waitlist).map((c) => body.students?.[c.student] || null);
  const quote = await quoteNewFamily(ctx, company, { classItems: items, studentNames }, body.direct_debit_payment ? 'direct_debit' : 'card', registration?.id);
  return {
    ...quote,
    paymentOptions: paymentOptionsOf(ctx, company, profile),
    bankFormat: bankFormatOf(company),
    directDebitBy: mandateFollows(company) ? 'gocardless' : 'form',
    ...(holds ? { holds } : {}),
  };
}

/**
 * Holds the places a registration asks for (none: gives back what it held), under its own lock,
 * so a submission under way (which takes it first) is never raced: once submitted, nothing is held.
 */
function holdFor(ctx: Ctx, company: Company, registrationId: number, items: ReturnType<typeof enrolledItems>, holdUntil: Date) {
  return ctx.transaction(async (tx) => {
    if (!(await repo.lockOpenRegistration(tx.db, company.id, registrationId, nowIso(tx.clock.now())))) return [];
    return (await holdRegistrationPlaces(tx, company, registrationId, items, holdUntil)).holds;
  });
}

/**
 * The simulated gateway's tokenisation for an open registration: the token is no client's yet
 * and is kept against the registration (the latest counts); the submission hands it to the family.
 */
export async function tokeniseRegistrationCard(ctx: Ctx, company: Company, input: { registration_token: string; number: string; exp_month: number; exp_year: number; cvc: string }) {
  assertRegistrationOpen(company);
  const registration = await repo.findOpenRegistration(ctx.db, company.id, hashToken(input.registration_token), nowIso());
  if (!registration) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  const made = await tokeniseCard(ctx, company, null, input);
  await repo.setCardToken(ctx.db, company.id, registration.id, made.id);
  return made;
}

/**
 * A card Stripe.js made for an open registration (decision 103): checked at the processor as
 * no client's yet, and kept against the registration as the simulator's token is.
 */
export async function recordRegistrationCard(ctx: Ctx, company: Company, registrationToken: string | undefined, paymentMethod: string) {
  assertRegistrationOpen(company);
  const registration = registrationToken ? await repo.findOpenRegistration(ctx.db, company.id, hashToken(registrationToken), nowIso()) : undefined;
  if (!registration) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  const gateway = gatewayFor(ctx, company);
  if (!gateway) throw new AppError(403, 'PAYMENTS_OFF', 'Online payment is not available');
  const card = await gateway.findUnownedCard(company.id, paymentMethod);
  if (!card) throw new AppError(422, 'CARD_TOKEN_INVALID', m.cardExpired, [{ field: 'payment_method', message: m.cardExpired }]);
  await repo.setCardToken(ctx.db, company.id, registration.id, card.token);
  return { id: card.token, card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear } };
}

/** The challenge step of the registration's charge, for its card holder (named by the registration token); `approve` answers it. */
export async function registrationChallenge(ctx: Ctx, company: Company, registrationToken: string, id: string, approve?: boolean) {
  assertRegistrationOpen(company);
  const clientId = (await repo.findSubmittedRegistration(ctx.db, company.id, hashToken(registrationToken), nowIso()))?.client_id ?? null;
  if (clientId === null) throw notFound();
  return approve === undefined ? findChallenge(ctx, company, clientId, id) : decideChallenge(ctx, company, clientId, id, approve);
}
