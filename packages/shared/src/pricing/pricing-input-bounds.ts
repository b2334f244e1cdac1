/**
 * The bounds the pricing engine prices within: money in whole cents up to MAX_CENTS, rates in
 * whole basis points (the tax rate in whole parts per million), real dates and clock times, distinct line ids, no invoice paid twice, and a
 * cart small enough that every product, tax and surcharge stays a safe integer.
 */
import { BASIS_POINTS, MAX_CENTS, PPM } from './money.ts';
import type { PricingInput } from './pricing-types.ts';
import { daysBetween, parseClockMinutes } from './time-scale.ts';

/** Input the engine refuses to price: the caller (the server) built it wrong. */
export class PricingInputError extends Error {
  override name = 'PricingInputError';
}

const MAX_QUANTITY = 10_000;

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS) throw new PricingInputError(`${what} must be whole cents between 0 and ${MAX_CENTS}`);
}

function assertBasisPoints(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > BASIS_POINTS) throw new PricingInputError(`${what} must be whole basis points between 0 and ${BASIS_POINTS}`);
}

function assertDate(value: string, what: string): void {
  try {
    daysBetween(value, value);
  } catch {
    throw new PricingInputError(`${what} must be a yyyy-MM-dd date`);
  }
}

/** Throws PricingInputError when the input breaks the engine's bounds, before anything is priced. */
export function assertPricingInput(input: PricingInput): void {
  const { settings } = input;
  assertDate(input.today, 'today');
  if (!Number.isInteger(settings.taxRatePpm) || settings.taxRatePpm < 0 || settings.taxRatePpm > PPM) throw new PricingInputError(`tax rate must be whole parts per million between 0 and ${PPM}`);
  assertCents(settings.cardSurcharge.amountCents, 'card surcharge amount');
  assertBasisPoints(settings.cardSurcharge.basisPoints, 'card surcharge percentage');
  for (const rule of settings.autoDiscounts) {
    assertBasisPoints(rule.basisPoints, `automatic discount ${rule.id}`);
    if (!Number.isInteger(rule.minQualifyingLines) || rule.minQualifyingLines < 1) throw new PricingInputError(`automatic discount ${rule.id} needs at least one qualifying line`);
  }
  if (settings.earlyPaymentDiscount) {
    assertBasisPoints(settings.earlyPaymentDiscount.basisPoints, 'early-payment discount');
    if (!Number.isInteger(settings.earlyPaymentDiscount.daysBefore) || settings.earlyPaymentDiscount.daysBefore < 0) throw new PricingInputError('early-payment days must be a whole number ≥ 0');
  }
  for (const band of settings.timeScale.bands) {
    assertCents(band.hourlyRateCents, 'time-scale rate');
    try {
      if (parseClockMinutes(band.from) >= parseClockMinutes(band.to)) throw new Error();
    } catch {
      throw new PricingInputError(`time-scale band ${band.from}–${band.to} must run forwards within a day`);
    }
  }
  for (const code of input.discountCodes) {
    if (code.value.kind === 'percent') assertBasisPoints(code.value.basisPoints, `discount code ${code.code}`);
    else assertCents(code.value.cents, `discount code ${code.code}`);
    assertCents(code.minimumSpendCents, `discount code ${code.code} minimum spend`);
    if (code.validFrom !== null) assertDate(code.validFrom, `discount code ${code.code} start`);
    if (code.validTo !== null) assertDate(code.validTo, `discount code ${code.code} end`);
  }
  let creditSum = 0;
  for (const credit of input.credits) {
    assertCents(credit.amountCents, `credit ${credit.id}`);
    creditSum += credit.amountCents;
  }
  assertCents(creditSum, 'credits');
  const ids = new Set<string>();
  const paidInvoices = new Set<string>();
  let cartSum = 0;
  for (const line of input.lines) {
    if (ids.has(line.id)) throw new PricingInputError(`line id ${line.id} is used twice`);
    ids.add(line.id);
    if (line.kind === 'OnlineInvoicePayment') {
      assertCents(line.balanceDueCents, `line ${line.id} balance`);
      if (line.taxInBalanceCents !== undefined) {
        assertCents(line.taxInBalanceCents, `line ${line.id} tax`);
        if (line.taxInBalanceCents > line.balanceDueCents) throw new PricingInputError(`line ${line.id} carries more tax than its balance`);
      }
      if (line.invoiceNo === input.newInvoiceNo || paidInvoices.has(line.invoiceNo)) throw new PricingInputError(`invoice ${line.invoiceNo} is paid twice`);
      paidInvoices.add(line.invoiceNo);
      if (line.dueDate) assertDate(line.dueDate, `line ${line.id} due date`);
      cartSum += line.balanceDueCents;
    } else if (line.kind === 'Booking') {
      assertCents(line.priceCents, `line ${line.id} price`);
      assertDate(line.date, `line ${line.id} date`);
      if (!Number.isInteger(line.durationMinutes) || line.durationMinutes < 1 || line.durationMinutes > 24 * 60) throw new PricingInputError(`line ${line.id} duration must be 1 to 1440 minutes`);
      try {
        if (parseClockMinutes(line.startTime) >= 24 * 60) throw new Error();
      } catch {
        throw new PricingInputError(`line ${line.id} start must be HH:mm`);
      }
      cartSum += line.priceCents + line.durationMinutes * Math.max(0, ...settings.timeScale.bands.map((b) => b.hourlyRateCents));
    } else {
      assertCents(line.unitPriceCents, `line ${line.id} unit price`);
      if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > MAX_QUANTITY) throw new PricingInputError(`line ${line.id} quantity must be 0 to ${MAX_QUANTITY}`);
      if (line.startDate) assertDate(line.startDate, `line ${line.id} start date`);
      cartSum += line.unitPriceCents * line.quantity;
    }
  }
  // Bounds every later product, tax and surcharge well inside safe integers.
  if (cartSum > MAX_CENTS) throw new PricingInputError('the cart is worth more than the engine prices');
}
