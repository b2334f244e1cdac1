import { formatCents } from '@portal/shared/pricing/money';
import { formatDate } from '@portal/shared/date-time-text';
import { publicOrigin } from '../../config/env.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { recordActivity } from '../../modules/activity/activity.api.ts';
import { findInvoiceById, openScheduledInvoice } from '../../modules/financials/financials.api.ts';
import { notifyClient, queueFamilyMail } from '../../modules/messaging/messaging.api.ts';
import { directDebitRepo, GatewayNetworkError, GOCARDLESS_PROVIDER, type CollectionSeen } from '../../modules/payments/payments.api.ts';
import * as paymentsRepo from '../../modules/payments/payments.api.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DirectDebitCollectionsTable } from '../../db/schema-processors.ts';
import { goCardlessOf } from './mandate.service.ts';
import { receiptForCollection } from '../checkout/collected-receipt.ts';

type Collection = Pick<DirectDebitCollectionsTable, 'idempotency_key' | 'client_id' | 'invoice_id' | 'amount_cents' | 'mandate_id'> & { retries: number };

/** How many invoices a company's run asks GoCardless to collect; the rest wait for the next hour. */
const BATCH = 200;

const todayOf = (ctx: Ctx, company: Company, now: Date) => localNow(companyTimeZone(company.settings.localization), now).date;

/**
 * The hourly run (decision 104): each Debit Scheduled invoice due by today, of a family whose
 * bank details are a live GoCardless mandate, becomes a payment at GoCardless, once. The
 * collection is written before GoCardless is asked, under a key GoCardless keeps: a lost answer
 * or a process that died is asked again under it and answered the same payment.
 */
export async function collectDueInvoices(ctx: Ctx, company: Company, now: Date): Promise<number> {
  const at = nowIso(now);
  let asked = 0;
  // Asked before and never answered: asked again under the same key.
  for (const row of await directDebitRepo.findUnansweredCollections(ctx.db, company.id, GOCARDLESS_PROVIDER, nowIso(new Date(now.getTime() - 60_000)))) {
    asked += (await ask(ctx, company, row, now)) ? 1 : 0;
  }
  // Due and nothing to collect them (the family removed its Direct Debit, or never set one up): open for the family to pay.
  for (const orphan of await directDebitRepo.findUncollectableDebits(ctx.db, company.id, GOCARDLESS_PROVIDER, todayOf(ctx, company, now), BATCH, nowIso(new Date(now.getTime() - 86_400_000)))) {
    const row = { idempotency_key: '', client_id: orphan.client_id, invoice_id: orphan.id, amount_cents: orphan.balance_due_cents, mandate_id: '', retries: 0 };
    const pay = company.settings.fin_setup.InvoicesPaidOnline ? 'Please pay it online, or set up Direct Debit again in Billing.' : 'Please contact us to pay it.';
    await tell(ctx, company, row, now, {
      title: 'Direct Debit not set up',
      content: (invoiceNo) => `Invoice ${invoiceNo} (${money(company, orphan.balance_due_cents)}) was to be collected by Direct Debit today, but no Direct Debit is set up to collect it. ${pay}`,
      within: (tx) => openScheduledInvoice(tx, company.id, orphan.id, todayOf(ctx, company, now)),
      payLink: true,
    });
  }
  for (const due of await directDebitRepo.findDueCollections(ctx.db, company.id, GOCARDLESS_PROVIDER, todayOf(ctx, company, now), BATCH)) {
    const attempt = Number(due.attempts ?? 0) + 1;
    const row = {
      company_id: company.id,
      provider: GOCARDLESS_PROVIDER,
      idempotency_key: `invoice-${due.invoice_id}-${attempt}`,
      client_id: due.client_id,
      invoice_id: due.invoice_id,
      attempt,
      mandate_id: due.mandate_id ?? '',
      amount_cents: due.balance_due_cents,
      created_at: at,
    };
    // Another process's run wrote it first: that one asks.
    if (!(await directDebitRepo.insertCollection(ctx.db, row))) continue;
    asked += (await ask(ctx, company, { ...row, retries: 0 }, now)) ? 1 : 0;
  }
  return asked;
}

/** Asks GoCardless for one collection; false when the answer was lost (the next run asks again). */
async function ask(ctx: Ctx, company: Company, row: Collection, now: Date): Promise<boolean> {
  const invoice = await findInvoiceById(ctx, company.id, row.invoice_id);
  let seen: CollectionSeen;
  try {
    seen = await goCardlessOf(ctx).collect(company.id, {
      key: row.idempotency_key,
      mandateId: row.mandate_id,
      amountCents: row.amount_cents,
      currency: company.settings.fin_setup.Currency,
      description: `${company.settings.fin_setup.InvoiceTitle} ${invoice?.invoice_no ?? row.invoice_id}`,
      invoiceNo: invoice?.invoice_no ?? String(row.invoice_id),
    });
  } catch (err) {
    if (err instanceof GatewayNetworkError) return false;
    // The company's GoCardless account is not reachable with its keys (revoked, not set): the run stops, nothing is reopened.
    if (err instanceof AppError && err.code === 'DIRECT_DEBIT_OFF') throw err;
    // GoCardless refused it (the mandate ended meanwhile, an amount it does not take): the invoice is the family's to pay.
    ctx.log.warn({ err, invoice: row.invoice_id }, 'GoCardless refused a collection');
    await settleCollection(ctx, company, row, { paymentId: '', status: 'failed', chargeDate: null, failure: 'the Direct Debit could not be collected' }, now, { asked: true });
    return true;
  }
  await directDebitRepo.moveCollection(ctx.db, company.id, GOCARDLESS_PROVIDER, row.idempotency_key, ['asked'], {
    payment_id: seen.paymentId,
    status: 'pending_submission',
    charge_date: seen.chargeDate,
    updated_at: nowIso(now),
  });
  // It may have moved on already (a lost answer asked again late): the rest follows its events.
  if (seen.status !== 'pending_submission') await settleCollection(ctx, company, row, seen, now);
  return true;
}

/**
 * A collection moved at GoCardless (its webhook, or the answer to asking): read as it stands
 * now, so events in any order or twice end the same. Collected: a receipt pays the invoice.
 * Failed: asked again while the company's retries last, else the invoice is open again for the
 * family to pay and they are told. Cancelled: open again, and told.
 */
export async function applyCollectionEvent(ctx: Ctx, company: Company, paymentId: string, event: { cause?: string | undefined; willRetry?: boolean | undefined }, now: Date): Promise<void> {
  const row = await directDebitRepo.findCollectionByPayment(ctx.db, company.id, GOCARDLESS_PROVIDER, paymentId);
  if (!row) return;
  const cause = event.cause;
  const seen = await goCardlessOf(ctx).collection(company.id, paymentId, cause);
  // GoCardless collects it again itself (its own retries): the next events say how it ends.
  if (seen.status === 'failed' && event.willRetry) return;
  await settleCollection(ctx, company, row, seen, now);
}

async function settleCollection(ctx: Ctx, company: Company, row: Collection, seen: CollectionSeen, now: Date, options: { asked?: boolean } = {}): Promise<void> {
  const at = nowIso(now);
  const key = row.idempotency_key;
  const open = options.asked ? (['asked'] as const) : (['asked', 'pending_submission', 'submitted'] as const);
  if (seen.status === 'submitted') {
    await directDebitRepo.moveCollection(ctx.db, company.id, GOCARDLESS_PROVIDER, key, ['pending_submission'], {
      status: 'submitted',
      updated_at: at,
      ...(seen.chargeDate ? { charge_date: seen.chargeDate } : {}),
    });
    return;
  }
  if (seen.status === 'paid_out') {
    // Paid out to the company after it was confirmed: the receipt was written then.
    if (await directDebitRepo.moveCollection(ctx.db, company.id, GOCARDLESS_PROVIDER, key, ['confirmed'], { status: 'paid_out', updated_at: at })) return;
  }
  if (seen.status === 'confirmed' || seen.status === 'paid_out') {
    await collected(ctx, company, row, seen, [...open], now);
    return;
  }
  if ((seen.status === 'failed' || seen.status === 'charged_back') && !options.asked) {
    // Failed or charged back after the money was confirmed: the receipt stands and the company settles it with the family.
    if (await directDebitRepo.moveCollection(ctx.db, company.id, GOCARDLESS_PROVIDER, key, ['confirmed', 'paid_out'], { status: 'charged_back', failure: seen.failure, updated_at: at })) {
      ctx.log.warn({ company: company.code, payment: seen.paymentId, invoice: row.invoice_id }, 'a Direct Debit collected and receipted was charged back');
      await recordActivity(ctx, { companyId: company.id, clientId: row.client_id, kind: 'payment', summary: `Direct Debit ${seen.paymentId} charged back by the bank after it was collected` });
      return;
    }
  }
  if (seen.status === 'failed' && !options.asked && row.retries < company.settings.fin_setup.DirectDebitRetries) {
    // Asked again before anything moves here: an answer lost on the way leaves the collection open, and GoCardless's
    // next delivery of the event asks again (a payment retried already is refused as no longer failed).
    const current = await directDebitRepo.findCollectionByPayment(ctx.db, company.id, GOCARDLESS_PROVIDER, seen.paymentId);
    if (!current || !(open as readonly string[]).includes(current.status)) return;
    const again = await goCardlessOf(ctx).retry(company.id, seen.paymentId);
    if (
      !(await directDebitRepo.moveCollection(ctx.db, company.id, GOCARDLESS_PROVIDER, key, [...open], {
        status: 'pending_submission',
        charge_date: again.chargeDate,
        retries: row.retries + 1,
        failure: seen.failure,
        updated_at: at,
      }))
    )
      return;
    await tell(ctx, company, row, now, {
      title: 'Direct Debit failed',
      content: (invoiceNo) =>
        `We could not collect ${money(company, row.amount_cents)} for invoice ${invoiceNo} by Direct Debit: ${seen.failure}. We will try again${again.chargeDate ? ` on ${formatDate(again.chargeDate, company.settings.localization.DateFormat)}` : ''}.`,
    });
    return;
  }
  if (seen.status === 'failed' || seen.status === 'cancelled' || seen.status === 'charged_back') {
    const today = todayOf(ctx, company, now);
    const pay = company.settings.fin_setup.InvoicesPaidOnline ? 'Please pay the invoice online.' : 'Please contact us to pay it.';
    await tell(ctx, company, row, now, {
      title: seen.status === 'cancelled' ? 'Direct Debit cancelled' : 'Direct Debit failed',
      content: (invoiceNo) =>
        seen.status === 'cancelled'
          ? `The Direct Debit of ${money(company, row.amount_cents)} for invoice ${invoiceNo} was cancelled, so it has not been collected. ${pay}`
          : `We could not collect ${money(company, row.amount_cents)} for invoice ${invoiceNo} by Direct Debit: ${seen.failure}. ${pay}`,
      within: async (tx) => {
        if (!(await directDebitRepo.moveCollection(tx.db, company.id, GOCARDLESS_PROVIDER, key, [...open], { status: seen.status, failure: seen.failure, updated_at: at }))) return false;
        await openScheduledInvoice(tx, company.id, row.invoice_id, today);
        return true;
      },
      payLink: true,
    });
  }
}

const money = (company: Company, cents: number) => formatCents(cents, company.settings.localization.CurrencySymbol);

/** The money arrived: in one transaction the collection moves, a receipt pays the invoice, the family is told and mailed it. */
async function collected(ctx: Ctx, company: Company, row: Collection, seen: CollectionSeen, from: DirectDebitCollectionsTable['status'][], now: Date): Promise<void> {
  const at = nowIso(now);
  const today = todayOf(ctx, company, now);
  const mailId = await ctx.transaction(async (tx) => {
    if (!(await directDebitRepo.moveCollection(tx.db, company.id, GOCARDLESS_PROVIDER, row.idempotency_key, from, { status: seen.status, payment_id: seen.paymentId, updated_at: at }))) return null;
    const invoice = await findInvoiceById(tx, company.id, row.invoice_id);
    if (!invoice) return null;
    // Collected after the family paid the invoice another way: what it no longer owes is theirs to spend, as a credit.
    const amount = Math.min(row.amount_cents, invoice.balance_due_cents);
    const excess = row.amount_cents - Math.max(amount, 0);
    if (excess > 0) {
      await paymentsRepo.insertCustomerCredit(tx.db, {
        companyId: company.id,
        clientId: row.client_id,
        description: `Direct Debit ${seen.paymentId} collected after invoice ${invoice.invoice_no} was paid`,
        cents: excess,
        createdAt: at,
      });
      await notifyClient(tx.db, {
        companyId: company.id,
        clientId: row.client_id,
        category: 'invoices',
        title: 'Credit added',
        content: `${money(company, excess)} was collected by Direct Debit for invoice ${invoice.invoice_no} after it had been paid. It has been added to your account as a credit for your next payment.`,
        tagData: null,
        createdAt: at,
      });
    }
    if (amount <= 0) return null;
    return receiptForCollection(tx, company, {
      clientId: row.client_id,
      invoiceNo: invoice.invoice_no,
      amountCents: amount,
      method: 'Direct Debit',
      reference: seen.paymentId,
      date: today,
      at,
      title: 'Payment received',
      content: (receiptNo) => `Thank you: ${money(company, amount)} for invoice ${invoice.invoice_no} was collected by Direct Debit. ${company.settings.fin_setup.ReceiptTitle} ${receiptNo}.`,
      summary: (receiptNo) => `Direct Debit of ${money(company, amount)} collected for invoice ${invoice.invoice_no} (receipt ${receiptNo})`,
    });
  });
  if (mailId !== null) ctx.mailer.deliver([mailId]);
}

/** Tells the family what happened to a collection (notification and e-mail), in one transaction with `within`'s writes when it moves them. */
async function tell(
  ctx: Ctx,
  company: Company,
  row: Collection,
  now: Date,
  message: { title: string; content: (invoiceNo: string) => string; within?: (tx: Ctx) => Promise<boolean>; payLink?: boolean },
): Promise<void> {
  const at = nowIso(now);
  const mailId = await ctx.transaction(async (tx) => {
    if (message.within && !(await message.within(tx))) return null;
    const invoice = await findInvoiceById(tx, company.id, row.invoice_id);
    const invoiceNo = invoice?.invoice_no ?? String(row.invoice_id);
    const content = message.content(invoiceNo);
    await notifyClient(tx.db, {
      companyId: company.id,
      clientId: row.client_id,
      category: 'invoices',
      title: message.title,
      content,
      tagData: { kind: 'invoice', invoice_no: invoiceNo },
      createdAt: at,
    });
    await recordActivity(tx, { companyId: company.id, clientId: row.client_id, kind: 'payment', summary: `${message.title}: invoice ${invoiceNo}` });
    const label = company.settings.fin_setup.InvoicesPaidOnline ? 'Pay the invoice' : 'View the invoice';
    const link = message.payLink ? { label, url: `${publicOrigin(ctx.env)}/hub/financials/${encodeURIComponent(invoiceNo)}` } : undefined;
    return queueFamilyMail(tx, company, row.client_id, { category: 'invoices', subject: `${message.title}: invoice ${invoiceNo}`, paragraphs: [content], action: link });
  });
  if (mailId !== null) ctx.mailer.deliver([mailId]);
}
