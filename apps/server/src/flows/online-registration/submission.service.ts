import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { registrationMessages as m, type registrationSubmissionSchema } from '@portal/shared/registration-schemas';
import type { checkoutRequestSchema, PaymentAnswer } from '@portal/shared/payment-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolationOf } from '../../lib/db-errors.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import { publicOrigin } from '../../config/env.ts';
import { recordAcceptances } from '../../modules/agreements/agreements.api.ts';
import { recordActivity, type NewActivity } from '../../modules/activity/activity.api.ts';
import { isPasswordChangePending, openAccount, removeAccount, type OpenedFamily } from '../../modules/accounts/accounts.api.ts';
import { mandateFollows, registerBankMandate, storeBankMandate } from '../../modules/payments/payments.api.ts';
import { gatewayFor, type CardInfo } from '../../modules/payments/payments.api.ts';
import { checkout, findPaymentOutcome, paymentFailedOrAbsent, type CheckoutOptions } from '../checkout/checkout.service.ts';
import { checkedCard } from '../checkout/settle.service.ts';
import { classItemsOf, quoteNewFamily } from '../checkout/quote.service.ts';
import { assertClassesOffered, handHoldsBackToRegistration, handRegistrationHoldsOver, joinWaitlist, registrationHoldsCover } from '../../modules/classes/classes.api.ts';
import { listAllStudentsOfClient } from '../../modules/students/students.api.ts';
import { checkNewCustomerRegId, parseCustomerForm } from '../../modules/accounts/accounts.api.ts';
import { insertStudents, listTypedCondition, listTypedConditionsOfFamily, parseStudentForm } from '../../modules/students/students.api.ts';
import { renderMail } from '../../modules/messaging/messaging.api.ts';
import * as repo from '../../modules/registration/registration.api.ts';
import { assertEachClassOnce, assertNothingPaid, checkAgreementAnswers, checkedSignatures, fieldError, parseBank, paymentChoice, within } from './registration-checks.ts';
import { requireTurn } from '../../modules/waiting-room/waiting-room.api.ts';
import { assertRegistrationOpen, namedAsChoices, REGISTRATION_TTL_MINUTES, takesClasses, type Profile } from './registration-rules.ts';
import { enrolledItems } from './registration-steps.service.ts';

// The one submission: checked whole, the family written, its classes paid through the checkout.
type Submission = z.output<typeof registrationSubmissionSchema>;

/** How long after its submission a lost answer may be asked for again (and the family signed in by it). */
const REPLAY_MINUTES = 15;

/** The body as sent, hashed: a retry under the same key must carry the same one. */
const hashOf = (body: Submission) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Everything the submission must satisfy, checked before anything is written, the cheap checks
 * first: the registration open, proved and unsubmitted under this profile, its captcha mark when
 * the profile shows one (N29), the marketing question answered when asked (N26), nothing the
 * profile does not take, the profile's forms with the list items and RegID they name (N9, N19),
 * every required agreement agreed and signed where it asks (N25), and last the signatures' images
 * (kept re-encoded, so the transaction does no image work).
 */
async function checkSubmission(ctx: Ctx, company: Company, body: Submission, now: Date, registration: OpenRegistration | undefined) {
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === body.profile)!;
  if (!registration || registration.profile_id !== body.profile) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
  if (profile.ShowCAPTCHA && !(registration.captcha_verified_until && registration.captcha_verified_until > nowIso(now))) {
    throw new AppError(422, 'CAPTCHA_REQUIRED', m.captchaRequired);
  }
  const asked = profile.EmailMarketingAgreement !== '';
  if (asked && body.marketing_opt_in === null) throw fieldError(400, 'VALIDATION', 'marketing_opt_in', m.selectOption);
  const studentTerm = profile.CustomStudentTerm || company.settings.StudentTerm || 'Student';
  if (profile.SkipStudents && body.students.length > 0) throw fieldError(422, 'NO_STUDENTS_TAKEN', 'students', m.noStudentsTaken(studentTerm));
  if (!profile.SkipStudents && body.students.length === 0) throw fieldError(400, 'VALIDATION', 'students', m.studentsRequired(studentTerm));
  const payment = checkClassesAndPayment(ctx, company, profile, body, registration.card_token, studentTerm);
  await assertClassesOffered(ctx, company, body.profile, body.classes);
  // Places, prices and ages are checked by the checkout under its locks, and a refusal there removes the family again. A
  // registration whose checkout step holds a place for each class (decision 109) leaves them to it; checked here, before
  // anything is written, are one that does not (sent without the checkout step, its holds lapsed, or another tab chose
  // again), one without a card (is there anything to pay by card?) and a direct debit (before its mandate is registered).
  const enrolled = enrolledItems(body);
  const holds = payment === 'card' && body.cardToken ? await registrationHoldsCover(ctx, company, registration.id, enrolled) : null;
  const quoteFirst = payment === 'direct_debit' || (payment === 'card' && !holds);
  if (quoteFirst) {
    // A class full by now (its holds lapsed, another family took the place) is named as the family's own choice.
    const quote = await quoteNewFamily(ctx, company, { classItems: enrolled }, payment, registration.id, { byLine: true }).catch((err: unknown) => {
      throw namedAsChoices(err, body.classes);
    });
    if (payment === 'card' && !body.cardToken && quote.totals.paymentAmountCents > 0) throw fieldError(422, 'CARD_REQUIRED', 'cardToken', m.cardRequired);
  }
  const agreed = await checkAgreementAnswers(ctx, company, undefined, body.profile, body.agreements);

  const options = { profileId: body.profile, registration: true };
  // The address is the one the family proved, whatever the form says.
  const customer = await within('customer', async () => {
    const form = await parseCustomerForm(ctx, company, { ...body.customer, Email: registration.email }, options);
    await checkNewCustomerRegId(ctx, company.id, form, registration.reg_id);
    return form;
  });
  const students = [];
  for (const [i, student] of body.students.entries()) students.push(await within(`students.${i}`, () => parseStudentForm(ctx, company, student, options)));
  const accepted = await checkedSignatures(agreed);
  // Bank details last among the forms: they are only asked when paying by direct debit.
  // GoCardless takes the mandate on its own pages once the family is registered: no bank details here.
  const bank = payment === 'direct_debit' && !mandateFollows(company) ? parseBank(company, body.bank) : null;
  return { registration, customer, students, accepted, marketingOptIn: asked ? body.marketing_opt_in === true : null, payment, bank, holds };
}

/**
 * The class step's choices and how they are paid: every class names a student of the
 * submission, every student has a class (N14), and a class step without classes is refused
 * (N15). Answers how the family pays, or null when nothing is enrolled (waitlist places only, or
 * no class step). Places and prices are checked by the checkout itself.
 */
function checkClassesAndPayment(ctx: Ctx, company: Company, profile: Profile, body: Submission, cardToken: string | null, studentTerm: string): 'card' | 'direct_debit' | null {
  if (!takesClasses(profile)) {
    if (body.classes.length > 0) throw fieldError(422, 'NO_CLASSES_TAKEN', 'classes', m.noClassesTaken);
    assertNothingPaid(body);
    return null;
  }
  if (body.classes.length === 0) throw fieldError(400, 'VALIDATION', 'classes', m.classesRequired);
  const stranger = body.classes.findIndex((c) => c.student >= body.students.length);
  if (stranger >= 0) throw fieldError(422, 'UNKNOWN_STUDENT', `classes.${stranger}.student`, m.unknownStudent(studentTerm));
  assertEachClassOnce(company, profile, body.classes);
  const without = body.students.findIndex((_, i) => !body.classes.some((c) => c.student === i));
  if (without >= 0) throw fieldError(422, 'STUDENT_WITHOUT_CLASS', `students.${without}`, m.studentWithoutClass(studentTerm));
  if (body.classes.every((c) => c.waitlist)) {
    assertNothingPaid(body);
    return null;
  }
  const method = paymentChoice(ctx, company, profile, body);
  if (method === 'direct_debit') {
    // GoCardless takes the mandate on its own pages once the family is registered (decision 104).
    if (!body.bank && !mandateFollows(company)) throw fieldError(400, 'VALIDATION', 'bank', m.bankRequired);
    return 'direct_debit';
  }
  // The card must be the one tokenised for this registration; the checkout refuses a card it cannot charge when there is something to pay.
  if (body.cardToken && body.cardToken !== cardToken) throw fieldError(422, 'CARD_TOKEN_INVALID', 'cardToken', m.cardExpired);
  return 'card';
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
  ctx: Ctx,
  company: Company,
  idempotencyKey: string,
  body: Submission,
  request: { ipAddress: string; userAgent: string },
  ticket?: string,
): Promise<RegistrationResult> {
  const now = ctx.clock.now();
  assertRegistrationOpen(company, body.profile, { at: now });
  const hash = hashOf(body);
  // One read answers whether the registration is still open or already submitted.
  const { open, submitted } = await repo.findLiveRegistration(ctx.db, company.id, hashToken(body.registration_token), nowIso(now));
  if (submitted) return replay(ctx, company, submitted, idempotencyKey, hash, body, now);
  const checked = await checkSubmission(ctx, company, body, now, open);
  // A retry of a submitted registration is answered above, whether or not its turn has ended since.
  await requireTurn(ctx, company, body.profile, ticket, checked.registration.email);
  // The direct-debit mandate is registered with the provider before the transaction, which then only keeps it.
  const mandate = checked.bank ? await within('bank', () => registerBankMandate(ctx, company, checked.bank)) : null;
  let written: { clientId: number; studentIds: number[]; opened: OpenedFamily } | null;
  try {
    written = await ctx.transaction(async (tx) => {
      // The mark first: a second submission of this registration finds it taken and writes nothing.
      if (!(await repo.markSubmitted(tx.db, company.id, checked.registration.id, { at: nowIso(now), idempotencyKey, requestHash: hash, expiresAt: nowIso(addMinutes(now, REGISTRATION_TTL_MINUTES)) })))
        return null;
      // What the family's log says of its account, students and agreements: written at once below.
      const activity: NewActivity[] = [];
      // An address that signed up meanwhile fails the sign-in's unique key, answered below as
      // EXISTING_CLIENT. The RegID was checked before, but another family may have taken it since.
      const { clientId, actions } = await within('customer', () =>
        openAccount(tx, company, { email: checked.registration.email, form: checked.customer, marketingOptIn: checked.marketingOptIn }, activity),
      );
      // A condition typed in joins the company's list and is ticked, as when a student is added in the portal (decision 065):
      // here when nothing is paid, else once the payment completes (complete), so a refused registration leaves the list as it was.
      const students = [];
      for (const form of checked.students) students.push(checked.payment === null ? (await listTypedCondition(tx, company.id, form)).form : form);
      const studentIds = await insertStudents(tx, company, clientId, students, activity);
      await recordAcceptances(tx, { companyId: company.id, clientId, accepted: checked.accepted, ...request, newClient: true }, activity);
      await recordActivity(tx, activity);
      // A full class is waited for, not paid for (the classes service refuses a class with places).
      for (const [i, c] of body.classes.entries()) {
        if (c.waitlist) await within(`classes.${i}`, () => joinWaitlist(tx, company, clientId, { class_id: c.ClassID, student_id: studentIds[c.student]! }));
      }
      // The places the registration holds become its students' holds, which the checkout takes over (none when nothing is paid: given back).
      await handRegistrationHoldsOver(tx, company, checked.registration.id, checked.payment === null ? [] : classItemsOf(cartOf(body, studentIds)), checked.holds ?? undefined);
      if (mandate) await storeBankMandate(tx, company, clientId, mandate);
      await repo.recordClient(tx.db, company.id, checked.registration.id, clientId);
      // Nothing to pay: the registration is complete with its family. Otherwise it completes when the checkout does.
      if (checked.payment === null) await repo.markCompleted(tx.db, company.id, checked.registration.id, nowIso(now));
      const accepted = checked.accepted.map((a) => a.agreementId);
      return { clientId, studentIds, opened: { firstName: checked.customer.FirstName, lastName: checked.customer.LastName, actions, accepted } };
    });
  } catch (err) {
    // Another registration made its sign-in, or took its RegID, between the checks and the write.
    if (isUniqueViolationOf(err, 'logins')) throw new AppError(409, 'EXISTING_CLIENT', m.existingClient);
    if (isUniqueViolationOf(err, 'clients', 'clients_company_reg_id')) throw fieldError(422, 'REG_ID_LOCKED', 'customer.RegID', dm.regIdLocked);
    throw err;
  }
  if (written === null) {
    const row = await repo.findSubmittedRegistration(ctx.db, company.id, hashToken(body.registration_token), nowIso(now));
    if (!row) throw new AppError(422, 'REGISTRATION_EXPIRED', m.registrationExpired);
    return replay(ctx, company, row, idempotencyKey, hash, body, now);
  }
  // The family this request opened: its sign-in takes its name and actions as written.
  const { opened } = written;
  if (checked.payment === null) {
    sendWelcome(ctx, company, checked.registration.email, checked.customer.FirstName);
    return { clientId: written.clientId, payment: null, opened };
  }
  return { ...(await pay(ctx, company, { ...checked.registration, client_id: written.clientId }, idempotencyKey, body, written.studentIds)), opened };
}

/**
 * The family written, its classes are paid by the checkout of decision 024 under the same key:
 * the places held and priced again there, the card charged (or the direct debit scheduled), the
 * order written. When the checkout fails for good (declined, a class full meanwhile) the family is
 * removed and the registration opened again, so nothing of it remains; while the payment is in
 * flight (an answer lost at the gateway, a challenge step) it stays, for the same submission to
 * resume, or the minute job to settle (`settlePayingRegistrations`).
 */
async function pay(
  ctx: Ctx,
  company: Company,
  registration: { id: number; email: string; client_id: number },
  idempotencyKey: string,
  body: Submission,
  /** The students' ids in the submission's order, when this request wrote them; read back otherwise. */
  studentIds?: number[],
): Promise<RegistrationResult> {
  const clientId = registration.client_id;
  const byDebit = body.direct_debit_payment;
  try {
    let attachedCard: CardInfo | undefined;
    if (body.cardToken && !byDebit) {
      const gateway = gatewayFor(ctx, company);
      // The registration's card becomes the family's (once; a resumed submission finds it theirs).
      const card = gateway ? await checkedCard(() => gateway.attachCard(company.id, body.cardToken!, clientId)) : undefined;
      if (card === null) throw fieldError(422, 'CARD_TOKEN_INVALID', 'cardToken', m.cardExpired);
      attachedCard = card;
    }
    // The students this request wrote belong to a client it made, with no payment yet; a resumed submission's are read back.
    const options = { attachedCard, newClient: studentIds !== undefined };
    const payment = await payFor(ctx, company, clientId, idempotencyKey, body, studentIds ?? (await studentIdsOf(ctx, company, clientId)), options);
    if (payment.status === 'requires_action') return { clientId: null, payment };
    const typed = body.students.some((s) => String(s.AdditionalMedicalConditions ?? '').trim() !== '');
    await complete(ctx, company, registration.id, clientId, registration.email, String(body.customer.FirstName ?? '').trim(), { typed });
    return { clientId, payment };
  } catch (err) {
    await removeFamily(ctx, company, registration.id, clientId, idempotencyKey, body.cardToken);
    throw err;
  }
}

/** The ids the submission gave its students, in the order it wrote them. */
async function studentIdsOf(ctx: Ctx, company: Company, clientId: number): Promise<number[]> {
  return (await listAllStudentsOfClient(ctx, company.id, clientId)).map((s) => s.id).sort((a, b) => a - b);
}

/** The submission's classes paid through the checkout; a class it refuses is named by the submission's choice. */
function payFor(ctx: Ctx, company: Company, clientId: number, idempotencyKey: string, body: Submission, students: number[], options: Pick<CheckoutOptions, 'attachedCard' | 'newClient'> = {}) {
  return checkout(ctx, company, clientId, idempotencyKey, cartOf(body, students), { mandateToFollow: true, ...options }).catch((err: unknown) => {
    throw namedAsChoices(err, body.classes);
  });
}

/** The checkout's cart for the submission's classes, each student named by its id. */
function cartOf(body: Submission, students: number[]): z.output<typeof checkoutRequestSchema> {
  return {
    classItems: body.classes.filter((c) => !c.waitlist).map((c) => ({ ClassID: c.ClassID, StudentID: students[c.student]!, casual: c.casual, dates: c.dates })),
    bookingItems: [],
    invoices: [],
    discountCodes: [],
    creditIds: [],
    paymentMethod: body.direct_debit_payment ? 'direct_debit' : 'card',
    ocrProfileId: body.profile,
    ...(body.cardToken && !body.direct_debit_payment ? { cardToken: body.cardToken } : {}),
    useSavedCard: false,
    saveCard: false,
  };
}

/** The registration completed: once, its children's typed conditions join the company's list and the family is welcomed. */
async function complete(ctx: Ctx, company: Company, registrationId: number, clientId: number, email: string, firstName: string, { signedIn = true, typed = true } = {}) {
  if (!(await repo.markCompleted(ctx.db, company.id, registrationId, nowIso()))) return;
  try {
    // Asked only when a child's form typed one (the minute job, without the submission, asks always).
    if (typed) await ctx.transaction((tx) => listTypedConditionsOfFamily(tx, company.id, clientId));
  } catch (err) {
    // The payment stands: a condition left as the text the family typed is still the child's.
    ctx.log.error({ err, registrationId }, 'typed medical conditions not added to the list');
  }
  sendWelcome(ctx, company, email, firstName, signedIn);
}

/**
 * A registration whose payment failed for good, or never began: the family goes, the registration
 * opens again, its card is no one's again (another try may use it). Decided under the client's
 * checkout lock, so a payment of the key still being written (a concurrent request of the same
 * submission) is seen and the family kept.
 */
async function removeFamily(ctx: Ctx, company: Company, registrationId: number, clientId: number, idempotencyKey: string, cardToken: string | null | undefined) {
  const removed = await ctx.transaction(async (tx) => {
    if (!(await paymentFailedOrAbsent(tx, ctx.engine, company.id, clientId, idempotencyKey))) return false;
    if (!(await repo.reopenRegistration(tx.db, company.id, registrationId, clientId))) return false;
    // The places still held go back to the registration: the next try keeps them.
    await handHoldsBackToRegistration(tx, company, registrationId, clientId);
    await removeAccount(tx, company.id, clientId);
    return true;
  });
  if (removed && cardToken) await gatewayFor(ctx, company)?.detachCard(company.id, cardToken, clientId);
}

/**
 * A submitted registration asked again. Only its own key and body, soon after, and only while the
 * family has no password of its own yet, answer its client (the answer was lost); anything else is
 * refused, so the retry never becomes a way to sign in.
 */
async function replay(
  ctx: Ctx,
  company: Company,
  row: NonNullable<Awaited<ReturnType<typeof repo.findSubmittedRegistration>>>,
  idempotencyKey: string,
  hash: string,
  body: Submission,
  now: Date,
): Promise<RegistrationResult> {
  if (row.idempotency_key !== idempotencyKey) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  if (row.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_MISMATCH', m.differentSubmission);
  if (row.client_id === null) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  // Still paying: the same submission resumes the checkout (after a challenge step, or a lost answer).
  if (row.completed_at === null) return pay(ctx, company, { id: row.id, email: row.email, client_id: row.client_id }, idempotencyKey, body);
  const fresh = addMinutes(new Date(row.submitted_at), REPLAY_MINUTES) > now;
  if (!fresh || !(await isPasswordChangePending(ctx, company.id, row.client_id))) throw new AppError(409, 'ALREADY_SUBMITTED', m.alreadySubmitted);
  // What was paid is answered again by the checkout from its record under the key.
  const paid = body.classes.some((c) => !c.waitlist);
  const payment = paid ? await payFor(ctx, company, row.client_id, idempotencyKey, body, await studentIdsOf(ctx, company, row.client_id)) : null;
  return { clientId: row.client_id, payment };
}

/**
 * The minute job's part: registrations still paying after their checkout's time. A payment the
 * checkout completed (its process died before the registration heard) completes the
 * registration; one that failed, or never started, removes the family. One still in flight is
 * left to the payment reconciliation, which runs first.
 */
export async function settlePayingRegistrations(ctx: Ctx, findCompany: (id: number) => Promise<Company | null | undefined>, now = ctx.clock.now()): Promise<{ errors: unknown[] }> {
  const report = { errors: [] as unknown[] };
  // The longest a checkout can take: its holds (a challenge step lasts no longer), and a margin.
  const rows = await repo.findStalePayingRegistrations(ctx.db, nowIso(addMinutes(now, -PAYING_GRACE_MINUTES)));
  for (const row of rows) {
    const company = await findCompany(row.company_id);
    if (!company || row.client_id === null || row.idempotency_key === null) continue;
    if (row.submitted_at! > nowIso(addMinutes(now, -(company.settings.fin_setup.CheckoutHoldMinutes + PAYING_GRACE_MINUTES)))) continue;
    try {
      const status = (await findPaymentOutcome(ctx, company.id, row.client_id, row.idempotency_key))?.status ?? null;
      if (status === 'completed') {
        await complete(ctx, company, row.id, row.client_id, row.email, row.first_name, { signedIn: false });
      } else if (status === null || status === 'failed') {
        await removeFamily(ctx, company, row.id, row.client_id, row.idempotency_key, row.card_token);
      }
    } catch (err) {
      // One registration that cannot be settled does not hold up the others; it is tried again next minute.
      report.errors.push(err);
    }
  }
  return report;
}

/** Beyond the checkout's holds, how long a paying registration is left before the minute job settles it. */
const PAYING_GRACE_MINUTES = 5;

type RegistrationResult = { clientId: number | null; payment: PaymentAnswer | null; opened?: OpenedFamily };
type OpenRegistration = NonNullable<Awaited<ReturnType<typeof repo.findLiveRegistration>>['open']>;

function sendWelcome(ctx: Ctx, company: Company, email: string, firstName: string, signedIn = true) {
  const name = company.settings.CompanyDisplayName;
  ctx.mailer.queue({
    companyId: company.id,
    to: email,
    subject: m.welcomeSubject(name),
    ...renderMail(
      company.settings,
      [
        `Hi ${firstName},`,
        `Welcome to ${name}. Your registration is complete and your Customer Hub account is ready.`,
        signedIn
          ? 'You are signed in on the device you registered on. To sign in anywhere else, set your password when the Customer Hub asks, or use "Forgot password" on the sign-in screen.'
          : 'To sign in, use "Forgot password" on the Customer Hub\'s sign-in screen to set your password.',
      ],
      { label: 'Open the Customer Hub', url: `${publicOrigin(ctx.env)}/hub` },
    ),
    secrets: [],
  });
}
