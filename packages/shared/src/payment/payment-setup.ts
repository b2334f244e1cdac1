/** The company's payment and pricing settings, kept in fin_setup beside the spec's fields (decision 024). */
import { z } from 'zod';
import { PAYMENT_BREAKDOWN_KEYS, type IsoDay, type TimeScale } from '../pricing/pricing-types.ts';
import { instalmentTermsSchema } from '../pricing/instalments.ts';

/** D1 §3: the payment type decides which payment details a customer is offered (K19). */
export const PAYMENT_TYPES = ['None', 'CreditCardPayments', 'DirectDebitDetails', 'EitherCCOrDD', 'GocardlessInstantBankPayment'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const percent = z.number().min(0).max(100);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Expected a time HH:mm (24-hour)');

export const paymentSetupShape = {
  PaymentType: z.enum(PAYMENT_TYPES).default('EitherCCOrDD'),
  /** ISO 4217 code sent to the gateway with every charge. */
  Currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('AUD'),
  /** Percent, e.g. 10 for 10 %; charged under TaxName. */
  TaxRatePercent: percent.default(0),
  /** Prices as entered include the tax (true) or have it added on top (false). */
  TaxInclusive: z.boolean().default(true),
  CardSurchargeAmountCents: z.number().int().min(0).max(100_000).default(0),
  CardSurchargePercent: percent.default(0),
  AutoDiscounts: z
    .array(
      z.object({
        Name: z.string().min(1),
        AppliesTo: z.array(z.enum(PAYMENT_BREAKDOWN_KEYS)).min(1),
        MinQualifyingLines: z.number().int().min(1),
        Percent: percent,
      }),
    )
    .default([]),
  EarlyPaymentDiscount: z
    .object({ AppliesTo: z.array(z.enum(PAYMENT_BREAKDOWN_KEYS)).min(1), DaysBefore: z.number().int().min(0), Percent: percent })
    .nullable()
    .default(null),
  /** Time-scale bands for court bookings (H18): the hourly rate inside the band on those days (1 Monday … 7 Sunday). */
  TimeScaleBands: z
    .array(
      z.object({
        Days: z.array(z.number().int().min(1).max(7)).min(1),
        From: hhmm,
        To: hhmm,
        HourlyRateCents: z.number().int().min(0),
      }),
    )
    .default([]),
  /** How long a checkout holds the places and court slots it sells while the customer pays. */
  CheckoutHoldMinutes: z.number().int().min(1).max(60).default(10),
  /** How many times a failed direct debit is collected again before the invoice is left for the family to pay (decision 104). */
  DirectDebitRetries: z.number().int().min(0).max(3).default(0),
  /** Classes may be paid in instalments on these terms (decision 105); null: paid at once. */
  Instalments: instalmentTermsSchema.nullable().default(null),
};

/** The company's time-scale settings as the pricing engine takes them. */
export function timeScaleOf(fin: { TimeScalePricingEnabled: boolean; TimeScaleBands: readonly { Days: number[]; From: string; To: string; HourlyRateCents: number }[] }): TimeScale {
  return {
    enabled: fin.TimeScalePricingEnabled,
    bands: fin.TimeScaleBands.map((band) => ({ days: band.Days as IsoDay[], from: band.From, to: band.To, hourlyRateCents: band.HourlyRateCents })),
  };
}
