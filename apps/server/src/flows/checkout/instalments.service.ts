import { formatCents } from '@portal/shared/pricing/money';
import { formatDate } from '@portal/shared/date-time-text';
import { INTERVAL_WORDS, instalmentSchedule, type Instalment, type InstalmentOffer } from '@portal/shared/pricing/instalments';
import type { Quote } from '@portal/shared/pricing/quote-schema';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { nowIso } from '../../lib/time.ts';
import { createInvoice, type InvoiceLineInput } from '../../modules/financials/financials.api.ts';
import { instalmentRepo } from '../../modules/payments/payments.api.ts';
import type { ValidatedClassItem } from '../../modules/classes/classes.api.ts';
import type { Cart } from './payment-steps.ts';

/**
 * Classes paid in instalments (decision 105): the deposit at the checkout, each later instalment
 * an invoice of its own that falls due on its date and is collected without the family (the
 * card kept at the checkout, or direct debit), the places held by the plan.
 */

/** The instalments the company's terms make of this cart, or null: classes only, over the minimum, each instalment something. */
export function instalmentOfferOf(
  company: Company,
  cart: Pick<Cart, 'classItems' | 'bookingItems' | 'invoices'>,
  quote: Quote,
  today: string,
  /** The sessions each of the cart's classes sells: no instalment falls due after any of them has ended. */
  classes: readonly Pick<ValidatedClassItem, 'dates'>[],
): InstalmentOffer | null {
  const terms = company.settings.fin_setup.Instalments;
  const amount = quote.totals.paymentAmountCents;
  if (!terms || cart.classItems.length === 0 || cart.bookingItems.length > 0 || cart.invoices.length > 0) return null;
  if (amount <= 0 || amount < terms.MinimumTotalCents) return null;
  const schedule = instalmentSchedule(amount, terms, today);
  if (schedule.some((i) => i.amountCents <= 0)) return null;
  // A family is not asked to pay for a course after it has ended (a short or holiday course, a
  // casual session), even beside a class that runs on: every class still runs on the last due date.
  const lastDue = schedule.at(-1)!.dueDate;
  const ends = classes.map((c) => [...c.dates].sort().at(-1));
  if (ends.length === 0 || ends.some((end) => end === undefined || lastDue > end)) return null;
  return { count: terms.Count, interval: terms.Interval, schedule };
}

/** A line's amount as the company's prices read: with the tax in it where prices include tax (as every other line), before it where tax is added. */
const amountOf = (company: Company, totalCents: number, taxCents: number) => (company.settings.fin_setup.TaxInclusive ? totalCents : totalCents - taxCents);

/** The share of `part` in `of` of the tax, in whole cents. */
const taxShare = (tax: number, part: number, of: number) => (of === 0 ? 0 : Math.floor((tax * part) / of));

/**
 * The first invoice's lines: what was bought, less what later instalments pay (one line, its tax
 * the later instalments' share), so the invoice is the deposit and the lines still say what was sold.
 */
export function depositLines(company: Company, rows: InvoiceLineInput[], schedule: Instalment[]): InvoiceLineInput[] {
  const total = rows.reduce((sum, r) => sum + r.totalCents, 0);
  const tax = rows.reduce((sum, r) => sum + r.taxCents, 0);
  const later = schedule.slice(1);
  const rest = later.reduce((sum, i) => sum + i.amountCents, 0);
  const restTax = later.reduce((sum, i) => sum + taxShare(tax, i.amountCents, total), 0);
  const dates = later.map((i) => formatDate(i.dueDate, company.settings.localization.DateFormat)).join(', ');
  return [
    ...rows,
    {
      type: 'Custom',
      breakdownKey: null,
      // Not "to be paid" here: each later instalment is an invoice of its own, and only those are charged.
      description: `Billed on ${later.length} later instalment invoice${later.length === 1 ? '' : 's'} (due ${dates})`,
      quantity: 1,
      unitPriceCents: -amountOf(company, rest, restTax),
      amountCents: -amountOf(company, rest, restTax),
      taxCents: -restTax,
      totalCents: -rest,
    },
  ];
}

/**
 * Writes the plan in the order's transaction: an invoice per later instalment (Scheduled, or
 * Debit Scheduled when direct debit collects it) due on its date, the plan holding the places,
 * and its row in Upcoming Payments.
 */
export async function createInstalmentPlan(
  ctx: Ctx,
  company: Company,
  input: {
    clientId: number;
    paymentId: number;
    byDebit: boolean;
    cardToken: string | null;
    enrolmentIds: number[];
    depositInvoice: { invoiceId: number; invoiceNo: string };
    schedule: Instalment[];
    rows: InvoiceLineInput[];
    today: string;
  },
): Promise<void> {
  const now = nowIso(ctx.clock.now());
  const total = input.rows.reduce((sum, r) => sum + r.totalCents, 0);
  const tax = input.rows.reduce((sum, r) => sum + r.taxCents, 0);
  const terms = company.settings.fin_setup.Instalments;
  const count = input.schedule.length;
  const what = input.rows.filter((r) => r.type === 'Class').map((r) => r.description);
  const planId = await instalmentRepo.insertPlan(ctx.db, {
    company_id: company.id,
    client_id: input.clientId,
    payment_id: input.paymentId,
    method: input.byDebit ? 'direct_debit' : 'card',
    what: (what.length ? what.join('; ') : `invoice ${input.depositInvoice.invoiceNo}`).slice(0, 500),
    card_token: input.byDebit ? null : input.cardToken,
    // The terms the family agreed to stay the plan's, whatever the company sets later.
    retries: terms?.Retries ?? 2,
    retry_days: terms?.RetryDays ?? 3,
    enrolment_ids: JSON.stringify(input.enrolmentIds),
    payment_plan_id: null,
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  const instalments: { seq: number; invoice_id: number; due_date: string; amount_cents: number; status: 'paid' | 'scheduled' }[] = [
    // The deposit: paid by the checkout's card, or collected by direct debit with the first invoice.
    { seq: 1, invoice_id: input.depositInvoice.invoiceId, due_date: input.today, amount_cents: input.schedule[0]!.amountCents, status: input.byDebit ? 'scheduled' : 'paid' },
  ];
  const laterInvoiceNos: string[] = [];
  for (const [index, due] of input.schedule.entries()) {
    if (index === 0) continue;
    const share = taxShare(tax, due.amountCents, total);
    const made = await createInvoice(ctx, {
      company,
      clientId: input.clientId,
      invoiceDate: input.today,
      dueDate: due.dueDate,
      status: input.byDebit ? 'Debit Scheduled' : 'Scheduled',
      lines: [
        {
          type: 'Custom',
          breakdownKey: null,
          description: `Instalment ${index + 1} of ${count} for invoice ${input.depositInvoice.invoiceNo}${what.length ? `: ${what.join('; ')}` : ''}`.slice(0, 500),
          quantity: 1,
          unitPriceCents: amountOf(company, due.amountCents, share),
          amountCents: amountOf(company, due.amountCents, share),
          taxCents: share,
          totalCents: due.amountCents,
        },
      ],
    });
    laterInvoiceNos.push(made.invoiceNo);
    instalments.push({ seq: index + 1, invoice_id: made.invoiceId, due_date: due.dueDate, amount_cents: due.amountCents, status: 'scheduled' });
  }
  await instalmentRepo.insertInstalments(
    ctx.db,
    instalments.map((i) => ({ ...i, company_id: company.id, plan_id: planId, next_attempt: null, charge_id: null, updated_at: now })),
  );
  const next = input.schedule[1]!;
  const upcoming = await instalmentRepo.insertUpcoming(ctx.db, {
    company_id: company.id,
    client_id: input.clientId,
    next_charge: next.dueDate,
    amount_cents: next.amountCents,
    period: INTERVAL_WORDS[terms?.Interval ?? 'month'].period,
    remaining_charges: count - 1,
    // What will be charged: the later instalments' own invoices, not the deposit's (paid, or collected with the first).
    notes: upcomingNote({ label: what.join('; ') || 'Classes', period: INTERVAL_WORDS[terms?.Interval ?? 'month'].period, invoiceNos: laterInvoiceNos, byDebit: input.byDebit }),
  });
  await instalmentRepo.setPlanRow(ctx.db, company.id, planId, upcoming);
}

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * What Upcoming Payments says of a plan: the instalments still to be charged and their invoices
 * ("Classes: 1 more monthly instalment, invoice INV-10264, charged to the card you paid with"),
 * nothing once none is left. Written at the checkout and again each time the plan moves on.
 */
export function upcomingNote(input: { label: string; period: string; invoiceNos: string[]; byDebit: boolean }): string {
  const n = input.invoiceNos.length;
  if (n === 0) return '';
  const how = input.byDebit ? 'collected by direct debit' : 'charged to the card you paid with';
  return `${input.label}: ${n} more ${input.period.toLowerCase()} instalment${n === 1 ? '' : 's'}, invoice${n === 1 ? '' : 's'} ${listed(input.invoiceNos)}, ${how}`.slice(0, 500);
}

/** The note's label of a plan as written: the classes it pays for, "Classes" for a plan that named its deposit's invoice instead. */
export const upcomingLabel = (planWhat: string, depositInvoiceNo: string) => (planWhat === `invoice ${depositInvoiceNo}` ? 'Classes' : planWhat);

/** What the family reads of the plan in the payment's notification. */
export function planSentence(company: Company, schedule: Instalment[], byDebit: boolean, payerName?: string): string {
  const symbol = company.settings.localization.CurrencySymbol;
  const later = schedule.slice(1).map((i) => `${formatCents(i.amountCents, symbol)} on ${formatDate(i.dueDate, company.settings.localization.DateFormat)}`);
  // Told to the family of a guardian's payment (decision 101), the card is the guardian's.
  return ` The other ${later.length} instalment${later.length === 1 ? '' : 's'} (${later.join(', ')}) will be ${byDebit ? 'collected by direct debit' : `charged to the card ${payerName ?? 'you'} paid with`}.`;
}
