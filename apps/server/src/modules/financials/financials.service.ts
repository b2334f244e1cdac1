import { randomUUID } from 'node:crypto';
import { financialsMessages, type InvoiceDetail, type SortOrder, type StatementSummary } from '@portal/shared/financials-schemas';
import { ONLINE_PAYABLE_INVOICE_STATUSES, type InvoiceStatus } from '@portal/shared/constants';
import { formatDate } from '@portal/shared/date-time-text';
import { formatCents } from '@portal/shared/pricing/money';
import type { InvoiceLineType, PaymentBreakdownKey } from '@portal/shared/pricing/pricing-types';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './financials.repository.ts';
import * as debitRepo from './debit-invoices.repository.ts';
import * as lookupRepo from './document-lookups.repository.ts';
import * as numbers from './document-numbers.repository.ts';
import { findStatementSummary } from './statement.repository.ts';
import { renderInvoicePdf, renderReceiptPdf } from './financials-pdf.ts';

const DEFAULT_PREFIX = { invoices: 'INV-', receipts: 'RCT-' } as const;

/**
 * Financials (I1–I17, gap U3, decision 025): invoices with typed lines, receipts allocated to
 * invoices, the payment (balance) history, instalment plans, and their PDFs. Every read is the
 * signed-in client's own: another client's invoice or receipt is not found. The endpoints answer
 * only while the company shows financials (their ShowFinancialsTab switch).
 */

type Page = { search: string; sort: SortOrder; limit: number; offset: number };

export function listInvoices(ctx: Ctx, companyId: number, clientId: number, page: Page) {
  return repo.findInvoices(ctx.db, ctx.engine, { companyId, clientId, ...page });
}

/**
 * The balance history as a statement: charges and payments with the balance after each (decision
 * 081), and the whole statement's balance split by what is due now and what is not (decision 121).
 */
export async function listBalanceHistory(ctx: Ctx, companyId: number, clientId: number, page: Page) {
  const [{ rows, total }, figures] = await Promise.all([repo.findBalanceHistory(ctx.db, ctx.engine, { companyId, clientId, ...page }), findStatementSummary(ctx.db, { companyId, clientId })]);
  // PostgreSQL answers a sum of integers as text.
  const summary: StatementSummary = {
    balance: Number(figures.charged_cents) - Number(figures.paid_cents ?? 0),
    dueNow: Number(figures.due_now_cents),
    scheduled: Number(figures.scheduled_cents),
    byDebit: Number(figures.by_debit_cents),
  };
  return { total, summary, rows: rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents), balance_cents: Number(row.balance_cents) })) };
}

export function listUpcomingPayments(ctx: Ctx, companyId: number, clientId: number, page: Omit<Page, 'search'>) {
  return repo.findPaymentPlans(ctx.db, { companyId, clientId, ...page });
}

type DocumentClient = NonNullable<Awaited<ReturnType<typeof lookupRepo.findClientForDocuments>>>;

/** Where an invoice or a receipt is addressed: the billing address where the family gave one of its own, else the address, every line of it. */
function addressLines(c: DocumentClient): string[] {
  const billing = c.billing_addr_same !== 1 && c.billing_address1.trim() !== '';
  const [line1, line2, suburb, state, postcode] = billing
    ? [c.billing_address1, c.billing_address2, c.billing_suburb, c.billing_state, c.billing_postcode]
    : [c.address1, c.address2, c.suburb, c.state, c.postcode];
  return [line1, line2, [suburb, state, postcode].filter(Boolean).join(' ')].filter((l) => l.trim() !== '');
}

/** One invoice as its page and its PDF show it; a Debit Scheduled invoice is not opened (I8). */
export async function getInvoice(ctx: Ctx, company: Company, clientId: number, invoiceNo: string): Promise<InvoiceDetail> {
  const inv = await repo.findInvoiceByNo(ctx.db, { companyId: company.id, clientId, invoiceNo });
  if (!inv) throw notFound(financialsMessages.invoiceNotFound);
  if (inv.status === 'Debit Scheduled') {
    const { CurrencySymbol, DateFormat } = company.settings.localization;
    throw new AppError(403, 'INVOICE_NOT_OPENABLE', financialsMessages.debitScheduled(inv.invoice_no, formatCents(inv.balance_due_cents, CurrencySymbol), formatDate(inv.payment_date, DateFormat)));
  }
  const [lines, payments, client] = await Promise.all([
    repo.findInvoiceLines(ctx.db, company.id, inv.id),
    repo.findInvoicePayments(ctx.db, company.id, inv.id),
    lookupRepo.findClientForDocuments(ctx.db, company.id, clientId),
  ]);
  const s = company.settings;
  const taxFromLines = lines.reduce((sum, l) => sum + l.tax_cents, 0);
  const tax = lines.length > 0 ? taxFromLines : inv.tax_cents;
  const amountPaid = payments.reduce((sum, p) => sum + p.amount_cents, 0);
  return {
    title: s.fin_setup.InvoiceTitle,
    invoiceNumber: inv.invoice_no,
    date: inv.invoice_date,
    dueDate: inv.payment_date,
    status: inv.status as InvoiceStatus,
    companyName: s.CompanyDisplayName,
    companyABN: s.fin_setup.CompanyABN,
    bankDetails: s.fin_setup.InvoiceBankDetails,
    taxName: s.fin_setup.TaxName,
    billTo: { name: client ? `${client.first_name} ${client.last_name}` : '', address: client ? addressLines(client) : [] },
    lines: lines.map((l) => ({
      type: l.line_type as InvoiceLineType,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unit_price_cents,
      amount: l.amount_cents,
      tax: l.tax_cents,
      total: l.total_cents,
    })),
    taxInclusive: s.fin_setup.TaxInclusive,
    subtotal: s.fin_setup.TaxInclusive ? inv.total_cents : inv.total_cents - tax,
    tax,
    total: inv.total_cents,
    amountPaid,
    balanceDue: inv.balance_due_cents,
    notes: inv.notes,
    payments: payments.map((p) => ({ receiptNumber: p.receipt_no, date: p.receipt_date, amount: p.amount_cents, method: p.method })),
    // Whatever the checkout takes (decision 072: Overdue as Unpaid), so an overdue invoice is paid on its own from its page.
    canPayOnline: s.fin_setup.InvoicesPaidOnline && inv.balance_due_cents > 0 && (ONLINE_PAYABLE_INVOICE_STATUSES as readonly string[]).includes(inv.status),
  };
}

export async function invoicePdf(ctx: Ctx, company: Company, clientId: number, invoiceNo: string): Promise<Buffer> {
  return renderInvoicePdf(company, await getInvoice(ctx, company, clientId, invoiceNo));
}

export async function receiptPdf(ctx: Ctx, company: Company, clientId: number, receiptNo: string): Promise<Buffer> {
  const receipt = await repo.findReceiptByNo(ctx.db, { companyId: company.id, clientId, receiptNo });
  if (!receipt) throw notFound(financialsMessages.receiptNotFound);
  const [allocations, client] = await Promise.all([repo.findReceiptAllocations(ctx.db, company.id, receipt.id), lookupRepo.findClientForDocuments(ctx.db, company.id, clientId)]);
  return renderReceiptPdf(company, {
    receiptNumber: receipt.receipt_no,
    date: receipt.receipt_date,
    amount: receipt.amount_cents,
    method: receipt.method,
    reference: receipt.reference,
    billTo: { name: client ? `${client.first_name} ${client.last_name}` : '', address: client ? addressLines(client) : [] },
    allocations: allocations.map((a) => ({ invoiceNumber: a.invoice_no, invoiceDate: a.invoice_date, invoiceTotal: a.total_cents, amount: a.amount_cents, balanceDue: a.balance_due_cents })),
  });
}

// ---- For checkout (decision 025): writes inside the caller's transaction. ----

/**
 * The next free document number of a company: its own series' prefix (fin_setup
 * InvoiceNumberPrefix / ReceiptNumberPrefix, "INV-" / "RCT-" unless set; decision 135) and the
 * next value ("ACE-5045" after "ACE-5044"), as wide as the series' highest number when that one
 * carries leading zeros ("TDS-0399" after "TDS-0398"; "TDS-10000" after "TDS-9999"). The first
 * call for a company and prefix starts after the highest number of that form already imported;
 * numbers someone else already uses are skipped.
 */
export async function nextDocumentNumber(ctx: Ctx, company: Company, table: 'invoices' | 'receipts'): Promise<string> {
  const companyId = company.id;
  const prefix = table === 'invoices' ? company.settings.fin_setup.InvoiceNumberPrefix : company.settings.fin_setup.ReceiptNumberPrefix;
  // A counter per series: another prefix starts from its own highest number, not from the old series' counter.
  const kind = prefix === DEFAULT_PREFIX[table] ? table : `${table}:${prefix}`;
  // The counter moves on in one statement once it exists; only the series' first number reads what was imported.
  let next = await numbers.advanceDocumentCounter(ctx.db, ctx.engine, companyId, table, kind, prefix);
  if (next === null) {
    const highest = highestOfSeries(await numbers.findDocumentNumbers(ctx.db, companyId, table, prefix), prefix);
    const start = highest ? highest.value + 1 : table === 'invoices' ? 100_001 : 200_001;
    const counter = await numbers.nextDocumentValue(ctx.db, companyId, kind, start, highest?.width ?? 0);
    next = { ...counter, taken: await numbers.documentNumberTaken(ctx.db, companyId, table, numbers.documentNo(prefix, counter.value, counter.width)) };
  }
  while (next.taken) next = (await numbers.advanceDocumentCounter(ctx.db, ctx.engine, companyId, table, kind, prefix))!;
  return numbers.documentNo(prefix, next.value, next.width);
}

/** The series' highest number and its width: its digits' count when it begins with a 0 ("0398": 4), else 0 (not padded). */
function highestOfSeries(numbers: string[], prefix: string): { value: number; width: number } | null {
  let highest: { value: number; width: number } | null = null;
  for (const no of numbers) {
    const digits = no.slice(prefix.length);
    // Only digits: "ACE-R-3001" is no number of the series "ACE-", nor is "ACE-1e3".
    if (!/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits))) continue;
    const found = { value: Number(digits), width: digits.length > 1 && digits.startsWith('0') ? digits.length : 0 };
    if (!highest || found.value > highest.value || (found.value === highest.value && found.width > highest.width)) highest = found;
  }
  return highest;
}

/** A line as the pricing engine's quote rows carry it (quote-schema.ts), written as it is. */
export interface InvoiceLineInput {
  type: InvoiceLineType;
  breakdownKey: PaymentBreakdownKey | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Writes an invoice and its lines; its total is the sum of the lines' totals, to the cent.
 * `invoiceNo` defaults to the next number. Unpaid with its whole total due unless told.
 * `paidCents`: what receipts written in the same transaction pay of it, taken off its balance as
 * it is written (Paid when that is all of it); their allocations name it by `invoiceId`.
 */
export async function createInvoice(
  ctx: Ctx,
  input: {
    /** Whose invoice: its settings name the number series (decision 135). */
    company: Company;
    clientId: number;
    invoiceNo?: string;
    invoiceDate: string;
    dueDate: string;
    status?: InvoiceStatus;
    lines: InvoiceLineInput[];
    notes?: string;
    paidCents?: number;
  },
): Promise<{ invoiceId: number; invoiceNo: string; totalCents: number }> {
  if (input.lines.length === 0) throw new Error('An invoice needs at least one line');
  const totalCents = input.lines.reduce((sum, l) => sum + l.totalCents, 0);
  if (totalCents < 0) throw new Error('An invoice total cannot be negative');
  const invoiceNo = input.invoiceNo ?? (await nextDocumentNumber(ctx, input.company, 'invoices'));
  const paidCents = input.paidCents ?? 0;
  const owedCents = input.status === 'Paid' ? 0 : totalCents;
  if (paidCents > owedCents) throw new AppError(409, 'INVOICE_OVERPAID', `Invoice ${invoiceNo} owes less than ${paidCents} cents.`);
  const invoiceId = await repo.insertInvoice(ctx.db, {
    companyId: input.company.id,
    clientId: input.clientId,
    invoiceNo,
    invoiceDate: input.invoiceDate,
    dueDate: input.dueDate,
    status: paidCents > 0 && paidCents === owedCents ? 'Paid' : (input.status ?? (totalCents === 0 ? 'Paid' : 'Unpaid')),
    totalCents,
    balanceDueCents: owedCents - paidCents,
    taxCents: input.lines.reduce((sum, l) => sum + l.taxCents, 0),
    notes: input.notes ?? '',
  });
  await repo.insertInvoiceLines(
    ctx.db,
    input.company.id,
    invoiceId,
    input.lines.map((l) => ({
      line_type: l.type,
      breakdown_key: l.breakdownKey,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      amount_cents: l.amountCents,
      tax_cents: l.taxCents,
      total_cents: l.totalCents,
    })),
  );
  return { invoiceId, invoiceNo, totalCents };
}

/**
 * Writes a receipt and allocates it to the client's invoices (each allocation takes its amount
 * off the balance; an invoice paid off becomes Paid). The allocations must add up to the receipt
 * and no invoice may be paid more than it owes: otherwise 409 and the caller rolls back.
 */
export async function createReceipt(
  ctx: Ctx,
  input: {
    /** Whose receipt: its settings name the number series (decision 135). */
    company: Company;
    clientId: number;
    date: string;
    method: string;
    reference?: string;
    amountCents: number;
    /** `invoiceId`: an invoice written in the same transaction less this amount already (createInvoice's `paidCents`). */
    allocations: { invoiceNo: string; amountCents: number; invoiceId?: number }[];
    receiptNo?: string;
  },
): Promise<{ receiptId: number; receiptNo: string }> {
  const allocated = input.allocations.reduce((sum, a) => sum + a.amountCents, 0);
  if (allocated !== input.amountCents || input.allocations.some((a) => a.amountCents <= 0)) throw new Error('Allocations must be positive and add up to the receipt');
  const receiptNo = input.receiptNo ?? (await nextDocumentNumber(ctx, input.company, 'receipts'));
  const receiptId = await repo.insertReceipt(ctx.db, {
    companyId: input.company.id,
    clientId: input.clientId,
    receiptNo,
    date: input.date,
    amountCents: input.amountCents,
    method: input.method,
    reference: input.reference ?? '',
    now: nowIso(),
  });
  for (const a of input.allocations) {
    if (a.invoiceId !== undefined) {
      await repo.insertAllocation(ctx.db, { company_id: input.company.id, receipt_id: receiptId, invoice_id: a.invoiceId, amount_cents: a.amountCents });
      continue;
    }
    const allocated = await repo.allocateToInvoice(ctx.db, { companyId: input.company.id, clientId: input.clientId, receiptId, invoiceNo: a.invoiceNo, amountCents: a.amountCents });
    if (allocated === 'missing') throw notFound(financialsMessages.invoiceNotFound);
    if (allocated === 'overpaid') throw new AppError(409, 'INVOICE_OVERPAID', `Invoice ${a.invoiceNo} owes less than ${a.amountCents} cents.`);
  }
  return { receiptId, receiptNo };
}

/**
 * A receipt's number, for one written under a stand-in (`unnumberedReceipt()`): the company's
 * counter row stays locked from this call until the transaction ends, so the checkout calls it
 * after its allocations, just before the few writes that show the number (decision 039).
 * Numbers stay gap-free: a rolled-back transaction gives its number back.
 */
export async function numberReceipt(ctx: Ctx, company: Company, receiptId: number): Promise<string> {
  const receiptNo = await nextDocumentNumber(ctx, company, 'receipts');
  await repo.setReceiptNo(ctx.db, company.id, receiptId, receiptNo);
  return receiptNo;
}

/** A stand-in receipt number, unique to one attempt, that no counter hands out (numberReceipt replaces it). */
export const unnumberedReceipt = () => `pending-${randomUUID()}`;

/**
 * Adds lines (a discount, a card surcharge) to an existing invoice: its total, balance and tax
 * move by their sum, so the invoice's lines and totals keep adding up. 409 when the balance
 * would go below zero (the caller rolls back).
 */
export async function addInvoiceLines(ctx: Ctx, input: { companyId: number; clientId: number; invoiceNo: string; lines: InvoiceLineInput[] }): Promise<void> {
  if (input.lines.length === 0) return;
  const invoice = await repo.findInvoiceIdByNo(ctx.db, input.companyId, input.clientId, input.invoiceNo);
  if (!invoice) throw notFound(financialsMessages.invoiceNotFound);
  const deltaCents = input.lines.reduce((sum, l) => sum + l.totalCents, 0);
  const taxDeltaCents = input.lines.reduce((sum, l) => sum + l.taxCents, 0);
  if (!(await repo.adjustInvoiceTotals(ctx.db, { companyId: input.companyId, clientId: input.clientId, invoiceId: invoice.id, deltaCents, taxDeltaCents }))) {
    throw new AppError(409, 'INVOICE_OVERPAID', `Invoice ${input.invoiceNo} owes less than its discount.`);
  }
  const sortFrom = await repo.countInvoiceLines(ctx.db, input.companyId, invoice.id);
  await repo.insertInvoiceLines(
    ctx.db,
    input.companyId,
    invoice.id,
    input.lines.map((l) => ({
      line_type: l.type,
      breakdown_key: l.breakdownKey,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      amount_cents: l.amountCents,
      tax_cents: l.taxCents,
      total_cents: l.totalCents,
    })),
    sortFrom,
  );
}

/**
 * Takes an item cancelled before it was paid for off its invoice (a court booking cancelled): a
 * line of minus its total, up to what the invoice still owes, so nothing already paid is taken
 * back here (refunds and credits are the office's, decision 025). Where the invoice has the item's
 * line (its `breakdownKey` and amount), the tax and total are that line's, as charged; otherwise
 * the ones given. Answers the amount taken off and the invoice's number; 0 where the invoice is
 * paid in full.
 */
export async function creditUnpaid(
  ctx: Ctx,
  given: { companyId: number; clientId: number; invoiceId: number; description: string; breakdownKey?: PaymentBreakdownKey; amountCents: number; taxCents: number; totalCents: number },
): Promise<{ invoiceNo: string; creditedCents: number }> {
  const invoice = await debitRepo.findInvoiceById(ctx.db, given.companyId, given.invoiceId);
  if (!invoice || invoice.client_id !== given.clientId) return { invoiceNo: '', creditedCents: 0 };
  const charged = given.breakdownKey ? await lookupRepo.findChargedLine(ctx.db, { ...given, breakdownKey: given.breakdownKey }) : undefined;
  const input = charged ? { ...given, taxCents: charged.tax_cents, totalCents: charged.total_cents } : given;
  const credit = Math.min(input.totalCents, invoice.balance_due_cents);
  if (credit <= 0) return { invoiceNo: invoice.invoice_no, creditedCents: 0 };
  // Part of what is owed: its amount and tax in the same proportion as the item's.
  const share = (cents: number) => Math.round((cents * credit) / input.totalCents);
  const amount = credit === input.totalCents ? input.amountCents : share(input.amountCents);
  const tax = credit === input.totalCents ? input.taxCents : share(input.taxCents);
  const line = { type: 'Custom' as const, breakdownKey: null, description: input.description, quantity: 1, unitPriceCents: -amount, amountCents: -amount, taxCents: -tax, totalCents: -credit };
  await addInvoiceLines(ctx, { companyId: input.companyId, clientId: input.clientId, invoiceNo: invoice.invoice_no, lines: [line] });
  return { invoiceNo: invoice.invoice_no, creditedCents: credit };
}

/** An instalment plan's row in Upcoming Payments. */
export function createPaymentPlan(ctx: Ctx, input: Parameters<typeof repo.insertPaymentPlan>[1]): Promise<void> {
  return repo.insertPaymentPlan(ctx.db, input);
}

/** An invoice by its id, as a debit's collection names it; undefined when it is gone. */
export function findInvoiceById(ctx: Ctx, companyId: number, invoiceId: number) {
  return debitRepo.findInvoiceById(ctx.db, companyId, invoiceId);
}

/** Whether the family has invoices waiting to be collected by direct debit (Billing warns before the bank details go). */
export function hasDebitScheduled(ctx: Ctx, companyId: number, clientId: number): Promise<boolean> {
  return debitRepo.hasDebitScheduled(ctx.db, companyId, clientId);
}

/** The family's mandate ended: its Debit Scheduled invoices are open again (decision 104). */
export function reopenClientDebitInvoices(ctx: Ctx, companyId: number, clientId: number, today: string, except: number[] = []) {
  return debitRepo.reopenClientDebitInvoices(ctx.db, companyId, clientId, today, except);
}

/** An invoice its scheduled charge or debit did not pay, open for the family to pay (decisions 104, 105). */
export function openScheduledInvoice(ctx: Ctx, companyId: number, invoiceId: number, today: string) {
  return debitRepo.openScheduledInvoice(ctx.db, companyId, invoiceId, today);
}

/** A cancelled plan's instalment that never fell due, cancelled by a line that takes its total off (decision 105). */
export function cancelScheduledInvoice(ctx: Ctx, companyId: number, invoiceId: number, description: string) {
  return debitRepo.cancelScheduledInvoice(ctx.db, companyId, invoiceId, description);
}

/** The newest invoice of a client with a line of this description (a class change asked again finds what it invoiced). */
export async function findInvoiceWithLine(ctx: Ctx, companyId: number, clientId: number, description: string): Promise<{ invoiceNo: string; totalCents: number } | null> {
  const row = await lookupRepo.findInvoiceWithLine(ctx.db, companyId, clientId, description);
  return row ? { invoiceNo: row.invoice_no, totalCents: row.total_cents } : null;
}
