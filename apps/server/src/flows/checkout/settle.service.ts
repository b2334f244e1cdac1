import { NOT_CHARGED, type ErrorCode } from '@portal/shared/error-codes';
import { HOLD_EXPIRED_MESSAGE, NEW_INVOICE_NO, type PaymentAnswer } from '@portal/shared/payment-schemas';
import { formatCents } from '@portal/shared/pricing/money';
import { invoicesNamed } from '@portal/shared/labels';
import type { Quote } from '@portal/shared/pricing/quote-schema';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { publicOrigin } from '../../config/env.ts';
import { enqueueMail, renderMail } from '../../modules/messaging/messaging.api.ts';
import { findGuardianAddress, findMailableClient, notifyClient } from '../../modules/messaging/messaging.api.ts';
import type { ActivityKind } from '@portal/shared/activity-schemas';
import { recordActivity } from '../../modules/activity/activity.api.ts';
import { gatewayNamed, type PaymentGateway } from '../../modules/payments/payments.api.ts';
import { saveCard } from '../../modules/payments/payments.api.ts';
import { confirmHeldBookings, releaseHeldBookings, returnHoldsToCart } from '../../modules/bookings/bookings.api.ts';
import { addInvoiceLines, createInvoice, createReceipt, numberReceipt, unnumberedReceipt } from '../../modules/financials/financials.api.ts';
import { confirmEnrolments, releaseEnrolments } from '../../modules/classes/classes.api.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import type { PaymentRow } from '../../modules/payments/payments.api.ts';
import { createInstalmentPlan, depositLines, planSentence } from './instalments.service.ts';
import { companyToday, DIRECT_DEBIT, gatewayKey, LEASE_SECONDS, replay, type StoredQuote, type StoredRequest, type StoredResult } from './payment-steps.ts';
import { classLineId } from './quote.service.ts';

// Settling a charge: the order, invoice and receipt in one transaction, or everything given back.
export const HOLD_EXPIRED = { code: 'HOLD_EXPIRED' as const, message: HOLD_EXPIRED_MESSAGE };

export function holdExpiryOf(payment: PaymentRow): string | null {
  return (JSON.parse(payment.quote) as Partial<StoredQuote>).holds?.expiresAt ?? null;
}

/** Whether the time to pay of a payment's holds has run out (the places and courts are then let go). */
export function holdLapsed(payment: PaymentRow, now: Date): boolean {
  const expiresAt = holdExpiryOf(payment);
  return expiresAt !== null && expiresAt <= nowIso(now);
}

export function chargeCard(gateway: PaymentGateway, company: Company, payment: PaymentRow, stored: StoredRequest) {
  if (!stored.chargeToken) throw new AppError(422, 'CARD_REQUIRED', 'Please enter your card details');
  return gateway.charge({
    companyId: company.id,
    idempotencyKey: gatewayKey(payment),
    clientId: payment.client_id,
    token: stored.chargeToken,
    amountCents: payment.amount_cents,
    currency: company.settings.fin_setup.Currency,
    description: `${company.settings.CompanyDisplayName} payment ${payment.id}`,
    // Kept for later too where instalments will be charged to it without the family (decision 105).
    saveForLater: (stored.body.saveCard === true || stored.body.instalments === true) && stored.body.cardToken !== undefined,
  });
}

/**
 * Gives a charge back, once: it is claimed first (charge_refunds), so of the calls that find it
 * at once (a checkout whose holds were sold, every process's minute job) one asks the gateway.
 * False when another holds the claim or the refund was made.
 */
export async function refundOnce(ctx: Ctx, company: Company, gateway: PaymentGateway, chargeId: string, now = ctx.clock.now()): Promise<boolean> {
  if (!(await repo.claimChargeRefund(ctx.db, company.id, chargeId, nowIso(now), nowIso(addMinutes(now, LEASE_SECONDS / 60))))) return false;
  await gateway.refund(company.id, chargeId);
  await repo.markChargeRefunded(ctx.db, company.id, chargeId, nowIso(now));
  return true;
}

/**
 * A failed charge: gives back credits and codes, writes nothing else, and answers the decline every
 * time. A decline (402) says that no money moved, the family's first worry, however it was settled
 * (the request itself, the processor's webhook, the minute job).
 */
export async function fail(ctx: Ctx, company: Company, payment: PaymentRow, status: number, code: ErrorCode, message: string): Promise<never> {
  await markFailed(ctx, company, payment, { ok: false, status, code, message: status === 402 ? uncharged(message) : message });
  const row = (await repo.findPaymentById(ctx.db, company.id, payment.id))!;
  return replay(row) as never;
}

/** Fails the payment and gives back what it held; false when another call finished it first. */
async function markFailed(ctx: Ctx, company: Company, payment: PaymentRow, result: StoredResult & { ok: false }): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const moved = await repo.movePayment(tx.db, company.id, payment.id, ['processing', 'requires_action'], { status: 'failed', result: JSON.stringify(result), updated_at: nowIso() });
    if (!moved) return false;
    await repo.restoreCredits(tx.db, company.id, payment.id);
    await repo.deleteDiscountCodeUses(tx.db, company.id, payment.id);
    const { holds } = JSON.parse(payment.quote) as Partial<StoredQuote>;
    // What the cart held before stays the cart's until its own time lapses; the rest is given back now.
    const cart = holds?.fromCart ?? { enrolmentIds: [], bookingIds: [] };
    if (cart.bookingIds.length) await returnHoldsToCart(tx, company.id, payment.client_id, cart.bookingIds);
    if (holds?.bookingHoldToken) await releaseHeldBookings(tx, company.id, holds.bookingHoldToken);
    const made = holds?.enrolmentIds.filter((id) => !cart.enrolmentIds.includes(id)) ?? [];
    if (made.length) await releaseEnrolments(tx, company, made);
    return true;
  });
}

/**
 * The order, in one transaction with the payment's completion: the new invoice with the quote's
 * rows, the held bookings confirmed on it, each existing invoice's discounts and surcharge added
 * to it as lines, one receipt for what the card was charged and one for the credits used, each
 * allocated per invoice as the quote splits them, the notification. A hold that lapsed
 * and was taken meanwhile (409) rolls all of it back; the charge is then refunded.
 */
export async function complete(ctx: Ctx, company: Company, payment: PaymentRow, chargeId: string | null): Promise<PaymentAnswer> {
  const { quote, holds, instalments } = JSON.parse(payment.quote) as StoredQuote;
  const { mandateToFollow, payerName } = JSON.parse(payment.request) as StoredRequest;
  const byDebit = payment.processor === DIRECT_DEBIT;
  const symbol = company.settings.localization.CurrencySymbol;
  const at = ctx.clock.now();
  const now = nowIso(at);
  const today = companyToday(company, at);
  let answer: PaymentAnswer | null = null;
  const mailIds: number[] = [];
  const card = byDebit || !chargeId ? null : await cardChargedOf(ctx, company, payment);
  try {
    answer = await ctx.transaction(async (tx) => {
      // What each invoice is paid by card and by credit (the quote's per-invoice split), written as two receipts.
      const cardAllocations: { invoiceNo: string; amountCents: number; invoiceId?: number }[] = [];
      const creditAllocations: { invoiceNo: string; amountCents: number; invoiceId?: number }[] = [];
      // What direct debit collects stays owed on the invoice until the debit is taken.
      const byCard = (quoted: Quote['invoices'][number] | undefined) => (quoted && quoted.paymentAmountCents > 0 && !byDebit ? quoted.paymentAmountCents : 0);
      const byCredit = (quoted: Quote['invoices'][number] | undefined) => (quoted && quoted.creditCents > 0 ? quoted.creditCents : 0);
      /** `invoiceId`: the new invoice, written less what the receipts pay of it. */
      const allocate = (invoiceNo: string, quoted: Quote['invoices'][number] | undefined, invoiceId?: number) => {
        const ids = invoiceId === undefined ? {} : { invoiceId };
        if (byCard(quoted) > 0) cardAllocations.push({ invoiceNo, amountCents: byCard(quoted), ...ids });
        if (byCredit(quoted) > 0) creditAllocations.push({ invoiceNo, amountCents: byCredit(quoted), ...ids });
      };
      const invoiceNos: string[] = [];
      const newRows = quote.rows.filter((r) => r.invoiceNo === NEW_INVOICE_NO);
      if (newRows.length > 0) {
        const quoted = quote.invoices.find((i) => i.invoiceNo === NEW_INVOICE_NO);
        const share = quoted && instalments ? { ...quoted, paymentAmountCents: payment.amount_cents } : quoted;
        const made = await createInvoice(tx, {
          company,
          clientId: payment.client_id,
          invoiceDate: today,
          dueDate: today,
          // In instalments, this invoice is the deposit: what was bought, less what the later instalments pay.
          lines: instalments ? depositLines(company, newRows, instalments) : newRows,
          ...(byDebit && payment.amount_cents > 0 ? { status: 'Debit Scheduled' as const } : {}),
          paidCents: byCard(share) + byCredit(share),
        });
        invoiceNos.push(made.invoiceNo);
        allocate(made.invoiceNo, share, made.invoiceId);
        // Each place with what it cost (decision 120): its class line net of the line's discounts; the held places follow the items' order.
        const paidFor = (index: number) => quote.rows.filter((r) => r.lineId === classLineId(index)).reduce((sum, r) => sum + r.amountCents, 0);
        const places = holds.enrolmentIds.map((id, index) => ({ id, paidCents: paidFor(index) }));
        if (places.length > 0 && !(await confirmEnrolments(tx, company.id, places))) {
          throw new AppError(409, 'CLASS_FULL', 'The place you were holding is no longer free.');
        }
        if (holds.bookingHoldToken) await confirmHeldBookings(tx, company, payment.client_id, holds.bookingHoldToken, made.invoiceId);
        if (instalments) {
          const { chargeToken } = JSON.parse(payment.request) as StoredRequest;
          await createInstalmentPlan(tx, company, {
            clientId: payment.client_id,
            paymentId: payment.id,
            byDebit,
            cardToken: chargeToken,
            enrolmentIds: holds.enrolmentIds,
            depositInvoice: made,
            schedule: instalments,
            rows: newRows,
            today,
          });
        }
        // The codes the new invoice used were taken under its stand-in number.
        if (quote.discountCodes.some((d) => d.status === 'applied' && d.invoiceNo === NEW_INVOICE_NO)) {
          await repo.renameDiscountCodeInvoice(tx.db, company.id, payment.id, NEW_INVOICE_NO, made.invoiceNo);
        }
      }
      for (const invoice of quote.invoices) {
        if (invoice.invoiceNo === NEW_INVOICE_NO) continue;
        // An existing invoice is settled in full: its discounts and the card surcharge become lines of it
        // (its total and balance move by them), then the card and the credits pay what it then owes.
        const adjustments = quote.rows.filter((r) => r.invoiceNo === invoice.invoiceNo && !(r.breakdownKey === 'OnlineInvoicePayment' && r.type === 'Custom' && r.amountCents > 0));
        await addInvoiceLines(tx, { companyId: company.id, clientId: payment.client_id, invoiceNo: invoice.invoiceNo, lines: adjustments });
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
          ? await createReceipt(tx, {
              company,
              clientId: payment.client_id,
              date: today,
              method: 'Credit Card',
              // What the family reads on the receipt; the charge id stays on the payment.
              reference: card ?? chargeId ?? '',
              amountCents: cardCents,
              allocations: cardAllocations,
              receiptNo: unnumberedReceipt(),
            })
          : null;
      const creditReceipt =
        creditAllocations.length > 0
          ? await createReceipt(tx, {
              company,
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
      const mailTo = cardReceipt || creditReceipt ? await receiptRecipients(tx, company, payment) : [];
      const cardReceiptNo = cardReceipt ? await numberReceipt(tx, company, cardReceipt.receiptId) : null;
      const creditReceiptNo = creditReceipt ? await numberReceipt(tx, company, creditReceipt.receiptId) : null;
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
        card,
        items: paidItems(quote),
        challenge: null,
        holdExpiresAt: null,
        instalmentsNote: instalments ? planSentence(company, instalments, byDebit).trim() : null,
      };
      const moved = await repo.movePayment(tx.db, company.id, payment.id, ['processing', 'requires_action'], {
        status: 'completed',
        reference: chargeId,
        result: JSON.stringify({ ok: true, answer: result } satisfies StoredResult),
        updated_at: now,
      });
      // Another process finished it first: write nothing of ours.
      if (!moved) throw new AlreadyFinished();
      await notifyClient(tx.db, {
        companyId: company.id,
        clientId: payment.client_id,
        category: 'invoices',
        title: byDebit ? 'Direct debit scheduled' : 'Payment received',
        content: byDebit
          ? `Thank you: ${formatCents(payment.amount_cents, symbol)} for ${invoicesNamed(invoiceNos)} will be collected by direct debit ${mandateToFollow ? 'once you have set up your Direct Debit in Billing' : 'from your bank account on file'}.${instalments ? planSentence(company, instalments, true) : ''}`
          : `${payerName ? `${payerName} paid` : 'Thank you: we received your payment of'} ${formatCents(payment.amount_cents, symbol)}${invoiceNos.length ? ` for ${invoicesNamed(invoiceNos)}` : ''}.${receipt ? ` Receipt ${receipt.receiptNo}.` : ''}${instalments ? planSentence(company, instalments, false, payerName) : ''}`,
        tagData: { kind: 'payment', receipt_no: receipt?.receiptNo ?? null, invoice_nos: invoiceNos },
        createdAt: now,
      });
      // The family's log (decision 098): what was bought, then the payment, in one statement.
      const bought = newRows.flatMap((row): { kind: ActivityKind; summary: string }[] =>
        row.type === 'Class' ? [{ kind: 'enrolment', summary: `Enrolled: ${row.description}` }] : row.breakdownKey === 'Booking' ? [{ kind: 'booking', summary: `Booked: ${row.description}` }] : [],
      );
      const paid = byDebit
        ? `Direct debit of ${formatCents(payment.amount_cents, symbol)} scheduled for ${invoicesNamed(invoiceNos)}`
        : `Paid ${formatCents(payment.amount_cents, symbol)}${invoiceNos.length ? ` for ${invoicesNamed(invoiceNos)}` : ''}${receipt ? ` (receipt ${receipt.receiptNo})` : ''}`;
      await recordActivity(
        tx,
        [...bought, { kind: 'payment' as const, summary: paid }].map((e) => ({ ...e, companyId: company.id, clientId: payment.client_id })),
      );
      // The receipt e-mail is written with the order: it exists exactly when the order does.
      // The family of a guardian who paid is told it was them, their card that the instalments go on.
      const toFamily = payerName ? { paidBy: payerName, instalmentsNote: instalments ? planSentence(company, instalments, byDebit, payerName).trim() : null } : null;
      if (result.receiptNo) for (const to of mailTo) mailIds.push(await queueReceipt(tx, company, to, to.payer || !toFamily ? result : { ...result, ...toFamily }));
      return result;
    });
  } catch (err) {
    if (err instanceof AlreadyFinished) return replay((await repo.findPaymentById(ctx.db, company.id, payment.id))!);
    if (err instanceof AppError && err.statusCode === 409) {
      // What was held was sold meanwhile (a lapsed hold): the payment fails, then the money goes
      // back, and the answer says so. Failed first: a payment another process finished meanwhile
      // (it took over after this one's lease ran out) keeps its order and its charge, and is
      // answered as it stands; a process that dies between the two leaves the charge to the
      // minute job's refunds.
      // Held no longer because the time to pay ran out (a card check approved after it): the family is told so, not that the place was taken.
      const refusal = holdLapsed(payment, ctx.clock.now()) ? HOLD_EXPIRED : { code: err.code, message: err.message };
      if (await markFailed(ctx, company, payment, { ok: false, status: 409, code: refusal.code, message: `${refusal.message} Your payment has been refunded.` })) {
        const gateway = gatewayNamed(ctx, payment.processor);
        if (chargeId && gateway) await refundOnce(ctx, company, gateway, chargeId);
      }
      return replay((await repo.findPaymentById(ctx.db, company.id, payment.id))!);
    }
    throw err;
  }
  await ctx.faults?.afterOrder?.();
  // Delivered after the answer; a process that dies first leaves the row to the minute job.
  if (mailIds.length > 0) ctx.mailer.deliver(mailIds);
  // Keeping the card is best effort: the order stands either way.
  const { body } = JSON.parse(payment.request) as StoredRequest;
  // Set up for later payments by the charge itself (saveForLater): no second bank step.
  if (body.saveCard && body.cardToken) await saveCard(ctx, company, payment.client_id, body.cardToken, 'add', { setUpByPayment: true }).catch(() => undefined);
  return answer;
}

class AlreadyFinished extends Error {}

/** The card a payment charged, as "Visa •••• 4242" (as its token's check named it); null when the gateway no longer knows it. */
async function cardChargedOf(ctx: Ctx, company: Company, payment: PaymentRow): Promise<string | null> {
  const { chargeToken, card } = JSON.parse(payment.request) as StoredRequest;
  if (card) return card;
  const gateway = gatewayNamed(ctx, payment.processor);
  if (!chargeToken || !gateway) return null;
  const info = await gateway.lookupCard(company.id, payment.client_id, chargeToken).catch(() => null);
  return info ? `${info.brand} •••• ${info.last4}` : null;
}

/**
 * Who the receipt e-mail goes to: the family's address unless it has none or opted out, and the
 * guardian who paid at their own (decision 101) unless they switched invoice e-mail off.
 */
async function receiptRecipients(ctx: Ctx, company: Company, payment: PaymentRow): Promise<{ email: string; first_name: string; payer?: true }[]> {
  const to: { email: string; first_name: string; payer?: true }[] = [];
  const family = await findMailableClient(ctx, company.id, payment.client_id, 'invoices');
  if (family) to.push(family);
  const { guardianId } = JSON.parse(payment.request) as StoredRequest;
  if (guardianId) {
    const payer = await findGuardianAddress(ctx, { companyId: company.id, clientId: payment.client_id, guardianId, category: 'invoices' });
    if (payer && !to.some((t) => t.email === payer.email)) to.push({ ...payer, payer: true });
  }
  return to;
}

/**
 * What was paid, in the checkout's order: the rows at their amounts as entered, a tax added on top
 * as its own line, then the card surcharge and the credit that paid part of them, so the list adds
 * up to what was paid. The success page and the receipt e-mail list the same lines.
 */
function paidItems(quote: Quote): PaymentAnswer['items'] {
  const { totals } = quote;
  const item = (r: Quote['rows'][number]) => ({ description: r.description, amountCents: totals.taxInclusive ? r.totalCents : r.amountCents });
  const surcharge = (r: Quote['rows'][number]) => r.type === 'Credit Card Surcharge';
  return [
    ...quote.rows.filter((r) => !surcharge(r)).map(item),
    ...(!totals.taxInclusive && totals.totalTaxCents > 0 ? [{ description: totals.taxName, amountCents: totals.totalTaxCents }] : []),
    ...quote.rows.filter(surcharge).map(item),
    ...(totals.customerCreditsCents > 0 ? [{ description: 'Credit used', amountCents: -totals.customerCreditsCents }] : []),
  ];
}

/** Writes the receipt e-mail to the outbox in the order's transaction; `paidBy`, to a family whose guardian paid, names them. */
async function queueReceipt(ctx: Ctx, company: Company, contact: { email: string; first_name: string }, answer: PaymentAnswer & { paidBy?: string }): Promise<number> {
  const { paidBy } = answer;
  const symbol = company.settings.localization.CurrencySymbol;
  const name = company.settings.CompanyDisplayName;
  const lines = answer.items.map((i) => `${i.description}: ${formatCents(i.amountCents, symbol)}`);
  const { text, html } = renderMail(
    company.settings,
    [
      `Hello ${contact.first_name},`,
      `${paidBy ? `${paidBy} paid` : 'Thank you for your payment of'} ${formatCents(answer.amountCents, symbol)}${answer.card ? ` by ${answer.card}` : ''}${paidBy ? ' on your account' : ''}. ${company.settings.fin_setup.ReceiptTitle} ${answer.receiptNo}.`,
      ...lines,
      ...(answer.instalmentsNote ? [answer.instalmentsNote] : []),
    ],
    { label: 'View your invoices and receipts', url: `${publicOrigin(ctx.env)}/hub/financials/invoices-and-receipts` },
  );
  return enqueueMail(ctx, { companyId: company.id, to: contact.email, subject: `${company.settings.fin_setup.ReceiptTitle} ${answer.receiptNo} from ${name}`, text, html });
}

/** A decline's words, saying once that nothing was charged. */
export function uncharged(message: string): string {
  return message.endsWith(NOT_CHARGED) ? message : `${message} ${NOT_CHARGED}`;
}

/** A card its bank refuses as it is checked (attached before the charge) is declined as a charge is: nothing moved. */
export async function checkedCard<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 402) throw new AppError(402, err.code, uncharged(err.message), err.errors);
    throw err;
  }
}
