/** The quote the engine answers, as a response schema: the quote route declares it and the web infers its types from it. */
import { z } from 'zod';
import { INVOICE_LINE_TYPES, PAYMENT_BREAKDOWN_KEYS } from './pricing-types.ts';

const cents = z.number().int();

export const discountCodeRejectionSchema = z.enum([
  'not_found',
  'not_yet_valid',
  'expired',
  'usage_limit',
  'client_usage_limit',
  'not_eligible',
  'minimum_spend',
  'one_per_invoice',
  'unknown_invoice',
]);
export type DiscountCodeRejection = z.infer<typeof discountCodeRejectionSchema>;

/** One row of the checkout's column data, and of the invoice written from it. */
export const quoteRowSchema = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  type: z.enum(INVOICE_LINE_TYPES),
  /** The cart line sold or adjusted; null for the surcharge, which belongs to the payment. */
  lineId: z.string().nullable(),
  breakdownKey: z.enum(PAYMENT_BREAKDOWN_KEYS).nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  /** As entered: including tax when prices include it, excluding it otherwise. Negative for discounts. */
  amountCents: cents,
  taxCents: cents,
  /** amountCents with tax: equal to it when prices include tax, amount + tax otherwise. */
  totalCents: cents,
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;

export const quoteInvoiceSchema = z.object({
  invoiceNo: z.string(),
  /** Sum of the invoice's rows, surcharge included. */
  totalCents: cents,
  taxCents: cents,
  creditCents: cents,
  surchargeCents: cents,
  /** What this payment pays on the invoice: total − credit. */
  paymentAmountCents: cents,
  discountCode: z.string().nullable(),
});
export type QuoteInvoice = z.infer<typeof quoteInvoiceSchema>;

export const discountCodeResultSchema = z.discriminatedUnion('status', [
  z.object({ invoiceNo: z.string(), discountCode: z.string(), status: z.literal('applied'), discountCents: cents }),
  z.object({ invoiceNo: z.string(), discountCode: z.string(), status: z.literal('rejected'), reason: discountCodeRejectionSchema, message: z.string() }),
]);
export type DiscountCodeResult = z.infer<typeof discountCodeResultSchema>;

export const creditUseSchema = z.object({ creditId: z.string(), usedCents: cents });
export type CreditUse = z.infer<typeof creditUseSchema>;

export const quoteTotalsSchema = z.object({
  /** Sum of the item rows before any discount. */
  subtotalCents: cents,
  /** Each discount as a positive amount taken off. */
  autoDiscountCents: cents,
  earlyPaymentDiscountCents: cents,
  discountCodeCents: cents,
  taxName: z.string(),
  taxInclusive: z.boolean(),
  totalTaxCents: cents,
  cardFeeAmountCents: cents,
  cardFeePercentageBasisPoints: z.number().int(),
  surchargeCents: cents,
  /** Sum of every row, surcharge included. */
  totalCents: cents,
  customerCreditsCents: cents,
  /** What the payment method is charged: total − credits, never negative. */
  paymentAmountCents: cents,
});
export type QuoteTotals = z.infer<typeof quoteTotalsSchema>;

export const quoteSchema = z.object({
  rows: z.array(quoteRowSchema),
  invoices: z.array(quoteInvoiceSchema),
  /** Per key, the rows of that kind with their discounts and tax; with the surcharge they make the total. */
  paymentBreakdown: z.record(z.enum(PAYMENT_BREAKDOWN_KEYS), cents),
  totals: quoteTotalsSchema,
  discountCodes: z.array(discountCodeResultSchema),
  creditsUsed: z.array(creditUseSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
