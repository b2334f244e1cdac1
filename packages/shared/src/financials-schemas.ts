import { z } from 'zod';
import { INVOICE_STATUSES } from './constants.ts';
import { pagedShape } from './api-schemas.ts';
import { INVOICE_LINE_TYPES } from './pricing/pricing-types.ts';

/** Financials (I1–I17, gap U3, X11, decision 025). Money in integer cents; dates yyyy-MM-dd. */

export const FINANCIALS_PAGE_SIZE = 10;
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const financialsMessages = {
  invoiceNotFound: 'Invoice not found',
  receiptNotFound: 'Receipt not found',
  /** I8: a Debit Scheduled invoice is not opened; what it is, how much and when it is collected, for a family a notification led here. */
  debitScheduled: (invoiceNo: string, amount: string, date: string) => `Invoice ${invoiceNo} (${amount}) will be collected by direct debit on ${date}. You can open it once it has been paid.`,
} as const;

/** List queries: a free-text search, the date order (newest first unless asked) and the page. */
export const financialsListQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  sort: z.enum(SORT_ORDERS).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FINANCIALS_PAGE_SIZE),
});
export type FinancialsListQuery = z.infer<typeof financialsListQuerySchema>;

/** The financials list row, with the field names of X11. */
export const financialsInvoiceSchema = z.object({
  date: z.string(),
  invoiceNumber: z.string(),
  dueDate: z.string(),
  total: z.number().int(),
  balanceDue: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  /** A Debit Scheduled invoice's collection: the day its direct debit's provider takes the money, once set; null otherwise. */
  debitDate: z.string().nullable(),
});
export type FinancialsInvoice = z.infer<typeof financialsInvoiceSchema>;
export const invoiceListSchema = z.object({ ...pagedShape, total_count: z.number(), invoices: z.array(financialsInvoiceSchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

const BALANCE_ENTRY_TYPES = ['invoice', 'payment'] as const;
/**
 * A balance history row (I10: date, amount, invoiceNo), read as a statement (decision 081): an
 * invoice charged or a payment made on one, with what the family owed after it.
 */
export const balanceHistoryRowSchema = z.object({
  type: z.enum(BALANCE_ENTRY_TYPES),
  date: z.string(),
  /** Cents: what the invoice charged, or what the payment paid off it (both positive). */
  amount: z.number().int(),
  invoiceNo: z.string(),
  /** The receipt of a payment; null on an invoice's row. */
  receiptNumber: z.string().nullable(),
  method: z.string().nullable(),
  /** Cents owed after this row: every invoice up to it less every payment up to it (below zero is credit). */
  balance: z.number().int(),
});
export type BalanceHistoryRow = z.infer<typeof balanceHistoryRowSchema>;
/**
 * The whole statement in figures, whatever the search and page (decision 121): the balance (the
 * newest row's), and how much of it is due now (the "You owe" banner's Unpaid and Overdue), on
 * Scheduled invoices and on Debit Scheduled ones. Cents.
 */
export const statementSummarySchema = z.object({ balance: z.number().int(), dueNow: z.number().int(), scheduled: z.number().int(), byDebit: z.number().int() });
export type StatementSummary = z.infer<typeof statementSummarySchema>;
export const balanceHistorySchema = z.object({ ...pagedShape, total_count: z.number(), entries: z.array(balanceHistoryRowSchema), summary: statementSummarySchema });
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

export const PAYMENT_PERIODS = ['Weekly', 'Fortnightly', 'Monthly', 'Termly'] as const;
/** Upcoming payment row: nextCharge, amount, period, remainingCharges, notes (I11). */
export const upcomingPaymentSchema = z.object({
  nextCharge: z.string(),
  amount: z.number().int(),
  period: z.enum(PAYMENT_PERIODS),
  remainingCharges: z.number().int(),
  notes: z.string(),
});
export type UpcomingPayment = z.infer<typeof upcomingPaymentSchema>;
export const upcomingPaymentsSchema = z.object({ ...pagedShape, total_count: z.number(), payments: z.array(upcomingPaymentSchema) });
export type UpcomingPayments = z.infer<typeof upcomingPaymentsSchema>;

export const invoiceLineSchema = z.object({
  type: z.enum(INVOICE_LINE_TYPES),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({ receiptNumber: z.string(), date: z.string(), amount: z.number().int(), method: z.string() });

/** GET /api/financials/invoices/{invoiceNumber}: one invoice as its page and PDF show it (I14, I15). */
export const invoiceDetailSchema = z.object({
  title: z.string(),
  invoiceNumber: z.string(),
  date: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  companyName: z.string(),
  companyABN: z.string(),
  bankDetails: z.string(),
  taxName: z.string(),
  billTo: z.object({ name: z.string(), address: z.array(z.string()) }),
  lines: z.array(invoiceLineSchema),
  /** Whether the company's prices include its tax: then the subtotal is what the lines add up to, the tax part of it ("GST (included)"); otherwise the subtotal is before tax and the tax is added. */
  taxInclusive: z.boolean(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  amountPaid: z.number().int(),
  balanceDue: z.number().int(),
  notes: z.string(),
  payments: z.array(invoicePaymentSchema),
  /** Pay Now is offered (Unpaid and the company takes invoice payments online). */
  canPayOnline: z.boolean(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceNumberParamsSchema = z.object({ invoiceNumber: z.string().min(1).max(64) });
export const receiptNumberParamsSchema = z.object({ receiptNumber: z.string().min(1).max(64) });
