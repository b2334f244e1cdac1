import { type PaymentAnswer } from '@portal/shared/payment-schemas';
import { normaliseDiscountCode } from '@portal/shared/pricing/discount-codes';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { gatewayFor, gatewayNamed, GatewayIdempotencyError, GatewayNetworkError, type CardInfo, type ChargeResult } from '../../modules/payments/payments.api.ts';
import { bankSetupOf, directDebitAvailable, findSavedCardToken, PAYMENTS_NOT_SET_UP } from '../../modules/payments/payments.api.ts';
import { holdBookings } from '../../modules/bookings/bookings.api.ts';
import { createEnrolments, lockAndCheckClassItems } from '../../modules/classes/classes.api.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import type { PaymentRow } from '../../modules/payments/payments.api.ts';
import {
  companyToday,
  conflict,
  DIRECT_DEBIT,
  gatewayKey,
  hashOf,
  LEASE_SECONDS,
  replay,
  WAIT_FOR_FIRST_MS,
  type Checkout,
  type Holds,
  type StoredQuote,
  type StoredRequest,
  type StoredResult,
} from './payment-steps.ts';
import { loadPricingInput, price, classItemsOf } from './quote.service.ts';
import { chargeCard, checkedCard, complete, fail, holdExpiryOf, holdLapsed, HOLD_EXPIRED } from './settle.service.ts';
import { settleEarlierAttempts } from './abandoned-attempts.ts';
import { instalmentOfferOf } from './instalments.service.ts';

// The checkout: one payment per Idempotency-Key; quote, hold, charge, then settle.
export async function findPaymentOutcome(ctx: Ctx, companyId: number, clientId: number, idempotencyKey: string) {
  const row = await repo.findPaymentByKey(ctx.db, companyId, clientId, idempotencyKey);
  if (!row) return null;
  const stored = JSON.parse(row.result ?? 'null') as StoredResult | null;
  return {
    status: row.status,
    processor: row.processor,
    reference: row.reference,
    answer: stored?.ok ? stored.answer : null,
    refusal: stored && !stored.ok ? { status: stored.status, code: stored.code } : null,
  };
}

/**
 * Inside the caller's transaction, with the client locked as a checkout locks it: whether no
 * payment under the key is under way or done (none, or one that failed). A checkout of the key
 * still writing its payment row is waited for (PostgreSQL), so it is never missed.
 */
export async function paymentFailedOrAbsent(ctx: Ctx, engine: Ctx['engine'], companyId: number, clientId: number, idempotencyKey: string): Promise<boolean> {
  await repo.lockClient(ctx.db, engine, companyId, clientId);
  const row = await repo.findPaymentByKey(ctx.db, companyId, clientId, idempotencyKey);
  return !row || row.status === 'failed';
}

export interface CheckoutOptions {
  /**
   * Whether an earlier attempt of the client was made by the same person as this one, who may
   * then take over what it holds (decision 084). Every attempt of a signed-in client is (the
   * default); the guests of a company all pay as its one guest client, so their flow tells.
   */
  isSamePayer?: (earlier: PaymentRow) => Promise<boolean>;
  /** Told when the answer is a finished payment's under the same key, replayed (nothing was charged again). */
  onReplay?: () => void;
  /** By direct debit with no mandate on file yet: the registration's family sets up its GoCardless mandate right after. */
  mandateToFollow?: boolean;
  /** The card of the cart's token as attaching it to the client answered: not looked up again. */
  attachedCard?: CardInfo;
  /** A client the request itself made: no payment of it to find before the transaction (a concurrent retry's is found under its lock). */
  newClient?: boolean;
}

/** The cart's class items as the classes service takes them (decision 023). */

/**
 * Pays for a cart. The same key and body answer the same result and charge once; the same key
 * with another body is refused (422). The payment row is written (with its credits and codes
 * taken) before the charge, the order after it in one transaction; a failed charge gives them
 * back. A process that dies after the charge leaves the row in flight: a retry with the same
 * key, or the reconciliation job, completes it from the gateway's record of the charge.
 */
export async function checkout(ctx: Ctx, company: Company, clientId: number, idempotencyKey: string, body: Checkout, options: CheckoutOptions = {}): Promise<PaymentAnswer> {
  const hash = hashOf(body);
  const { keyed, awaitingAction } = options.newClient ? { keyed: undefined, awaitingAction: [] } : await repo.findPaymentByKeyAndAwaitingAction(ctx.db, company.id, clientId, idempotencyKey);
  if (keyed) return resume(ctx, company, keyed, hash, options.onReplay);
  await settleEarlierAttempts(ctx, company, body, awaitingAction, options.isSamePayer);

  const gateway = gatewayFor(ctx, company);
  const byDebit = body.paymentMethod === 'direct_debit';
  let mandateToFollow = false;
  if (byDebit) {
    // Direct debit (decision 034): where the payment type offers it, from the bank details on file; new items only.
    const debit = await directDebitAvailable(ctx, company, clientId);
    if (!debit.offered) throw new AppError(403, 'DIRECT_DEBIT_OFF', 'Direct debit is not available');
    if (body.invoices.length > 0) throw new AppError(422, 'INVOICES_BY_CARD', 'Invoices are paid by card');
    // A registration's family sets its GoCardless mandate up once signed in, after this payment (decision 104).
    mandateToFollow = !debit.onFile && options.mandateToFollow === true && (await bankSetupOf(ctx, company))?.via === 'gocardless';
    if (!debit.onFile && !mandateToFollow) throw new AppError(422, 'NO_BANK_DETAILS', 'Please add your bank details in Billing to pay by direct debit');
  }
  // A processor chosen but not connected (its keys missing): refused before anything is written.
  if (!byDebit && gateway && (body.cardToken || body.useSavedCard) && !(await gateway.ready(company.id))) throw new AppError(403, 'PAYMENTS_OFF', PAYMENTS_NOT_SET_UP);
  let chargeToken: string | null = null;
  let card: string | undefined;
  if (byDebit) {
    // Nothing is charged to a card.
  } else if (body.cardToken) {
    // A token is the client's who made it: another client's or another company's is refused before anything is written or charged.
    const info = gateway ? (options.attachedCard?.token === body.cardToken ? options.attachedCard : await checkedCard(() => gateway.lookupCard(company.id, clientId, body.cardToken!))) : undefined;
    if (info === null) throw new AppError(422, 'CARD_TOKEN_INVALID', 'Your card details have expired. Please enter your card again.');
    if (info) card = `${info.brand} •••• ${info.last4}`;
    chargeToken = body.cardToken;
  } else if (body.useSavedCard) {
    chargeToken = await findSavedCardToken(ctx, company.id, clientId);
    if (!chargeToken) throw new AppError(422, 'NO_SAVED_CARD', 'There is no saved card. Please enter your card details.');
  }

  const now = ctx.clock.now();
  const payment = await ctx
    .transaction(async (tx): Promise<PaymentRow | null> => {
      await repo.lockClient(tx.db, ctx.engine, company.id, clientId);
      // Under the client's lock: another submission of the same key came first (answered below), or
      // another tab is paying for an invoice or a place of this cart.
      const { keyed, live } = await repo.findLivePayments(tx.db, company.id, clientId, nowIso(now), idempotencyKey);
      if (keyed) return null;
      for (const other of live) {
        const otherBody = (JSON.parse(other.request) as StoredRequest).body;
        const shared = otherBody.invoices.filter((no) => body.invoices.includes(no));
        if (shared.length) throw conflict(`Invoice ${shared[0]} is already being paid`, 'PAYMENT_IN_PROGRESS');
        // Nor a place another tab is paying for: its hold is that payment's, not this cart's to take over.
        if (otherBody.classItems.some((o) => body.classItems.some((c) => c.ClassID === o.ClassID && c.StudentID === o.StudentID))) {
          throw conflict('A class in your cart is already being paid for. Please wait a moment and try again.', 'PAYMENT_IN_PROGRESS');
        }
      }

      // The classes are locked first and each item checked once under its lock: the quote prices it
      // and the reservation below writes it (issue 22).
      const classItems = classItemsOf(body);
      const checked = classItems.length > 0 ? await lockAndCheckClassItems(tx, company, clientId, classItems, now) : [];
      const quote = price(await loadPricingInput(tx, company, clientId, body, checked));
      if (quote.totals.totalCents === 0 && quote.rows.length === 0) throw new AppError(422, 'EMPTY_CART', 'Your cart is empty');
      // In instalments (decision 105): the deposit is charged now, the schedule kept with the payment.
      const instalments = body.instalments ? instalmentOfferOf(company, body, quote, companyToday(company, now), checked)?.schedule : null;
      if (body.instalments && !instalments) throw new AppError(422, 'INSTALMENTS_UNAVAILABLE', 'This cannot be paid in instalments. Please pay the whole amount.');
      const amount = instalments ? instalments[0]!.amountCents : quote.totals.paymentAmountCents;
      if (amount > 0 && !byDebit) {
        if (!gateway) throw new AppError(403, 'PAYMENTS_OFF', 'Online payment is not available');
        if (!chargeToken) throw new AppError(422, 'CARD_REQUIRED', 'Please enter your card details');
      }
      const holds: Holds = { bookingHoldToken: null, enrolmentIds: [], expiresAt: null, fromCart: { enrolmentIds: [], bookingIds: [] } };
      const lapses: string[] = [];
      if (body.classItems.length > 0) {
        // Each class was locked before it was checked, so two checkouts for the last place cannot both hold it.
        const holdUntil = addMinutes(now, company.settings.fin_setup.CheckoutHoldMinutes);
        const made = await createEnrolments(tx, company, clientId, classItems, { holdUntil, at: now, checked });
        holds.enrolmentIds = made.ids;
        holds.fromCart!.enrolmentIds = made.adopted;
        lapses.push(nowIso(holdUntil));
      }
      if (body.bookingItems.length > 0) {
        // Refused with 409 BOOKING_TAKEN when another checkout holds a court first: everything above rolls back.
        const held = await holdBookings(tx, company, clientId, body.bookingItems, { now });
        holds.bookingHoldToken = held.holdToken;
        holds.fromCart!.bookingIds = held.adopted;
        lapses.push(held.holdExpiresAt);
      }
      holds.expiresAt = lapses.sort()[0] ?? null;
      const stamp = nowIso(now);
      // Written last, whole: what it holds and charges (the client's lock keeps its key free meanwhile).
      const row = await repo.insertPaymentOnce(tx.db, {
        company_id: company.id,
        client_id: clientId,
        idempotency_key: idempotencyKey,
        request_hash: hash,
        status: 'processing',
        amount_cents: amount,
        processor: byDebit ? DIRECT_DEBIT : amount === 0 ? 'credit' : (gateway?.name ?? 'none'),
        reference: null,
        request: JSON.stringify({
          body,
          chargeToken,
          ...(card ? { card } : {}),
          guardianId: ctx.guardian?.id ?? null,
          ...(ctx.guardian ? { payerName: `${ctx.guardian.firstName} ${ctx.guardian.lastName}` } : {}),
          ...(mandateToFollow ? { mandateToFollow } : {}),
        } satisfies StoredRequest),
        quote: JSON.stringify({ quote, holds, instalments: instalments ?? null } satisfies StoredQuote),
        result: null,
        lease_until: nowIso(addMinutes(now, LEASE_SECONDS / 60)),
        created_at: stamp,
        updated_at: stamp,
      });
      // Only where the client's lock did not keep the key free: everything above rolls back, and the other's answer is given.
      if (!row) throw KEY_TAKEN;
      for (const use of quote.creditsUsed) {
        if (use.usedCents > 0 && !(await repo.useCredit(tx.db, company.id, Number(use.creditId), row.id, use.usedCents, stamp))) {
          throw conflict('A selected credit has already been used. Please review your payment.', 'CREDIT_USED');
        }
      }
      const applied = quote.discountCodes.filter((d) => d.status === 'applied');
      const codeRows = await repo.findActiveDiscountCodes(
        tx.db,
        ctx.engine,
        company.id,
        applied.map((d) => normaliseDiscountCode(d.discountCode)),
      );
      await repo.insertDiscountCodeUses(
        tx.db,
        applied.map((d) => ({
          company_id: company.id,
          client_id: clientId,
          discount_code_id: codeRows.find((c) => normaliseDiscountCode(c.code) === normaliseDiscountCode(d.discountCode))!.id,
          payment_id: row.id,
          invoice_no: d.invoiceNo,
          discount_cents: d.status === 'applied' ? d.discountCents : 0,
          created_at: stamp,
        })),
      );
      return row;
    })
    .catch((err: unknown) => {
      if (err === KEY_TAKEN) return null;
      throw err;
    });
  // Another submission of the same key won the insert: answer what it answers.
  if (!payment) return resume(ctx, company, (await repo.findPaymentByKey(ctx.db, company.id, clientId, idempotencyKey))!, hash, options.onReplay);
  return charge(ctx, company, payment);
}

/** Thrown inside the checkout's transaction when another submission of its key was written first. */
const KEY_TAKEN = new Error('idempotency key taken');

/** A payment found under the key: replay its result, wait for it, or take it over when its process died. */
async function resume(ctx: Ctx, company: Company, row: PaymentRow, hash: string, onReplay?: () => void): Promise<PaymentAnswer> {
  if (row.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This payment was already submitted with different details. Please start the payment again.');
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let current: PaymentRow = row;
  for (;;) {
    if (current.status === 'completed' || current.status === 'failed') {
      onReplay?.();
      return replay(current);
    }
    if (current.status === 'requires_action') return charge(ctx, company, current);
    const now = nowIso();
    if (current.lease_until <= now) {
      const taken = await repo.movePayment(ctx.db, company.id, current.id, ['processing'], { lease_until: nowIso(addMinutes(ctx.clock.now(), LEASE_SECONDS / 60)) }, current.lease_until);
      if (taken) return charge(ctx, company, (await repo.findPaymentById(ctx.db, company.id, current.id))!);
    } else if (Date.now() > deadline) {
      throw conflict('This payment is still being processed. Please wait a moment and try again.', 'PAYMENT_IN_PROGRESS');
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    current = (await repo.findPaymentById(ctx.db, company.id, current.id))!;
  }
}

/** Charges a prepared payment (or reads the charge already made under its key) and finishes it. */
async function charge(ctx: Ctx, company: Company, payment: PaymentRow): Promise<PaymentAnswer> {
  const stored = JSON.parse(payment.request) as StoredRequest;
  if (payment.amount_cents === 0 || payment.processor === DIRECT_DEBIT) return complete(ctx, company, payment, null);
  // The processor the payment was begun with, whatever the company has chosen since.
  const gateway = gatewayNamed(ctx, payment.processor);
  if (!gateway) return fail(ctx, company, payment, 403, 'PAYMENTS_OFF', 'Online payment is not available');

  let result: ChargeResult;
  try {
    result =
      payment.status === 'requires_action'
        ? ((await gateway.retrieve(company.id, gatewayKey(payment))) ?? (await chargeCard(gateway, company, payment, stored)))
        : await chargeCard(gateway, company, payment, stored);
    // The time to pay ran out during the card check: it is called off at the gateway, so a later approval charges nothing.
    if (result.status === 'requires_action' && holdLapsed(payment, ctx.clock.now())) result = (await gateway.cancel(company.id, gatewayKey(payment))) ?? result;
  } catch (err) {
    if (err instanceof GatewayNetworkError) {
      // The charge may have been made: the row stays in flight, free for a retry with the same key at once.
      await repo.movePayment(ctx.db, company.id, payment.id, ['processing'], { lease_until: nowIso(), updated_at: nowIso() });
      throw new AppError(502, 'PAYMENT_UNCONFIRMED', 'We could not confirm your payment. Please try again: you will not be charged twice.');
    }
    if (err instanceof GatewayIdempotencyError) return fail(ctx, company, payment, 422, 'IDEMPOTENCY_MISMATCH', 'This payment could not be matched. Please start the payment again.');
    throw err;
  }
  await ctx.faults?.afterCharge?.();

  if (result.status === 'succeeded') return complete(ctx, company, payment, result.chargeId);
  // Called off above (or by the minute job): the places were let go because the time to pay ran out, and nothing was charged.
  if (result.status === 'declined' && result.declineCode === 'payment_abandoned' && holdLapsed(payment, ctx.clock.now()))
    return fail(ctx, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message);
  if (result.status === 'declined') return fail(ctx, company, payment, 402, result.declineCode, result.message);

  // A challenge step: the places stay held while the card holder answers it, and no longer.
  const expiresAt = holdExpiryOf(payment);
  if (holdLapsed(payment, ctx.clock.now())) return fail(ctx, company, payment, 409, HOLD_EXPIRED.code, HOLD_EXPIRED.message);
  const leaseUntil = expiresAt ?? nowIso(addMinutes(ctx.clock.now(), company.settings.fin_setup.CheckoutHoldMinutes));
  await repo.movePayment(ctx.db, company.id, payment.id, ['processing', 'requires_action'], { status: 'requires_action', reference: result.chargeId, lease_until: leaseUntil, updated_at: nowIso() });
  return {
    PaymentID: payment.id,
    status: 'requires_action',
    amountCents: payment.amount_cents,
    currencySymbol: company.settings.localization.CurrencySymbol,
    processor: gateway.name,
    reference: result.chargeId,
    invoiceNos: [],
    receiptNo: null,
    card: null,
    items: [],
    challenge: { id: result.challengeId, amountCents: payment.amount_cents },
    holdExpiresAt: expiresAt,
  };
}

/** What a payment whose challenge step outlived its holds answers (the minute job lets the holds go). */
