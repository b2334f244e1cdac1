import type { z } from 'zod';
import { guestBookingMessages as m, type GuestBooking, type GuestBookingAnswer, type guestBookingRequestSchema, type GuestBookingOptions } from '@portal/shared/guest-booking-schemas';
import { bookingMessages, type BookingRequest } from '@portal/shared/bookings-schemas';
import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import { formatCents } from '@portal/shared/pricing/money';
import { clockTime, formatDate, hoursText } from '@portal/shared/date-time-text';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolationOf } from '../../lib/db-errors.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { publicOrigin } from '../../config/env.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  assertCourtsFree,
  bookedInsideCutoff,
  bookingOptions,
  cancelBooking,
  findAvailability,
  findBookingOnInvoice,
  findClientBooking,
  resolveBookingRequest,
} from '../../modules/bookings/bookings.api.ts';
import { solutionHash, solutionOf, verifyRepeat, verifySolution, type Solved } from '../../modules/captcha/captcha.api.ts';
import { openGuestAccount } from '../../modules/accounts/accounts.api.ts';
import { decideChallenge, findChallenge, gatewayFor, gatewayNamed, tokeniseCard } from '../../modules/payments/payments.api.ts';
import { renderMail } from '../../modules/messaging/messaging.api.ts';
import { checkout, findPaymentOutcome } from '../checkout/checkout.service.ts';
import { checkedCard } from '../checkout/settle.service.ts';
import { quoteNewFamily } from '../checkout/quote.service.ts';
import * as repo from '../../modules/bookings/bookings.api.ts';

type BookingBody = z.output<typeof guestBookingRequestSchema>;

/**
 * The public booking page (decision 050) is open where the company takes court bookings online
 * and card payments: a guest has no account to collect anything else from.
 */
function assertGuestBookingOpen(ctx: Ctx, company: Company) {
  const open = company.settings.switches.ShowBookingsTab && gatewayFor(ctx, company) !== null && company.settings.ob_venues.some((v) => v.Courts.length > 0);
  if (!open) throw new AppError(403, 'FEATURE_DISABLED', m.bookingsClosed);
}

export function guestOptions(ctx: Ctx, company: Company): GuestBookingOptions {
  assertGuestBookingOpen(ctx, company);
  return { ...bookingOptions(company, ctx.clock.now()), cardPaymentsAvailable: true };
}

export function guestAvailability(ctx: Ctx, company: Company, input: { venueId: number; bookingTypeId: number; date: string }) {
  assertGuestBookingOpen(ctx, company);
  return findAvailability(ctx, company, input);
}

/**
 * The court priced as the checkout will price it (no code or credit applies to a guest). A court
 * another family holds, or that is booked, is refused first (decision 127), by court, venue, date
 * and time, as the hub's quote refuses it. The guests' own card checks do not refuse it: the quote
 * cannot tell one guest from another, and a guest back from theirs books it (decision 084).
 */
export async function quoteGuestBooking(ctx: Ctx, company: Company, booking: BookingRequest): Promise<QuoteAnswer> {
  assertGuestBookingOpen(ctx, company);
  try {
    await assertCourtsFree(ctx, company, await repo.findGuestClient(ctx.db, company.id), [booking], { familyBookings: false });
  } catch (err) {
    // The guest's request holds one court, as `booking`.
    if (err instanceof AppError && err.code === 'BOOKING_TAKEN') throw new AppError(409, 'BOOKING_TAKEN', err.message, [{ field: 'booking', message: err.message }]);
    throw err;
  }
  return quoteNewFamily(ctx, company, { bookingItems: [booking] }, 'card');
}

/** The simulated gateway's tokenisation for a guest: the token is no one's until a booking is paid with it. */
export async function tokeniseGuestCard(ctx: Ctx, company: Company, card: { number: string; exp_month: number; exp_year: number; cvc: string }) {
  assertGuestBookingOpen(ctx, company);
  return tokeniseCard(ctx, company, null, card);
}

/**
 * The challenge step of a guest's charge. Guests share the company's guest client, so the
 * challenge's own id (random, and known only to the browser that paid) is what names the card holder.
 */
export async function guestChallenge(ctx: Ctx, company: Company, id: string, approve?: boolean) {
  assertGuestBookingOpen(ctx, company);
  const clientId = await repo.findGuestClient(ctx.db, company.id);
  if (clientId === undefined) throw notFound();
  return approve === undefined ? findChallenge(ctx, company, clientId, id) : decideChallenge(ctx, company, clientId, id, approve);
}

/** The client the company's guest bookings are made under, opened with the first one. */
async function guestClientOf(ctx: Ctx, company: Company): Promise<number> {
  const found = await repo.findGuestClient(ctx.db, company.id);
  if (found !== undefined) return found;
  try {
    return await ctx.transaction(async (tx) => {
      const clientId = await openGuestAccount(tx, company.id);
      await repo.insertGuestClient(tx.db, company.id, clientId);
      return clientId;
    });
  } catch (err) {
    // Another first guest opened it at the same moment (its sign-in's address is the same): theirs counts.
    if (!isUniqueViolationOf(err, 'logins')) throw err;
    const theirs = await repo.findGuestClient(ctx.db, company.id);
    if (theirs === undefined) throw err;
    return theirs;
  }
}

const sameGuest = (row: repo.GuestRow, g: BookingBody['guest']) => row.first_name === g.FirstName && row.last_name === g.LastName && row.email === g.Email && row.phone === g.Phone;

/**
 * POST /api/ob/book: a solved captcha first (a retry under the same key needs none, the next
 * attempt after a declined card takes the same one), the court
 * checked, the guest's details kept under the key, then the checkout of decision 024 under the
 * same key: the court held, the card charged, the booking confirmed on its invoice. Once paid, the
 * guest is mailed the booking with its cancel link. A challenge step answers "requires_action";
 * the same request sent again finishes it.
 */
export async function bookAsGuest(ctx: Ctx, company: Company, idempotencyKey: string, body: BookingBody): Promise<GuestBookingAnswer> {
  assertGuestBookingOpen(ctx, company);
  const row = (await repo.findGuestBookingByKey(ctx.db, company.id, idempotencyKey)) ?? (await admit(ctx, company, idempotencyKey, body));
  if (!sameGuest(row, body.guest)) throw new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This booking was already submitted with different details. Please start again.');
  const clientId = await guestClientOf(ctx, company);
  const attachedCard = body.cardToken ? await checkedCard(() => gatewayFor(ctx, company)!.attachCard(company.id, body.cardToken!, clientId)) : undefined;
  if (attachedCard === null) throw new AppError(422, 'CARD_TOKEN_INVALID', 'Your card details have expired. Please enter your card again.');
  const cart = {
    classItems: [],
    bookingItems: [body.booking],
    invoices: [],
    discountCodes: [],
    creditIds: [],
    paymentMethod: 'card' as const,
    ocrProfileId: null,
    useSavedCard: false,
    saveCard: false,
    ...(body.cardToken ? { cardToken: body.cardToken } : {}),
  };
  // A refusal (a decline, the court taken meanwhile) keeps the guest's row: a retry under the key is answered the same; the minute job forgets it.
  // An earlier card check left by this guest (Back, a closed tab) gives way; another guest's does not.
  const isSamePayer = async (earlier: { idempotency_key: string }) => {
    const theirs = await repo.findGuestBookingByKey(ctx.db, company.id, earlier.idempotency_key);
    return theirs !== undefined && sameGuest(theirs, body.guest);
  };
  const payment = await checkout(ctx, company, clientId, idempotencyKey, cart, { isSamePayer, attachedCard });
  if (payment.status === 'requires_action') return { success: true, payment, booking: null, cancelUrl: null };
  const confirmed = await confirm(ctx, company, clientId, row, payment);
  return { success: true, payment, booking: confirmed.booking, cancelUrl: confirmed.cancelUrl };
}

/**
 * A request under a new key: the court checked (a refused request spends no solution), then the
 * captcha spent and the guest's details kept in one transaction. A concurrent request under the
 * same key waits for that transaction (PostgreSQL) and, finding the solution spent, is admitted by
 * the row it wrote. A solution already spent admits the guest's next attempt after a declined card.
 */
async function admit(ctx: Ctx, company: Company, idempotencyKey: string, body: BookingBody): Promise<repo.GuestRow> {
  const solution = solutionOf(body.captcha);
  if (!solution) throw new AppError(400, 'CAPTCHA_REQUIRED', m.captchaRequired, [{ field: 'captcha', message: m.captchaRequired }]);
  resolveBookingRequest(company, body.booking, ctx.clock.now());
  const g = body.guest;
  const admitted = await ctx.transaction(async (tx) => {
    if (!(await verifySolution(tx, company.id, solution)) && !(await afterDecline(tx, company, idempotencyKey, solution, g))) return false;
    await repo.insertGuestBooking(tx.db, {
      company_id: company.id,
      idempotency_key: idempotencyKey,
      first_name: g.FirstName,
      last_name: g.LastName,
      email: g.Email,
      phone: g.Phone,
      captcha_hash: solutionHash(solution),
      created_at: nowIso(),
    });
    return true;
  });
  const row = await repo.findGuestBookingByKey(ctx.db, company.id, idempotencyKey);
  if (!row) throw new AppError(400, 'CAPTCHA_FAILED', m.captchaFailed, [{ field: 'captcha', message: m.captchaFailed }]);
  if (!admitted && !sameGuest(row, g)) throw new AppError(400, 'CAPTCHA_FAILED', m.captchaFailed, [{ field: 'captcha', message: m.captchaFailed }]);
  return row;
}

/** How many attempts one solved captcha admits: the first, and two more after declined cards. */
const CAPTCHA_ATTEMPTS = 3;
/** The card's bank said no (402): not a payment left unfinished, replaced or refused by the checkout itself. */
const BANK_DECLINES: readonly string[] = ['card_declined', 'insufficient_funds', 'expired_card', 'authentication_failed'];

/**
 * Decision 082: a spent solution admits the next attempt of the guest it admitted, while it is
 * valid, when every attempt it admitted so far ended with the card declined by its bank, up
 * to CAPTCHA_ATTEMPTS in all. An attempt still open (a challenge step), paid, or refused for
 * another reason ends its captcha, and so does another guest's name on it.
 */
async function afterDecline(tx: Ctx, company: Company, idempotencyKey: string, solution: Solved, g: BookingBody['guest']): Promise<boolean> {
  // The key's own row (a twin of this request) admits it without a new attempt.
  if (await repo.findGuestBookingByKey(tx.db, company.id, idempotencyKey)) return false;
  const earlier = await repo.findGuestBookingsByCaptcha(tx.db, company.id, solutionHash(solution));
  const clientId = await repo.findGuestClient(tx.db, company.id);
  if (earlier.length === 0 || clientId === undefined || !earlier.every((row) => sameGuest(row, g))) return false;
  for (const row of earlier) {
    const outcome = await findPaymentOutcome(tx, company.id, clientId, row.idempotency_key);
    if (outcome?.status !== 'failed' || outcome.refusal?.status !== 402 || !BANK_DECLINES.includes(outcome.refusal.code)) return false;
  }
  return verifyRepeat(tx, company.id, solution, CAPTCHA_ATTEMPTS);
}

/**
 * Ties the paid booking to its guest and, once, mails them the booking with the link that cancels
 * it; the request that confirms it also answers the link (the e-mail is not its only copy).
 */
async function confirm(ctx: Ctx, company: Company, clientId: number, row: repo.GuestRow, payment: { invoiceNos: string[]; amountCents: number; receiptNo: string | null }) {
  const booking = await findBookingOnInvoice(ctx, company, clientId, payment.invoiceNos[0]!);
  if (!booking) throw new Error(`guest booking ${row.id}: no booking on invoice ${payment.invoiceNos[0]}`);
  const token = newToken();
  const cancelUrl = `${publicOrigin(ctx.env)}/ob/cancel?id=${company.customerId}&token=${token}`;
  if (!(await repo.confirmGuestBooking(ctx.db, company.id, row.id, { bookingId: booking.BookingID, tokenHash: hashToken(token), at: nowIso() }))) {
    return { booking: present(company, booking, row, payment.amountCents), cancelUrl: null };
  }
  mailConfirmation(ctx, company, row, booking, cancelUrl, token, payment.amountCents, payment.receiptNo);
  return { booking: present(company, booking, row, payment.amountCents), cancelUrl };
}

function present(company: Company, booking: NonNullable<Awaited<ReturnType<typeof findClientBooking>>>, row: repo.GuestRow, paidCents: number | null): GuestBooking {
  return {
    date: booking.date,
    time: booking.time,
    endTime: booking.endTime,
    venue: booking.venue,
    court: booking.court,
    bookingType: booking.bookingType,
    priceCents: booking.price,
    cancelBy: booking.cancelBy,
    status: booking.status,
    guestName: `${row.first_name} ${row.last_name}`,
    bookedInsideCutoff: bookedInsideCutoff(company, booking, row.created_at),
    paidCents,
  };
}

/** What the guest's payment charged, once it completed. */
const paidOf = (payment: Awaited<ReturnType<typeof findPaymentOutcome>>): number | null => (payment?.status === 'completed' ? (payment.answer?.amountCents ?? null) : null);

function mailConfirmation(
  ctx: Ctx,
  company: Company,
  row: repo.GuestRow,
  booking: NonNullable<Awaited<ReturnType<typeof findClientBooking>>>,
  link: string,
  token: string,
  amountCents: number,
  receiptNo: string | null,
) {
  const name = company.settings.CompanyDisplayName;
  const symbol = company.settings.localization.CurrencySymbol;
  const hours = company.settings.booking_setup.CancelCutoffHours;
  const dateFormat = company.settings.localization.DateFormat;
  ctx.mailer.queue({
    companyId: company.id,
    to: row.email,
    subject: m.confirmationSubject(name),
    ...renderMail(company.settings, [
      `Hi ${row.first_name},`,
      `Your booking is confirmed: ${booking.bookingType}, ${booking.venue}, ${booking.court}, on ${formatDate(booking.date, dateFormat)} from ${clockTime(booking.time)} to ${clockTime(booking.endTime)}.`,
      amountCents === 0
        ? 'Nothing was charged: this booking is free.'
        : `You paid ${formatCents(amountCents, symbol)}${receiptNo ? ` (${company.settings.fin_setup.ReceiptTitle} ${receiptNo})` : ''}.`,
      // Booked inside the cut-off (tonight's court), it was never cancellable online: the e-mail does not offer it.
      booking.cancelBy
        ? `Plans changed? Cancel online until ${hoursText(hours)} before it starts${amountCents === 0 ? '' : ', and your payment is refunded to your card'}: ${link}`
        : `It starts within ${hoursText(hours)}, so it cannot be cancelled online: please contact ${name} if your plans change. See your booking: ${link}`,
    ]),
    secrets: [token],
  });
}

/** The booking a cancel link names, for the page that shows it, cancelled or not. */
export async function findGuestBooking(ctx: Ctx, company: Company, token: string): Promise<GuestBooking> {
  const { row, clientId } = await byToken(ctx, company, token);
  const booking = await findClientBooking(ctx, company, clientId, row.booking_id!);
  if (!booking) throw notFound(m.linkInvalid);
  return present(company, booking, row, paidOf(await findPaymentOutcome(ctx, company.id, clientId, row.idempotency_key)));
}

async function byToken(ctx: Ctx, company: Company, token: string) {
  const row = await repo.findGuestBookingByToken(ctx.db, company.id, hashToken(token));
  const clientId = await repo.findGuestClient(ctx.db, company.id);
  if (!row || row.booking_id === null || clientId === undefined) throw notFound(m.linkInvalid);
  return { row, clientId };
}

/**
 * Cancels a guest's booking from the link in its e-mail, before the cut-off (the hub's rule), and
 * refunds the card it was paid with: the guest has no account to keep a credit in.
 */
export async function cancelGuestBooking(ctx: Ctx, company: Company, token: string): Promise<GuestBooking> {
  const { row, clientId } = await byToken(ctx, company, token);
  const current = await findClientBooking(ctx, company, clientId, row.booking_id!);
  if (!current || current.status === 'Cancelled') throw notFound(m.linkInvalid);
  const hours = company.settings.booking_setup.CancelCutoffHours;
  if (current.cancelBy === null) throw new AppError(409, 'CANCEL_CLOSED', bookingMessages.cancelClosed(hours));
  // The refund first (the gateway refunds a charge once): a refund that fails leaves the booking, and the link, as they were.
  const payment = await findPaymentOutcome(ctx, company.id, clientId, row.idempotency_key);
  // Refunded where it was charged, whatever the company has chosen since.
  const gateway = payment && gatewayNamed(ctx, payment.processor);
  const refunding = payment?.status === 'completed' && payment.reference && gateway;
  if (refunding) await gateway.refund(company.id, payment.reference!);
  // The amount is said only where this cancel refunded it; a free court (0) has nothing to refund.
  const paid = refunding || paidOf(payment) === 0 ? paidOf(payment) : null;
  const cancelled = await cancelBooking(ctx, company, clientId, row.booking_id!);
  const name = company.settings.CompanyDisplayName;
  const refund = m.refunded(paid, company.settings.localization.CurrencySymbol);
  ctx.mailer.queue({
    companyId: company.id,
    to: row.email,
    subject: `Booking cancelled: ${name}`,
    ...renderMail(company.settings, [
      `Hi ${row.first_name},`,
      `Your booking on ${formatDate(cancelled.date, company.settings.localization.DateFormat)} at ${clockTime(cancelled.time)} (${cancelled.venue}, ${cancelled.court}) is cancelled.${refund === null ? '' : ` ${refund}`}`,
    ]),
    secrets: [],
  });
  return present(company, cancelled, row, paid);
}

/** Beyond a checkout's holds, how long a guest booking is left unconfirmed before the minute job settles it. */
const SETTLE_GRACE_MINUTES = 5;

/**
 * The minute job's part: a guest booking whose checkout completed while nobody was there to hear
 * it (the process died) is confirmed and mailed; one whose checkout failed or never began is
 * forgotten. One still in flight is left to the payment reconciliation, which runs first.
 */
export async function settleGuestBookings(ctx: Ctx, findCompany: (id: number) => Promise<Company | null | undefined>, now = ctx.clock.now()): Promise<{ errors: unknown[] }> {
  const errors: unknown[] = [];
  for (const row of await repo.findUnconfirmedGuestBookings(ctx.db, nowIso(addMinutes(now, -SETTLE_GRACE_MINUTES)))) {
    try {
      const company = await findCompany(row.company_id);
      if (!company) continue;
      const hold = Math.max(company.settings.fin_setup.CheckoutHoldMinutes, company.settings.booking_setup.HoldMinutes);
      if (row.created_at > nowIso(addMinutes(now, -(hold + SETTLE_GRACE_MINUTES)))) continue;
      const clientId = await repo.findGuestClient(ctx.db, company.id);
      const outcome = clientId === undefined ? null : await findPaymentOutcome(ctx, company.id, clientId, row.idempotency_key);
      if (outcome?.status === 'completed' && outcome.answer && clientId !== undefined) await confirm(ctx, company, clientId, row, outcome.answer);
      else if (!outcome || outcome.status === 'failed') await repo.deleteGuestBooking(ctx.db, company.id, row.id);
    } catch (err) {
      // One booking that cannot be settled does not hold up the others; it is tried again next minute.
      errors.push(err);
    }
  }
  return { errors };
}
