/** Builders for pricing inputs, for the engine's tests and the server's quote tests. */
import type { BookingCartLine, DiscountCode, InvoicePaymentCartLine, PricingInput, PricingSettings, QuantityCartLine } from './pricing-types.ts';

export const PLAIN_SETTINGS: PricingSettings = {
  taxName: 'GST',
  taxRatePpm: 100_000,
  taxInclusive: true,
  currencySymbol: '$',
  autoDiscounts: [],
  earlyPaymentDiscount: null,
  timeScale: { enabled: false, bands: [] },
  cardSurcharge: { amountCents: 0, basisPoints: 0 },
};

export function buildPricingInput(overrides: Partial<Omit<PricingInput, 'settings'>> & { settings?: Partial<PricingSettings> } = {}): PricingInput {
  const { settings, ...rest } = overrides;
  return {
    today: '2026-11-23',
    newInvoiceNo: 'NEW',
    lines: [],
    discountCodeEntries: [],
    discountCodes: [],
    credits: [],
    paymentMethod: 'card',
    ...rest,
    settings: { ...PLAIN_SETTINGS, ...settings },
  };
}

export function itemLine(id: string, kind: QuantityCartLine['kind'], unitPriceCents: number, quantity = 1, extra: Partial<QuantityCartLine> = {}): QuantityCartLine {
  return { id, kind, description: `${kind} ${id}`, taxable: true, unitPriceCents, quantity, ...extra };
}

export function bookingLine(id: string, extra: Partial<BookingCartLine> = {}): BookingCartLine {
  return { id, kind: 'Booking', description: `Court ${id}`, taxable: true, date: '2026-11-24', startTime: '10:00', durationMinutes: 60, priceCents: 2500, ...extra };
}

export function invoicePaymentLine(id: string, invoiceNo: string, balanceDueCents: number, extra: Partial<InvoicePaymentCartLine> = {}): InvoicePaymentCartLine {
  return { id, kind: 'OnlineInvoicePayment', description: `Invoice ${invoiceNo}`, invoiceNo, balanceDueCents, ...extra };
}

export function discountCode(code: string, extra: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code,
    value: { kind: 'percent', basisPoints: 1000 },
    validFrom: null,
    validTo: null,
    maxUses: null,
    timesUsed: 0,
    maxUsesPerClient: null,
    timesUsedByClient: 0,
    eligibleKinds: null,
    eligibleClassIds: null,
    minimumSpendCents: 0,
    ...extra,
  };
}
