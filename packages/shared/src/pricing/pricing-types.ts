/** The shapes the pricing engine takes and answers; shared by the server's quote and the web's display. */
import type { DateFormat } from '../date-time-text.ts';

/** Payment breakdown keys, exactly as the spec spells them (H9). */
export const PAYMENT_BREAKDOWN_KEYS = ['FullClass', 'Deposit', 'RegistrationFee', 'Package', 'Booking', 'OnlineInvoicePayment', 'CasualClass', 'AdditionalInvoiceitem'] as const;
export type PaymentBreakdownKey = (typeof PAYMENT_BREAKDOWN_KEYS)[number];

/** Invoice line types, exactly as the spec spells them (H17). */
export const INVOICE_LINE_TYPES = [
  'Custom',
  'Class',
  'Additional Invoice Item',
  'Package',
  'Discount Credit',
  'Bad Debt',
  'Time Scale Total',
  'Early Payment Discount',
  'Credit Card Surcharge',
  'Discount Code',
] as const;
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];

/** ISO day of the week: 1 Monday … 7 Sunday (the preferred-day codes of U17). */
export type IsoDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

interface CartLineBase {
  /** Unique within the cart; rows and allocations refer to it. */
  id: string;
  description: string;
  /** Whether the company charges tax on this item. */
  taxable: boolean;
}

/** An item priced as unit price × quantity (sessions for classes, units for packages and items). */
export interface QuantityCartLine extends CartLineBase {
  kind: 'FullClass' | 'Deposit' | 'RegistrationFee' | 'Package' | 'CasualClass' | 'AdditionalInvoiceitem';
  unitPriceCents: number;
  quantity: number;
  /** The class sold, for discount-code eligibility by class. */
  classId?: number | null;
  /** The first session (or start) of what is sold, for the early-payment discount. */
  startDate?: string | null;
}

/** A court booking: the booking type's price for its duration, or time-scale bands when enabled. */
export interface BookingCartLine extends CartLineBase {
  kind: 'Booking';
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, 24-hour, in the company's time zone */
  startTime: string;
  durationMinutes: number;
  /** The booking type's price for `durationMinutes`, used for minutes no time-scale band covers. */
  priceCents: number;
}

/** An existing invoice's balance paid through the invoice checkout. Its tax is already on the invoice. */
export interface InvoicePaymentCartLine extends Omit<CartLineBase, 'taxable'> {
  kind: 'OnlineInvoicePayment';
  /** The existing invoice this pays; its lines are priced under this invoice number. */
  invoiceNo: string;
  balanceDueCents: number;
  /**
   * The tax inside the balance due (the invoice's tax, in proportion when part of it is paid): its
   * row carries it, and a discount on the invoice takes off its share, so the invoice's tax stays
   * the tax on what it is paid. Absent: none.
   */
  taxInBalanceCents?: number;
  /** yyyy-MM-dd: the due date, for the early-payment discount. */
  dueDate?: string | null;
}

export type CartLine = QuantityCartLine | BookingCartLine | InvoicePaymentCartLine;

/** Time-scale pricing (H18): bands of the week with an hourly rate, when the company turns it on. */
export interface TimeScale {
  enabled: boolean;
  bands: readonly TimeScaleBand[];
}

export interface TimeScaleBand {
  /** Days the band applies to. */
  days: readonly IsoDay[];
  /** HH:mm inclusive */
  from: string;
  /** HH:mm exclusive; "24:00" for midnight */
  to: string;
  /** Price per hour inside the band; minutes are charged pro rata. */
  hourlyRateCents: number;
}

/** Applies to every qualifying line of an invoice that has at least `minQualifyingLines` of them. */
export interface AutoDiscountRule {
  id: string;
  name: string;
  appliesTo: readonly PaymentBreakdownKey[];
  minQualifyingLines: number;
  basisPoints: number;
}

/** Applies to a line whose start (or due) date is at least `daysBefore` days after today. */
export interface EarlyPaymentDiscount {
  appliesTo: readonly PaymentBreakdownKey[];
  daysBefore: number;
  basisPoints: number;
}

export interface PricingSettings {
  taxName: string;
  /** Tax rate in parts per million (10 % = 100,000; 8.875 % = 88,750). */
  taxRatePpm: number;
  /** True when the prices entered already include tax. */
  taxInclusive: boolean;
  currencySymbol: string;
  /** The company's DateFormat, for the dates its messages name (dd/MM/yyyy when absent). */
  dateFormat?: DateFormat;
  autoDiscounts: readonly AutoDiscountRule[];
  earlyPaymentDiscount: EarlyPaymentDiscount | null;
  timeScale: TimeScale;
  /** Card fee: a fixed amount and/or a percentage of the amount charged to the card. */
  cardSurcharge: { amountCents: number; basisPoints: number };
}

export type DiscountCodeValue = { kind: 'percent'; basisPoints: number } | { kind: 'amount'; cents: number };

export interface DiscountCode {
  code: string;
  value: DiscountCodeValue;
  /** yyyy-MM-dd, inclusive; null for no bound. */
  validFrom: string | null;
  validTo: string | null;
  /** null for unlimited. */
  maxUses: number | null;
  timesUsed: number;
  maxUsesPerClient: number | null;
  timesUsedByClient: number;
  /** Line kinds the code discounts; null for all. */
  eligibleKinds: readonly PaymentBreakdownKey[] | null;
  /** Classes the code discounts; null for all. Lines without a class are not eligible when set. */
  eligibleClassIds: readonly number[] | null;
  /** The eligible amount (after automatic and early-payment discounts) the invoice must reach. */
  minimumSpendCents: number;
}

/** A code the customer entered for one invoice (the spec's discount code entry). */
export interface DiscountCodeEntry {
  invoiceNo: string;
  discountCode: string;
}

export interface CustomerCredit {
  id: string;
  amountCents: number;
}

export type PaymentMethod = 'card' | 'direct_debit';

export interface PricingInput {
  /** yyyy-MM-dd in the company's time zone; the engine never reads a clock. */
  today: string;
  /** The number the new invoice (classes, bookings, fees) is quoted under. */
  newInvoiceNo: string;
  lines: readonly CartLine[];
  settings: PricingSettings;
  /** The entered entries and the company's codes they may name. */
  discountCodeEntries: readonly DiscountCodeEntry[];
  discountCodes: readonly DiscountCode[];
  /** The credits the customer selected, used in this order. */
  credits: readonly CustomerCredit[];
  paymentMethod: PaymentMethod;
}
