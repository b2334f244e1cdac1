import { formatCents } from '@portal/shared/pricing/money';
import { formatDate } from '@portal/shared/date-time-text';
import { publicOrigin } from '../../config/env.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { addDays, companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { recordActivity } from '../../modules/activity/activity.api.ts';
import { endEnrolmentsToday } from '../../modules/classes/classes.api.ts';
import { cancelScheduledInvoice, openScheduledInvoice } from '../../modules/financials/financials.api.ts';
import { notifyClient, queueFamilyMail } from '../../modules/messaging/messaging.api.ts';
import { gatewayFor, GatewayNetworkError, instalmentRepo, type ChargeResult, type DeclineCode } from '../../modules/payments/payments.api.ts';
import { AppError } from '../../lib/app-error.ts';
import { refundOnce } from './settle.service.ts';
import { receiptForCollection } from './collected-receipt.ts';
import { upcomingLabel, upcomingNote } from './instalments.service.ts';

type Due = Awaited<ReturnType<typeof instalmentRepo.findCardInstalmentsDue>>[number];

const todayOf = (company: Company, now: Date) => localNow(companyTimeZone(company.settings.localization), now).date;
const money = (company: Company, cents: number) => formatCents(cents, company.settings.localization.CurrencySymbol);

/**
 * The hourly run (decision 105): each card instalment due today is charged to the card kept at
 * the checkout, without the family; a declined one is open for the family to pay and charged
 * again RetryDays later, Retries times, and then the plan is cancelled. Every active plan is then
 * read again from its invoices (an instalment the family paid online, or direct debit collected).
 */
export async function collectInstalments(ctx: Ctx, company: Company, now: Date): Promise<void> {
  const today = todayOf(company, now);
  for (const due of await instalmentRepo.findCardInstalmentsDue(ctx.db, company.id, today, 200)) await chargeInstalment(ctx, company, due, today, now);
  for (const planId of await instalmentRepo.findActivePlanIds(ctx.db, company.id)) await refreshPlan(ctx, company, planId, now);
}

/** Why an instalment was not taken, as the family reads it after "We could not take instalment 2 (…):". */
const WHY: Record<DeclineCode | 'requires_action' | 'unavailable' | 'error', string> = {
  card_declined: 'your card was declined',
  insufficient_funds: 'your card has insufficient funds',
  expired_card: 'your card has expired',
  authentication_failed: 'your bank asked to confirm this payment, which cannot be done without you',
  requires_action: 'your bank asked to confirm this payment, which cannot be done without you',
  invalid_token: 'the card for your instalments can no longer be charged',
  unavailable: 'the card for your instalments can no longer be charged',
  payment_abandoned: 'the payment was not completed',
  error: 'the payment could not be taken',
};

async function chargeInstalment(ctx: Ctx, company: Company, due: Due, today: string, now: Date): Promise<void> {
  const at = nowIso(now);
  const gateway = gatewayFor(ctx, company);
  // One key per attempt, written before asking: a lost answer is asked again under it next hour and answered the same charge.
  const key = `instalment-${due.plan_id}-${due.seq}-${due.attempts + 1}`;
  const amount = Math.min(due.amount_cents, due.balance_due_cents);
  if (amount <= 0) {
    // Paid meanwhile (online, by the family). A charge asked before whose answer was lost is given back.
    const asked = due.charge_key && gateway ? await gateway.retrieve(company.id, due.charge_key).catch(() => null) : null;
    if (asked?.status === 'succeeded' && gateway) await refundOnce(ctx, company, gateway, asked.chargeId, now);
    await instalmentRepo.moveInstalment(ctx.db, company.id, due.plan_id, due.seq, ['scheduled', 'failed'], { status: 'paid', updated_at: at }, due.attempts);
    return;
  }
  if (!gateway || !due.card_token) return declined(ctx, company, due, amount, 'unavailable', today, now);
  if (due.charge_key !== key && !(await instalmentRepo.moveInstalment(ctx.db, company.id, due.plan_id, due.seq, ['scheduled', 'failed'], { charge_key: key, updated_at: at }, due.attempts))) return;
  let result: ChargeResult;
  try {
    result = await gateway.charge({
      companyId: company.id,
      idempotencyKey: key,
      clientId: due.client_id,
      token: due.card_token,
      amountCents: amount,
      currency: company.settings.fin_setup.Currency,
      description: `${company.settings.CompanyDisplayName} instalment for invoice ${due.invoice_no}`,
      offSession: true,
    });
  } catch (err) {
    if (err instanceof GatewayNetworkError) return;
    // Refused outright (a key revoked, an amount the processor does not take): the family pays it another way.
    ctx.log.warn({ err, plan: due.plan_id, seq: due.seq }, 'an instalment could not be charged');
    return declined(ctx, company, due, amount, err instanceof AppError && err.statusCode === 402 ? 'card_declined' : 'error', today, now);
  }
  if (result.status === 'succeeded') return paid(ctx, company, due, amount, result.chargeId, today, now);
  return declined(ctx, company, due, amount, result.status === 'declined' ? result.declineCode : 'requires_action', today, now);
}

/** The instalment was charged: in one transaction it moves, a receipt pays its invoice, the family is told and mailed. */
async function paid(ctx: Ctx, company: Company, due: Due, amount: number, chargeId: string, today: string, now: Date): Promise<void> {
  const at = nowIso(now);
  const mailId = await ctx.transaction(async (tx) => {
    if (
      !(await instalmentRepo.moveInstalment(
        tx.db,
        company.id,
        due.plan_id,
        due.seq,
        ['scheduled', 'failed'],
        { status: 'paid', charge_id: chargeId, attempts: due.attempts + 1, updated_at: at },
        due.attempts,
      ))
    )
      return null;
    return receiptForCollection(tx, company, {
      clientId: due.client_id,
      invoiceNo: due.invoice_no,
      amountCents: amount,
      method: 'Credit Card',
      reference: chargeId,
      date: today,
      at,
      title: 'Instalment paid',
      content: (receiptNo) =>
        `Thank you: instalment ${due.seq} of ${money(company, amount)} for ${due.what} (invoice ${due.invoice_no}) was charged to your card. ${company.settings.fin_setup.ReceiptTitle} ${receiptNo}.`,
      summary: (receiptNo) => `Instalment ${due.seq} of ${money(company, amount)} paid for invoice ${due.invoice_no} (receipt ${receiptNo})`,
    });
  });
  if (mailId !== null) ctx.mailer.deliver([mailId]);
  await refreshPlan(ctx, company, due.plan_id, now);
}

/**
 * Not taken: the invoice is open for the family to pay, they are told with a link to it, and it
 * is charged again `retry_days` later while the plan's `retries` last; after the last, the plan
 * is cancelled.
 */
async function declined(ctx: Ctx, company: Company, due: Due, amount: number, why: keyof typeof WHY, today: string, now: Date): Promise<void> {
  const at = nowIso(now);
  const attempts = due.attempts + 1;
  const last = attempts > due.retries;
  const retryOn = last ? null : addDays(today, due.retry_days);
  const online = company.settings.fin_setup.InvoicesPaidOnline;
  const moved = await ctx.transaction(async (tx) => {
    if (
      !(await instalmentRepo.moveInstalment(
        tx.db,
        company.id,
        due.plan_id,
        due.seq,
        ['scheduled', 'failed'],
        { status: 'failed', attempts, next_attempt: retryOn, charge_key: null, updated_at: at },
        due.attempts,
      ))
    )
      return null;
    await openScheduledInvoice(tx, company.id, due.invoice_id, today);
    const pay = online ? 'you can pay it now' : 'please contact us to pay it';
    const then = retryOn ? ` We will try again on ${formatDate(retryOn, company.settings.localization.DateFormat)}, or ${pay}.` : ` ${online ? 'Please pay it now' : 'Please contact us to pay it'}.`;
    const content = `We could not take instalment ${due.seq} (${money(company, amount)}) for ${due.what} (invoice ${due.invoice_no}): ${WHY[why]}.${then}`;
    await notifyClient(tx.db, {
      companyId: company.id,
      clientId: due.client_id,
      category: 'invoices',
      title: 'Instalment not paid',
      content,
      tagData: { kind: 'invoice', invoice_no: due.invoice_no },
      createdAt: at,
    });
    await recordActivity(tx, { companyId: company.id, clientId: due.client_id, kind: 'payment', summary: `Instalment ${due.seq} for invoice ${due.invoice_no} not taken (attempt ${attempts})` });
    const link = { label: online ? 'Pay the invoice' : 'View the invoice', url: `${publicOrigin(ctx.env)}/hub/financials/${encodeURIComponent(due.invoice_no)}` };
    return { mailId: await queueFamilyMail(tx, company, due.client_id, { category: 'invoices', subject: `Instalment not paid: invoice ${due.invoice_no}`, paragraphs: [content], action: link }) };
  });
  if (!moved) return;
  if (moved.mailId !== null) ctx.mailer.deliver([moved.mailId]);
  if (last) await cancelPlan(ctx, company, due.plan_id, `instalment ${due.seq} (invoice ${due.invoice_no}) could not be charged`, now);
}

/**
 * A plan's state read again from its invoices: instalments paid by any means are marked so,
 * Upcoming Payments shows what is still to come, and a plan with nothing left is completed.
 */
async function refreshPlan(ctx: Ctx, company: Company, planId: number, now: Date): Promise<void> {
  const at = nowIso(now);
  const plan = await instalmentRepo.findPlan(ctx.db, company.id, planId);
  if (plan?.status !== 'active') return;
  const instalments = await instalmentRepo.findPlanInstalments(ctx.db, company.id, planId);
  for (const i of instalments) {
    if (i.status !== 'paid' && i.status !== 'cancelled' && i.invoice_status === 'Paid') {
      await instalmentRepo.moveInstalment(ctx.db, company.id, planId, i.seq, ['scheduled', 'failed'], { status: 'paid', updated_at: at });
      i.status = 'paid';
    }
  }
  const left = instalments.filter((i) => i.status === 'scheduled' || i.status === 'failed');
  const next = left[0];
  if (plan.payment_plan_id !== null) {
    // The note counts and names only the instalments still to be charged, as remaining_charges does.
    const period = (await instalmentRepo.findUpcomingPeriod(ctx.db, company.id, plan.payment_plan_id)) ?? '';
    const label = upcomingLabel(plan.what, instalments[0]?.invoice_no ?? '');
    await instalmentRepo.updateUpcoming(ctx.db, company.id, plan.payment_plan_id, {
      next_charge: next?.due_date ?? instalments.at(-1)!.due_date,
      amount_cents: next?.amount_cents ?? 0,
      remaining_charges: left.length,
      notes: upcomingNote({ label, period, invoiceNos: left.map((i) => i.invoice_no), byDebit: plan.method === 'direct_debit' }),
    });
  }
  if (left.length === 0 && (await instalmentRepo.movePlan(ctx.db, company.id, planId, 'active', 'completed', at))) {
    await recordActivity(ctx, { companyId: company.id, clientId: plan.client_id, kind: 'payment', summary: `Instalment plan for invoice ${instalments[0]?.invoice_no ?? ''} paid in full` });
  }
}

/**
 * Ends a plan (decision 105): the instalments not yet due are taken back, the places it held
 * are given up from today, Upcoming Payments shows nothing more, and the family is told. What
 * fell due and was not paid stays owed.
 */
export async function cancelPlan(ctx: Ctx, company: Company, planId: number, why: string, now: Date): Promise<void> {
  const at = nowIso(now);
  const mailId = await ctx.transaction(async (tx) => {
    const plan = await instalmentRepo.findPlan(tx.db, company.id, planId);
    if (!plan || !(await instalmentRepo.movePlan(tx.db, company.id, planId, 'active', 'cancelled', at))) return null;
    const instalments = await instalmentRepo.findPlanInstalments(tx.db, company.id, planId);
    const today = todayOf(company, now);
    for (const i of instalments.filter((x) => x.status === 'scheduled' || x.status === 'failed')) {
      // Not yet due and never asked for: cancelled on its invoice. Due, asked or part paid: open for the family to pay.
      const untouched = i.status === 'scheduled' && i.due_date > today && i.attempts === 0 && i.charge_key === null;
      if (untouched && (await cancelScheduledInvoice(tx, company.id, i.invoice_id, 'Instalment plan cancelled: not charged'))) {
        await instalmentRepo.moveInstalment(tx.db, company.id, planId, i.seq, ['scheduled'], { status: 'cancelled', updated_at: at });
      } else {
        await openScheduledInvoice(tx, company.id, i.invoice_id, today);
      }
    }
    await endEnrolmentsToday(tx, company, JSON.parse(plan.enrolment_ids) as number[]);
    if (plan.payment_plan_id !== null)
      await instalmentRepo.updateUpcoming(tx.db, company.id, plan.payment_plan_id, { next_charge: todayOf(company, now), amount_cents: 0, remaining_charges: 0, notes: '' });
    const first = instalments[0]?.invoice_no ?? '';
    const content = `Your instalment plan for ${plan.what} (invoice ${first}) has been cancelled because ${why}. The class places it paid for have been released; any instalment already due is still to be paid.`;
    await notifyClient(tx.db, { companyId: company.id, clientId: plan.client_id, category: 'invoices', title: 'Instalment plan cancelled', content, tagData: null, createdAt: at });
    await recordActivity(tx, { companyId: company.id, clientId: plan.client_id, kind: 'payment', summary: `Instalment plan for invoice ${first} cancelled: ${why}` });
    return queueFamilyMail(tx, company, plan.client_id, {
      category: 'invoices',
      subject: `Your instalment plan with ${company.settings.CompanyDisplayName} has been cancelled`,
      paragraphs: [content],
    });
  });
  if (mailId !== null) ctx.mailer.deliver([mailId]);
}
