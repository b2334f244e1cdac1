import { createHash } from 'node:crypto';
import type { checkoutRequestSchema, cartRequestSchema } from '@portal/shared/payment-schemas';
import { HOLD_EXPIRED_MESSAGE, NEW_INVOICE_NO, type CheckoutRequest, type PaymentAnswer, type QuoteAnswer } from '@portal/shared/payment-schemas';
import { priceCart, PricingInputError } from '@portal/shared/pricing/price-cart';
import { formatCents } from '@portal/shared/pricing/money';
import { normaliseDiscountCode } from '@portal/shared/pricing/discount-codes';
import type { CartLine, PricingInput } from '@portal/shared/pricing/pricing-types';
import type { Quote } from '@portal/shared/pricing/quote-schema';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { addMinutes, companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { enqueueMail, renderMail } from '../../modules/messaging/messaging.api.ts';
import { notifyClient, isEmailOptedOutWithin } from '../../modules/messaging/messaging.api.ts';
import { DECLINE_MESSAGES, gatewayFor, GatewayIdempotencyError, GatewayNetworkError, type ChargeResult, type PaymentGateway } from '../../modules/payments/payments.api.ts';
import { directDebitAvailable, findSavedCardToken, saveCard } from '../../modules/payments/payments.api.ts';
import { confirmHeldBookings, holdBookings, releaseHeldBookings, resolveBookingRequest } from '../../modules/bookings/bookings.api.ts';
import { addInvoiceLines, createInvoice, createReceipt, numberReceipt, unnumberedReceipt } from '../../modules/financials/financials.api.ts';
import { confirmEnrolments, createEnrolments, releaseEnrolments, validateClassItem, validateNewStudentClassItem, type ClassItem, type ValidatedClassItem } from '../../modules/classes/classes.api.ts';
import { discountCodeOf, pricingSettingsOf } from './pricing-input.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import type { PaymentRow } from '../../modules/payments/payments.api.ts';

type Cart = z.output<typeof cartRequestSchema>;
type Checkout = z.output<typeof checkoutRequestSchema>;

/** How long a process owns a payment it is working on before another may take it over. */
const LEASE_SECONDS = 30;
/** How long a second submission of the same key waits for the first to finish. */
const WAIT_FOR_FIRST_MS = 20_000;

/** Hooks for tests that stop a process at a given step (a crash between charge and order). */
export interface PaymentFaults {
  afterCharge?: () => Promise<void> | void;
  /** Right after the order's transaction commits, before anything else runs. */
  afterOrder?: () => Promise<void> | void;
}
const faults = new WeakMap<Deps, PaymentFaults>();
export function setPaymentFaults(deps: Deps, value: PaymentFaults | undefined) {
  if (value) faults.set(deps, value);
  else faults.delete(deps);
}

const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

function companyToday(company: Company): string {
  return localNow(companyTimeZone(company.settings.localization)).date;
}

// ---------------------------------------------------------------------------------------------
// Pricing input: what the cart names, priced from the database (never from the browser)
// ---------------------------------------------------------------------------------------------

async function loadPricingInput(deps: Deps, db: Db, company: Company, clientId: number, cart: Cart): Promise<PricingInput> {
  const fin = company.settings.fin_setup;
  const lines: CartLine[] = [];

  for (const [index, item] of classItemsOf(cart).entries()) {
    // The classes service checks the student, the class, the dates and a free place, and answers the price.
    lines.push(classLine(await validateClassItem(db, company, clientId, item), index));
  }

  cart.bookingItems.forEach((item, index) => lines.push(bookingLine(company, item, index)));

  if (cart.invoices.length > 0) {
    if (!fin.InvoicesPaidOnline) throw new AppError(403, 'FEATURE_DISABLED', 'Invoices cannot be paid online');
    const found = await repo.findClientInvoices(db, company.id, clientId, cart.invoices);
    for (const invoiceNo of cart.invoices) {
      const invoice = found.find((i) => i.invoice_no === invoiceNo);
      // Another client's invoice is as unknown as one that does not exist.
      if (!invoice) throw notFound('Invoice not found');
      if (invoice.balance_due_cents <= 0 || invoice.status === 'Paid') throw conflict(`Invoice ${invoiceNo} has already been paid`, 'ALREADY_PAID');
      // U27: only Unpaid invoices are paid online (Overdue, Scheduled and Debit Scheduled are not).
      if (invoice.status !== 'Unpaid') throw new AppError(422, 'NOT_PAYABLE', `Invoice ${invoiceNo} cannot be paid online`);
      lines.push({
        id: `inv-${invoice.id}`,
        kind: 'OnlineInvoicePayment',
        description: `Invoice ${invoice.invoice_no}`,
        invoiceNo: invoice.invoice_no,
        balanceDueCents: invoice.balance_due_cents,
        dueDate: invoice.payment_date,
      });
    }
  }

  const entered = [...new Set(cart.discountCodes.map((e) => normaliseDiscountCode(e.discountCode)))];
  const codeRows = await repo.findActiveDiscountCodes(db, deps.engine, company.id, entered);
  const counts = await repo.countDiscountCodeUses(
    db,
    company.id,
    codeRows.map((c) => c.id),
    clientId,
  );
  const discountCodes = codeRows.map((row) => {
    const used = counts.find((c) => c.discount_code_id === row.id);
    return discountCodeOf(row, { total: Number(used?.total ?? 0), byClient: Number(used?.by_client ?? 0) });
  });

  const creditRows = cart.creditIds.length ? await repo.findClientCredits(db, deps.engine, company.id, clientId, cart.creditIds) : [];
  for (const id of cart.creditIds) if (!creditRows.some((c) => c.id === id)) throw notFound('Credit not found');

  return {
    today: companyToday(company),
    newInvoiceNo: NEW_INVOICE_NO,
    lines,
    settings: pricingSettingsOf(company.settings),
    discountCodeEntries: cart.discountCodes,
    discountCodes,
    credits: cart.creditIds.map((id) => {
      const credit = creditRows.find((c) => c.id === id)!;
      return { id: String(id), amountCents: credit.remaining_cents };
    }),
    paymentMethod: cart.paymentMethod,
  };
}

function bookingLine(company: Company, item: Cart['bookingItems'][number], index: number): CartLine {
  const booking = resolveBookingRequest(company, item);
  return {
    id: `booking-${index + 1}`,
    kind: 'Booking',
    description: booking.description,
    taxable: true,
    date: booking.date,
    startTime: booking.startTime,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.priceCents,
  };
}

function classLine(v: ValidatedClassItem, index: number): CartLine {
  return {
    id: `class-${index + 1}`,
    kind: v.kind === 'casual' ? 'CasualClass' : 'FullClass',
    description: `${v.Name}: ${v.dates.length} ${v.dates.length === 1 ? 'session' : 'sessions'} from ${v.startDate}`,
    taxable: true,
    unitPriceCents: v.unit_price,
    quantity: v.dates.length,
    classId: v.ClassID,
    startDate: v.startDate,
  };
}

/**
 * What a family or guest not written yet would pay (decisions 049, 050): the checkout's own lines
 * and pricing for classes (no student of theirs to check) and courts, with no code, credit or
 * invoice of theirs to apply. The checkout prices the same items again when they pay.
 */
export async function quoteNewFamily(
  deps: Deps,
  company: Company,
  items: { classItems?: Omit<ClassItem, 'student_id'>[]; bookingItems?: Cart['bookingItems'] },
  paymentMethod: 'card' | 'direct_debit',
): Promise<QuoteAnswer> {
  const lines: CartLine[] = [];
  for (const [index, item] of (items.classItems ?? []).entries()) lines.push(classLine(await validateNewStudentClassItem(deps.db, company, item), index));
  (items.bookingItems ?? []).forEach((item, index) => lines.push(bookingLine(company, item, index)));
  const quote = price({
    today: companyToday(company),
    newInvoiceNo: NEW_INVOICE_NO,
    lines,
    settings: pricingSettingsOf(company.settings),
    discountCodeEntries: [],
    discountCodes: [],
    credits: [],
    paymentMethod,
  });
  return { ...quote, currencySymbol: company.settings.localization.CurrencySymbol, cardPaymentsAvailable: gatewayFor(deps, company) !== null };
}

/** What became of the payment made under a key for the client: none, or its status, its charge and (once completed) its answer. */
export async function findPaymentOutcome(deps: Deps, companyId: number, clientId: number, idempotencyKey: string) {
  const row = await repo.findPaymentByKey(deps.db, companyId, clientId, idempotencyKey);
  if (!row) return null;
  const stored = JSON.parse(row.result ?? 'null') as StoredResult | null;
  return { status: row.status, reference: row.reference, answer: stored?.ok ? stored.answer : null };
}

/**
 * Inside the caller's transaction, with the client locked as a checkout locks it: whether no
 * payment under the key is under way or done (none, or one that failed). A checkout of the key
 * still writing its payment row is waited for (PostgreSQL), so it is never missed.
 */
export async function paymentFailedOrAbsent(trx: Db, engine: Deps['engine'], companyId: number, clientId: number, idempotencyKey: string): Promise<boolean> {
  await repo.lockClient(trx, engine, companyId, clientId);
  const row = await repo.findPaymentByKey(trx, companyId, clientId, idempotencyKey);
  return !row || row.status === 'failed';
}

/** The cart's class items as the classes service takes them (decision 023). */
function classItemsOf(cart: Cart): ClassItem[] {
  return cart.classItems.map((item) => ({
    class_id: item.ClassID,
    student_id: item.StudentID,
    kind: item.casual ? 'casual' : 'ongoing',
    dates: item.dates,
    ...(cart.ocrProfileId !== null ? { ocr_profile_id: cart.ocrProfileId } : {}),
  }));
}

function price(input: PricingInput): Quote {
  try {
    return priceCart(input);
  } catch (err) {
    if (err instanceof PricingInputError) throw new AppError(422, 'CANNOT_PRICE', 'This cart cannot be priced. Please check its items.');
    throw err;
  }
}

/** The rows and totals the checkout shows for the cart (H8–H12, H17, H18). */
export async function quoteCart(deps: Deps, company: Company, clientId: number, cart: Cart): Promise<QuoteAnswer> {
  const quote = price(await loadPricingInput(deps, deps.db, company, clientId, cart));
  return { ...quote, currencySymbol: company.settings.localization.CurrencySymbol, cardPaymentsAvailable: gatewayFor(deps, company) !== null };
}

export async function listCredits(deps: Deps, company: Company, clientId: number) {
  const rows = await repo.findClientCredits(deps.db, deps.engine, company.id, clientId);
  return { credits: rows.map((r) => ({ CreditID: r.id, Description: r.description, AmountCents: r.remaining_cents, CreatedAt: r.created_at })) };
}

// ---------------------------------------------------------------------------------------------
// Checkout: one payment per Idempotency-Key
// ---------------------------------------------------------------------------------------------

interface StoredRequest {
  body: Checkout;
  /** The gateway token charged (a new card's, or the saved card's). */
  chargeToken: string | null;
}

/** What a payment holds while it charges, given back if it fails. */
interface Holds {
  bookingHoldToken: string | null;
  enrolmentIds: number[];
  /** When the first of the holds lapses; null when nothing is held. */
  expiresAt?: string | null;
}
interface StoredQuote {
  quote: Quote;
  holds: Holds;
}

type StoredResult = { ok: true; answer: PaymentAnswer } | { ok: false; status: number; code: string; message: string };

function hashOf(body: Checkout): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

const gatewayKey = (payment: { id: number }) => `payment-${payment.id}`;

/** The processor of a payment collected by direct debit from the bank details on file: no card charge, the invoice Debit Scheduled. */
const DIRECT_DEBIT = 'direct_debit';

function replay(row: PaymentRow): PaymentAnswer {
  const stored = JSON.parse(row.result ?? 'null') as StoredResult | null;
  if (!stored) throw new Error(`payment ${row.id} has no result`);
  if (!stored.ok) throw new AppError(stored.status, stored.code, stored.message);
  return stored.answer;
}

/**
 * Pays for a cart. The same key and body answer the same result and charge once; the same key
 * with another body is refused (422). The payment row is written (with its credits and codes
 * taken) before the charge, the order after it in one transaction; a failed charge gives them
 * back. A process that dies after the charge leaves the row in flight: a retry with the same
 * key, or the reconciliation job, completes it from the gateway's record of the charge.
 */
export async function checkout(deps: Deps, company: Company, clientId: number, idempotencyKey: string, body: Checkout): Promise<PaymentAnswer> {
  const hash = hashOf(body);
  const existing = await repo.findPaymentByKey(deps.db, company.id, clientId, idempotencyKey);
  if (existing) return resume(deps, company, existing, hash);

  const gateway = gatewayFor(deps, company);
  const byDebit = body.paymentMethod === 'direct_debit';
  if (byDebit) {
    // Direct debit (decision 034): where the payment type offers it, from the bank details on file; new items only.
    const debit = await directDebitAvailable(deps, company, clientId);
    if (!debit.offered) throw new AppError(403, 'DIRECT_DEBIT_OFF', 'Direct debit is not available');
    if (body.invoices.length > 0) throw new AppError(422, 'INVOICES_BY_CARD', 'Invoices are paid by card');
    if (!debit.onFile) throw new AppError(422, 'NO_BANK_DETAILS', 'Please add your bank details in Billing to pay by direct debit');
  }
  let chargeToken: string | null = null;
  if (byDebit) {
    // Nothing is charged to a card.
  } else if (body.cardToken) {
    // A token is the client's who made it: another client's or another company's is refused before anything is written or charged.
    if (gateway && !(await gateway.lookupCard(company.id, clientId, body.cardToken))) {
      throw new AppError(422, 'INVALID_TOKEN', 'Your card details have expired. Please enter your card again.');
    }
    chargeToken = body.cardToken;
  } else if (body.useSavedCard) {
    chargeToken = await findSavedCardToken(deps, company.id, clientId);
    if (!chargeToken) throw new AppError(422, 'NO_SAVED_CARD', 'There is no saved card. Please enter your card details.');
  }

  const now = new Date();
  const payment = await deps.db.transaction().execute(async (trx) => {
    await repo.lockClient(trx, deps.engine, company.id, clientId);
    const id = await repo.insertPaymentOnce(trx, {
      company_id: company.id,
      client_id: clientId,
      idempotency_key: idempotencyKey,
      request_hash: hash,
      status: 'processing',
      amount_cents: 0,
      processor: byDebit ? DIRECT_DEBIT : (gateway?.name ?? 'none'),
      reference: null,
      request: JSON.stringify({ body, chargeToken } satisfies StoredRequest),
      quote: '{}',
      result: null,
      lease_until: nowIso(addMinutes(now, LEASE_SECONDS / 60)),
      created_at: nowIso(now),
      updated_at: nowIso(now),
    });
    if (id === null) return null;

    // An invoice already being paid in another tab is not paid twice.
    const live = await repo.findLivePayments(trx, company.id, clientId, nowIso(now));
    for (const other of live) {
      if (other.id === id) continue;
      const otherBody = (JSON.parse(other.request) as StoredRequest).body;
      const shared = otherBody.invoices.filter((no) => body.invoices.includes(no));
      if (shared.length) throw conflict(`Invoice ${shared[0]} is already being paid`, 'PAYMENT_IN_PROGRESS');
    }

    const quote = price(await loadPricingInput(deps, trx, company, clientId, body));
    if (quote.totals.totalCents === 0 && quote.rows.length === 0) throw new AppError(422, 'EMPTY_CART', 'Your cart is empty');
    const amount = quote.totals.paymentAmountCents;
    if (amount > 0 && !byDebit) {
      if (!gateway) throw new AppError(403, 'PAYMENTS_OFF', 'Online payment is not available');
      if (!chargeToken) throw new AppError(422, 'CARD_REQUIRED', 'Please enter your card details');
    }
    const stamp = nowIso(now);
    for (const use of quote.creditsUsed) {
      if (use.usedCents > 0 && !(await repo.useCredit(trx, company.id, Number(use.creditId), id, use.usedCents, stamp))) {
        throw conflict('A selected credit has already been used. Please review your payment.', 'CREDIT_USED');
      }
    }
    const applied = quote.discountCodes.filter((d) => d.status === 'applied');
    const codeRows = await repo.findActiveDiscountCodes(trx, deps.engine, company.id, applied.map((d) => normaliseDiscountCode(d.discountCode)));
    await repo.insertDiscountCodeUses(
      trx,
      applied.map((d) => ({
        company_id: company.id,
        client_id: clientId,
        discount_code_id: codeRows.find((c) => normaliseDiscountCode(c.code) === normaliseDiscountCode(d.discountCode))!.id,
        payment_id: id,
        invoice_no: d.invoiceNo,
        discount_cents: d.status === 'applied' ? d.discountCents : 0,
        created_at: stamp,
      })),
    );
    const holds: Holds = { bookingHoldToken: null, enrolmentIds: [], expiresAt: null };
    const lapses: string[] = [];
    if (body.classItems.length > 0) {
      // Each class is locked and checked again, so two checkouts for the last place cannot both hold it.
      const holdUntil = addMinutes(now, company.settings.fin_setup.CheckoutHoldMinutes);
      holds.enrolmentIds = (await createEnrolments(trx, company, clientId, classItemsOf(body), { holdUntil, at: now })).ids;
      lapses.push(nowIso(holdUntil));
    }
    if (body.bookingItems.length > 0) {
      // Refused with 409 BOOKING_TAKEN when another checkout holds a court first: everything above rolls back.
      const held = await holdBookings(trx, company, clientId, body.bookingItems, { now });
      holds.bookingHoldToken = held.holdToken;
      lapses.push(held.holdExpiresAt);
    }
    holds.expiresAt = lapses.sort()[0] ?? null;
    await repo.movePayment(trx, company.id, id, ['processing'], {
      quote: JSON.stringify({ quote, holds } satisfies StoredQuote),
      amount_cents: amount,
      ...(amount === 0 && !byDebit ? { processor: 'credit' } : {}),
    });
    return repo.findPaymentById(trx, company.id, id);
  });
  // Another submission of the same key won the insert: answer what it answers.
  if (!payment) return resume(deps, company, (await repo.findPaymentByKey(deps.db, company.id, clientId, idempotencyKey))!, hash);
  return charge(deps, company, payment);
}

/** A payment found under the key: replay its result, wait for it, or take it over when its process died. */
async function resume(deps: Deps, company: Company, row: PaymentRow, hash: string): Promise<PaymentAnswer> {
  if (row.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This payment was already submitted with different details. Please start the payment again.');
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let current: PaymentRow = row;
  for (;;) {
    if (current.status === 'completed' || current.status === 'failed') return replay(current);
    if (current.status === 'requires_action') return charge(deps, company, current);
    const now = nowIso();
    if (current.lease_until <= now) {
      const taken = await repo.movePayment(deps.db, company.id, current.id, ['processing'], { lease_until: nowIso(addMinutes(new Date(), LEASE_SECONDS / 60)) }, current.lease_until);
      if (taken) return charge(deps, company, (await repo.findPaymentById(deps.db, company.id, current.id))!);
    } else if (Date.now() > deadline) {
      throw conflict('This payment is still being processed. Please wait a moment and try again.', 'PAYMENT_IN_PROGRESS');
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    current = (await repo.findPaymentById(deps.db, company.id, current.id))!;
  }
}

/** Charges a prepared payment (or reads the charge already made under its key) and finishes it. */
async function charge(deps: Deps, company: Company, payment: PaymentRow): Promise<PaymentAnswer> {
  const stored = JSON.parse(payment.request) as StoredRequest;
  if (payment.amount_cents === 0 || payment.processor === DIRECT_DEBIT) return complete(deps, company, payment, null);
  const gateway = gatewayFor(deps, company);
  if (!gateway) return fail(deps, company, payment, 403, 'PAYMENTS_OFF', 'Online payment is not available');

  let result: ChargeResult;
  try {
    result =
      payment.status === 'requires_action'
        ? ((await gateway.retrieve(company.id, gatewayKey(payment))) ?? (await chargeCard(gateway, company, payment, stored)))
        : await chargeCard(gateway, company, payment, stored);
  } catch (err) {
    if (err instanceof GatewayNetworkError) {
      // The charge may have been made: the row stays in flight, free for a retry with the same key at once.
      await repo.movePayment(deps.db, company.id, payment.id, ['processing'], { lease_until: nowIso(), updated_at: nowIso() });
      throw new AppError(502, 'PAYMENT_UNCONFIRMED', 'We could not confirm your payment. Please try again: you will not be charged twice.');
    }
    if (err instanceof GatewayIdempotencyError) return fail(deps, company, payment, 422, 'IDEMPOTENCY_MISMATCH', 'This payment could not be matched. Please start the payment again.');
    throw err;
  }
  await faults.get(deps)?.afterCharge?.();

  if (result.status === 'succeeded') return complete(deps, company, payment, result.chargeId);
  if (result.status === 'declined') return fail(deps, company, payment, 402, result.declineCode, result.message);

  // A challenge step: the places stay held while the card holder answers it, and no longer.
  const expiresAt = holdExpiryOf(payment);
  if (expiresAt && expiresAt <= nowIso()) return fail(deps, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message);
  const leaseUntil = expiresAt ?? nowIso(addMinutes(new Date(), company.settings.fin_setup.CheckoutHoldMinutes));
  await repo.movePayment(deps.db, company.id, payment.id, ['processing', 'requires_action'], { status: 'requires_action', reference: result.chargeId, lease_until: leaseUntil, updated_at: nowIso() });
  return {
    PaymentID: payment.id,
    status: 'requires_action',
    amountCents: payment.amount_cents,
    currencySymbol: company.settings.localization.CurrencySymbol,
    processor: gateway.name,
    reference: result.chargeId,
    invoiceNos: [],
    receiptNo: null,
    challenge: { id: result.challengeId, amountCents: payment.amount_cents },
    holdExpiresAt: expiresAt,
  };
}

/** What a payment whose challenge step outlived its holds answers (the minute job lets the holds go). */
const HOLD_EXPIRED = { code: 'HOLD_EXPIRED', message: HOLD_EXPIRED_MESSAGE };

function holdExpiryOf(payment: PaymentRow): string | null {
  return (JSON.parse(payment.quote) as Partial<StoredQuote>).holds?.expiresAt ?? null;
}

function chargeCard(gateway: PaymentGateway, company: Company, payment: PaymentRow, stored: StoredRequest) {
  if (!stored.chargeToken) throw new AppError(422, 'CARD_REQUIRED', 'Please enter your card details');
  return gateway.charge({
    companyId: company.id,
    idempotencyKey: gatewayKey(payment),
    clientId: payment.client_id,
    token: stored.chargeToken,
    amountCents: payment.amount_cents,
    currency: company.settings.fin_setup.Currency,
    description: `${company.settings.CompanyDisplayName} payment ${payment.id}`,
  });
}

/** A failed charge: gives back credits and codes, writes nothing else, and answers the decline every time. */
async function fail(deps: Deps, company: Company, payment: PaymentRow, status: number, code: string, message: string): Promise<never> {
  const result: StoredResult = { ok: false, status, code, message };
  await deps.db.transaction().execute(async (trx) => {
    const moved = await repo.movePayment(trx, company.id, payment.id, ['processing', 'requires_action'], { status: 'failed', result: JSON.stringify(result), updated_at: nowIso() });
    if (!moved) return;
    await repo.restoreCredits(trx, company.id, payment.id);
    await repo.deleteDiscountCodeUses(trx, company.id, payment.id);
    const { holds } = JSON.parse(payment.quote) as Partial<StoredQuote>;
    if (holds?.bookingHoldToken) await releaseHeldBookings(trx, company.id, holds.bookingHoldToken);
    if (holds?.enrolmentIds.length) await releaseEnrolments(trx, company, holds.enrolmentIds);
  });
  const row = (await repo.findPaymentById(deps.db, company.id, payment.id))!;
  return replay(row) as never;
}

/**
 * The order, in one transaction with the payment's completion: the new invoice with the quote's
 * rows, the held bookings confirmed on it, each existing invoice's discounts and surcharge added
 * to it as lines, one receipt for what the card was charged and one for the credits used, each
 * allocated per invoice as the quote splits them, the notification. A hold that lapsed
 * and was taken meanwhile (409) rolls all of it back; the charge is then refunded.
 */
async function complete(deps: Deps, company: Company, payment: PaymentRow, chargeId: string | null): Promise<PaymentAnswer> {
  const { quote, holds } = JSON.parse(payment.quote) as StoredQuote;
  const byDebit = payment.processor === DIRECT_DEBIT;
  const symbol = company.settings.localization.CurrencySymbol;
  const now = nowIso();
  const today = companyToday(company);
  let answer: PaymentAnswer | null = null;
  let mailId: number | null = null;
  try {
    answer = await deps.db.transaction().execute(async (trx) => {
      // What each invoice is paid by card and by credit (the quote's per-invoice split), written as two receipts.
      const cardAllocations: { invoiceNo: string; amountCents: number }[] = [];
      const creditAllocations: { invoiceNo: string; amountCents: number }[] = [];
      const allocate = (invoiceNo: string, quoted: Quote['invoices'][number] | undefined) => {
        // What direct debit collects stays owed on the invoice until the debit is taken.
        if (quoted && quoted.paymentAmountCents > 0 && !byDebit) cardAllocations.push({ invoiceNo, amountCents: quoted.paymentAmountCents });
        if (quoted && quoted.creditCents > 0) creditAllocations.push({ invoiceNo, amountCents: quoted.creditCents });
      };
      const invoiceNos: string[] = [];
      const newRows = quote.rows.filter((r) => r.invoiceNo === NEW_INVOICE_NO);
      if (newRows.length > 0) {
        const made = await createInvoice(trx, {
          companyId: company.id,
          clientId: payment.client_id,
          invoiceDate: today,
          dueDate: today,
          lines: newRows,
          ...(byDebit && payment.amount_cents > 0 ? { status: 'Debit Scheduled' as const } : {}),
        });
        invoiceNos.push(made.invoiceNo);
        allocate(made.invoiceNo, quote.invoices.find((i) => i.invoiceNo === NEW_INVOICE_NO));
        if (holds.enrolmentIds.length > 0 && !(await confirmEnrolments(trx, company.id, holds.enrolmentIds))) {
          throw new AppError(409, 'CLASS_FULL', 'The place you were holding is no longer free.');
        }
        if (holds.bookingHoldToken) await confirmHeldBookings(trx, company.id, payment.client_id, holds.bookingHoldToken, made.invoiceId);
        await repo.renameDiscountCodeInvoice(trx, company.id, payment.id, NEW_INVOICE_NO, made.invoiceNo);
      }
      for (const invoice of quote.invoices) {
        if (invoice.invoiceNo === NEW_INVOICE_NO) continue;
        // An existing invoice is settled in full: its discounts and the card surcharge become lines of it
        // (its total and balance move by them), then the card and the credits pay what it then owes.
        const adjustments = quote.rows.filter((r) => r.invoiceNo === invoice.invoiceNo && !(r.breakdownKey === 'OnlineInvoicePayment' && r.type === 'Custom' && r.amountCents > 0));
        await addInvoiceLines(trx, { companyId: company.id, clientId: payment.client_id, invoiceNo: invoice.invoiceNo, lines: adjustments });
        invoiceNos.push(invoice.invoiceNo);
        allocate(invoice.invoiceNo, invoice);
      }
      const cardCents = cardAllocations.reduce((sum, a) => sum + a.amountCents, 0);
      // Never a receipt for more or less than the card was charged.
      if (cardCents !== (byDebit ? 0 : payment.amount_cents)) throw new Error(`payment ${payment.id}: allocations ${cardCents} differ from the charge ${payment.amount_cents}`);
      // The receipts are written and allocated under stand-in numbers and numbered only below,
      // after every read the answer and the e-mail need: the company's receipt counter row stays
      // locked from its number to the commit, so every checkout of the company waits that long
      // (decision 039).
      const cardReceipt =
        cardCents > 0
          ? await createReceipt(trx, {
              companyId: company.id,
              clientId: payment.client_id,
              date: today,
              method: 'Credit Card',
              reference: chargeId ?? '',
              amountCents: cardCents,
              allocations: cardAllocations,
              receiptNo: unnumberedReceipt(),
            })
          : null;
      const creditReceipt =
        creditAllocations.length > 0
          ? await createReceipt(trx, {
              companyId: company.id,
              clientId: payment.client_id,
              date: today,
              method: 'Customer Credit',
              reference: '',
              amountCents: creditAllocations.reduce((sum, a) => sum + a.amountCents, 0),
              allocations: creditAllocations,
              receiptNo: unnumberedReceipt(),
            })
          : null;
      // A debit is not yet received: no receipt to mail (the invoice shows it Debit Scheduled).
      const mailTo = cardReceipt || creditReceipt ? await receiptRecipient(trx, company, payment) : null;
      const cardReceiptNo = cardReceipt ? await numberReceipt(trx, company.id, cardReceipt.receiptId) : null;
      const creditReceiptNo = creditReceipt ? await numberReceipt(trx, company.id, creditReceipt.receiptId) : null;
      const receipt = cardReceiptNo !== null ? { receiptNo: cardReceiptNo } : creditReceiptNo !== null ? { receiptNo: creditReceiptNo } : null;
      const result: PaymentAnswer = {
        PaymentID: payment.id,
        status: 'completed',
        amountCents: payment.amount_cents,
        currencySymbol: symbol,
        processor: payment.processor,
        reference: chargeId,
        invoiceNos,
        receiptNo: receipt?.receiptNo ?? null,
        challenge: null,
        holdExpiresAt: null,
      };
      const moved = await repo.movePayment(trx, company.id, payment.id, ['processing', 'requires_action'], {
        status: 'completed',
        reference: chargeId,
        result: JSON.stringify({ ok: true, answer: result } satisfies StoredResult),
        updated_at: now,
      });
      // Another process finished it first: write nothing of ours.
      if (!moved) throw new AlreadyFinished();
      await notifyClient(trx, {
        companyId: company.id,
        clientId: payment.client_id,
        category: 'invoices',
        title: byDebit ? 'Direct debit scheduled' : 'Payment received',
        content: byDebit
          ? `Thank you: ${formatCents(payment.amount_cents, symbol)} for invoice ${invoiceNos.join(', ')} will be collected by direct debit from your bank account on file.`
          : `Thank you: we received your payment of ${formatCents(payment.amount_cents, symbol)}${invoiceNos.length ? ` for invoice ${invoiceNos.join(', ')}` : ''}.${receipt ? ` Receipt ${receipt.receiptNo}.` : ''}`,
        tagData: { receipt_no: receipt?.receiptNo ?? null, invoice_nos: invoiceNos },
        createdAt: now,
      });
      // The receipt e-mail is written with the order: it exists exactly when the order does.
      mailId = result.receiptNo && mailTo ? await queueReceipt(trx, company, mailTo, result, quote) : null;
      return result;
    });
  } catch (err) {
    if (err instanceof AlreadyFinished) return replay((await repo.findPaymentById(deps.db, company.id, payment.id))!);
    if (err instanceof AppError && err.statusCode === 409) {
      // What was held was sold meanwhile (a lapsed hold): give the money back and say so.
      const gateway = gatewayFor(deps, company);
      if (chargeId && gateway) await gateway.refund(company.id, chargeId);
      return fail(deps, company, payment, 409, err.code, `${err.message} Your payment has been refunded.`);
    }
    throw err;
  }
  await faults.get(deps)?.afterOrder?.();
  // Delivered after the answer; a process that dies first leaves the row to the minute job.
  if (mailId !== null) deps.mailer.deliver([mailId]);
  // Keeping the card is best effort: the order stands either way.
  const { body } = JSON.parse(payment.request) as StoredRequest;
  if (body.saveCard && body.cardToken) await saveCard(deps, company, payment.client_id, body.cardToken, 'add').catch(() => undefined);
  return answer;
}

class AlreadyFinished extends Error {}

/** Who the receipt e-mail goes to; null when the client has no address or opted out. */
async function receiptRecipient(trx: Db, company: Company, payment: PaymentRow) {
  const contact = await repo.findClientContact(trx, company.id, payment.client_id);
  if (!contact?.email) return null;
  if (await isEmailOptedOutWithin(trx, company.id, payment.client_id, 'invoices')) return null;
  return { email: contact.email, first_name: contact.first_name };
}

/** Writes the receipt e-mail to the outbox in the order's transaction. */
async function queueReceipt(trx: Db, company: Company, contact: { email: string; first_name: string }, answer: PaymentAnswer, quote: Quote): Promise<number> {
  const symbol = company.settings.localization.CurrencySymbol;
  const name = company.settings.CompanyDisplayName;
  const lines = quote.rows.map((r) => `${r.description}: ${formatCents(r.totalCents, symbol)}`);
  const { text, html } = renderMail(name, [
    `Hello ${contact.first_name},`,
    `Thank you for your payment of ${formatCents(answer.amountCents, symbol)}. ${company.settings.fin_setup.ReceiptTitle} ${answer.receiptNo}.`,
    ...lines,
    ...(quote.totals.customerCreditsCents ? [`Credit used: ${formatCents(quote.totals.customerCreditsCents, symbol)}`] : []),
  ]);
  return enqueueMail(trx, { companyId: company.id, to: contact.email, subject: `${company.settings.fin_setup.ReceiptTitle} ${answer.receiptNo} from ${name}`, text, html });
}

// ---------------------------------------------------------------------------------------------
// Reconciliation: payments whose process died, and charges with no order
// ---------------------------------------------------------------------------------------------

export interface ReconcileReport {
  completed: number;
  failed: number;
  stillWaiting: number;
  refunded: number;
}

/**
 * Finishes every payment whose process stopped answering (its lease ran out): a charge the
 * gateway made completes the order, a declined or missing one releases what was held. Then a
 * successful charge whose payment failed (it can happen only when a charge lands after the
 * payment was given up) is refunded.
 */
export async function reconcilePayments(deps: Deps, findCompany: (id: number) => Promise<Company | null | undefined>, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: 0, failed: 0, stillWaiting: 0, refunded: 0 };
  const stale = await repo.findStalePayments(deps.db, nowIso(now));
  for (const row of stale) {
    const company = await findCompany(row.company_id);
    if (!company) continue;
    const gateway = gatewayFor(deps, company);
    const taken = await repo.movePayment(deps.db, company.id, row.id, [row.status], { lease_until: nowIso(addMinutes(now, LEASE_SECONDS / 60)) }, row.lease_until);
    if (!taken) continue;
    const payment = (await repo.findPaymentById(deps.db, company.id, row.id))!;
    const charge = payment.amount_cents === 0 ? ({ status: 'succeeded', chargeId: null } as const) : gateway ? await gateway.retrieve(company.id, gatewayKey(payment)) : null;
    try {
      if (charge?.status === 'succeeded') {
        await complete(deps, company, payment, charge.chargeId);
        report.completed += 1;
      } else {
        const message = charge?.status === 'declined' ? charge.message : DECLINE_MESSAGES.authentication_failed;
        const failing =
          charge?.status === 'requires_action'
            ? // The challenge step was never answered while the holds lasted.
              fail(deps, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message)
            : fail(deps, company, payment, 402, charge?.status === 'declined' ? charge.declineCode : 'payment_abandoned', message);
        await failing.catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
        });
        report.failed += 1;
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  for (const { company_id } of await repo.findCompanyIdsWithCharges(deps.db)) {
    const company = await findCompany(company_id);
    const gateway = company && gatewayFor(deps, company);
    if (!company || !gateway) continue;
    const charges = await gateway.listSucceededCharges(company.id, nowIso(addMinutes(now, -LEASE_SECONDS / 60)));
    const ids = charges.map((c) => Number(/^payment-(\d+)$/.exec(c.idempotencyKey)?.[1] ?? 0));
    const payments = await repo.findPaymentsByIds(deps.db, company.id, ids.filter((id) => id > 0));
    for (const [index, c] of charges.entries()) {
      const payment = payments.find((p) => p.id === ids[index]);
      if (payment && payment.status !== 'failed') continue;
      await gateway.refund(company.id, c.chargeId);
      report.refunded += 1;
    }
  }
  return report;
}

export type { CheckoutRequest };
