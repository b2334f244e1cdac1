import type { z } from 'zod';
import type { checkoutRequestSchema, PaymentAnswer } from '@portal/shared/payment-schemas';
import { registrationMessages as m, type ocrClassQuoteRequestSchema, type ocrClassRequestSchema, type RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAcceptances } from '../../modules/agreements/agreements.api.ts';
import { assertClassesOffered, holdCartPlaces, joinWaitlist } from '../../modules/classes/classes.api.ts';
import { bankFormatOf, directDebitAvailable, findPaymentByKey, lockClient, mandateFollows, registerBankMandate, storeBankMandate } from '../../modules/payments/payments.api.ts';
import { listAllStudentsOfClient } from '../../modules/students/students.api.ts';
import { checkout } from '../checkout/checkout.service.ts';
import { classItemsOf, quoteCart } from '../checkout/quote.service.ts';
import { addMinutes } from '../../lib/time.ts';
import { assertEachClassOnce, assertNothingPaid, checkAgreementAnswers, checkedSignatures, fieldError, parseBank, paymentChoice, within } from './registration-checks.ts';
import { requireTurn } from '../../modules/waiting-room/waiting-room.api.ts';
import { assertRegistrationOpen, namedAsChoices, paymentOptionsOf, takesClasses } from './registration-rules.ts';

// A family that already has an account registers its own students in classes through a registration link (N12, F16, R49; decision 060).
type OcrClassRequest = z.output<typeof ocrClassRequestSchema>;
type OcrClassQuoteRequest = z.output<typeof ocrClassQuoteRequestSchema>;
type Choice = OcrClassRequest['classes'][number];

/**
 * The rules the new family's registration keeps, for this family: the registration open under a
 * profile with a class step, at least one class overall (N15), each for a student of the signed-in
 * client's own (another's is unknown here: 404) and each class once per student.
 */
async function checkChoices(ctx: Ctx, company: Company, clientId: number, body: { profile: number; classes: readonly Choice[] }) {
  const students = new Set((await listAllStudentsOfClient(ctx, company.id, clientId)).map((s) => s.id));
  if (body.classes.some((c) => !students.has(c.StudentID))) throw notFound();
  assertRegistrationOpen(company, body.profile, { existingFamily: true, at: ctx.clock.now() });
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === body.profile)!;
  if (!takesClasses(profile)) throw fieldError(422, 'NO_CLASSES_TAKEN', 'classes', m.noClassesTaken);
  if (body.classes.length === 0) throw fieldError(400, 'VALIDATION', 'classes', m.classesRequired);
  assertEachClassOnce(
    company,
    profile,
    body.classes.map((c) => ({ student: c.StudentID, ClassID: c.ClassID })),
  );
  await assertClassesOffered(ctx, company, body.profile, body.classes);
  return profile;
}

/** The checkout's cart for the classes enrolled (not the waitlist places), priced and paid as the hub's cart is. */
function cartOf(
  body: { profile: number; classes: readonly Choice[] },
  paymentMethod: 'card' | 'direct_debit',
  card: { cardToken?: string | undefined; useSavedCard?: boolean } = {},
): z.output<typeof checkoutRequestSchema> {
  const { cardToken, useSavedCard = false } = card;
  return {
    classItems: body.classes.filter((c) => !c.waitlist).map((c) => ({ ClassID: c.ClassID, StudentID: c.StudentID, casual: c.casual, dates: c.dates })),
    bookingItems: [],
    invoices: [],
    discountCodes: [],
    creditIds: [],
    paymentMethod,
    ocrProfileId: body.profile,
    ...(cardToken ? { cardToken } : {}),
    useSavedCard: !cardToken && useSavedCard,
    saveCard: false,
  };
}

/**
 * POST /api/classes/ocr-class-quote: the classes chosen, priced for this family, with how the
 * profile lets it pay. Their places are held as the hub's cart holds them (decision 109), for the
 * company's hold period: a place held already keeps its time, and Pay takes the holds over. The
 * quote is checked first, so a refused quote holds nothing; a place taken between the check and
 * the hold is answered without its hold.
 */
export async function quoteExistingFamilyClasses(ctx: Ctx, company: Company, clientId: number, body: OcrClassQuoteRequest, ticket?: string): Promise<RegistrationQuoteAnswer> {
  const profile = await checkChoices(ctx, company, clientId, body);
  await requireTurn(ctx, company, body.profile, ticket);
  const cart = cartOf(body, body.direct_debit_payment ? 'direct_debit' : 'card');
  const items = classItemsOf(cart);
  // Checked and priced first: a refused quote holds nothing.
  const quote = await quoteCart(ctx, company, clientId, cart);
  const holdUntil = addMinutes(ctx.clock.now(), company.settings.fin_setup.CheckoutHoldMinutes);
  const { held } = items.length ? await holdCartPlaces(ctx, company, clientId, items, { holdUntil, releaseOthers: false, cartId: null }) : { held: [] };
  const onFile = (await directDebitAvailable(ctx, company, clientId)).onFile;
  return {
    ...quote,
    paymentOptions: paymentOptionsOf(ctx, company, profile),
    bankFormat: bankFormatOf(company),
    directDebitBy: mandateFollows(company) ? (onFile ? 'on_file' : 'gocardless') : 'form',
    holds: held.map((h) => ({ ClassID: h.ClassID, heldUntil: h.heldUntil })),
  };
}

/**
 * POST /api/classes/ocr-class: everything checked before anything is written (the choices, the
 * payment option, the agreements and their signatures, the bank details); then, under the client's
 * lock, the agreements signed and the waitlist places joined (each once: a retry finds them done);
 * then the classes paid through the checkout under the request's Idempotency-Key, which holds the
 * places under its own locks (the last place goes to one family, the other is told the class is
 * full) and answers a retry from its record, so nothing is enrolled or charged twice.
 */
export async function registerExistingFamilyClasses(
  ctx: Ctx,
  company: Company,
  clientId: number,
  idempotencyKey: string,
  body: OcrClassRequest,
  request: { ipAddress: string; userAgent: string },
  ticket?: string,
): Promise<{ payment: PaymentAnswer | null }> {
  const profile = await checkChoices(ctx, company, clientId, body);
  const enrols = body.classes.some((c) => !c.waitlist);
  const method = enrols ? paymentChoice(ctx, company, profile, body) : null;
  if (!enrols) assertNothingPaid(body);
  const agreed = await checkAgreementAnswers(ctx, company, clientId, body.profile, body.agreements);
  const accepted = await checkedSignatures(agreed);
  const bank = method === 'direct_debit' && body.bank ? parseBank(company, body.bank) : null;

  // A retry under a key already paying skips to the checkout, which answers it from its record.
  const retried = enrols && Boolean(await findPaymentByKey(ctx.db, company.id, clientId, idempotencyKey));
  // Where the profile has a waiting room, only in the browser's turn (decision 099); a retry is answered whatever its turn.
  if (!retried) await requireTurn(ctx, company, body.profile, ticket);
  if (!retried) {
    // The mandate is registered with the provider before the transaction, which then only keeps it.
    const mandate = bank ? await within('bank', () => registerBankMandate(ctx, company, bank)) : null;
    await ctx.transaction(async (tx) => {
      await lockClient(tx.db, ctx.engine, company.id, clientId);
      await recordAcceptances(tx, { companyId: company.id, clientId, accepted, ...request });
      for (const [i, c] of body.classes.entries()) {
        if (c.waitlist) await within(`classes.${i}`, () => joinOnce(tx, company, clientId, c));
      }
      if (mandate) await storeBankMandate(tx, company, clientId, mandate);
    });
  }
  if (method === null) return { payment: null };
  const payment = await checkout(ctx, company, clientId, idempotencyKey, cartOf(body, method, body), { mandateToFollow: true }).catch((err: unknown) => {
    throw namedAsChoices(err, body.classes);
  });
  return { payment };
}

/** A waitlist place, joined once: one the student already holds is the retry's. */
async function joinOnce(ctx: Ctx, company: Company, clientId: number, c: Choice) {
  try {
    await joinWaitlist(ctx, company, clientId, { class_id: c.ClassID, student_id: c.StudentID });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'ALREADY_WAITING')) throw err;
  }
}
