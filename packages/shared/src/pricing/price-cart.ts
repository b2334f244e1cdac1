/**
 * The pricing engine: one pure function from a cart, the company's pricing settings, the
 * entered discount codes, the selected credits, the payment method and today's date to the
 * rows and totals the checkout shows and the invoice is written from. No clock, no I/O: the
 * same input always answers the same quote (decision 018).
 *
 * Money is integer cents and rates are basis points. Rounding rules:
 * - R1 Quantities: an item costs unit price × quantity, exactly.
 * - R2 Percentages (automatic, early-payment and percentage codes, the card surcharge's
 *   percentage) are taken per line, of the amount left on that line, rounded half up (half a
 *   cent goes away from zero).
 * - R3 A fixed-amount discount code is capped at the eligible amount left on the invoice and
 *   spread over the eligible lines in proportion to what is left on each, by largest remainder
 *   (floors first, the leftover cents to the largest fractions, ties to the earlier line): the
 *   shares add up to the code's amount and none exceeds its line. Fixed amounts and minimum
 *   spends are in the prices' own terms (before tax when prices exclude it).
 * - R4 Tax is computed per line, on the line's amount: added on top (amount × rate) when prices
 *   exclude tax, extracted (amount × rate / (1 + rate)) when they include it, rounded half up.
 *   The item row carries the tax on its price; each adjustment row carries the change it makes
 *   to the line's tax (tax after − tax before), so a line's rows carry exactly the tax on its
 *   net amount (within ½ cent of the rate), each row is within 1 cent of the rate on its own
 *   amount, and no line's tax goes below zero.
 * - R5 Time-scale bookings: each piece of the booking inside one band costs minutes × hourly
 *   rate / 60, pieces no band covers cost minutes × booking price / duration, each piece
 *   rounded half up; the booking costs the sum of its pieces. Where bands overlap the earlier
 *   band wins. Without time-scale pricing (or when no band touches it) a booking costs its price.
 * - R6 Customer credits pay at most the total; what they pay is spread over the invoices in
 *   proportion to their totals by largest remainder.
 * - R7 The card surcharge is its percentage of the amount left to charge after credits (R2) plus
 *   the fixed amount, only when paying by card and something is left to charge; it is spread
 *   over the invoices in proportion to what each still owes, by largest remainder. It is not
 *   taxed and nothing discounts it.
 *
 * Order of operations, per line: price (R1/R5) → automatic discount → early-payment discount →
 * discount code, each with its tax (R4); then per quote: credits → card surcharge.
 *
 * Identities every quote keeps: each row's total is its amount (tax-inclusive prices) or its
 * amount + tax (exclusive); an invoice's total is the sum of its rows; the quote's total is the
 * sum of the invoices; subtotal − discounts (+ tax when exclusive) + surcharge = total; total −
 * credits = payment amount ≥ 0; no line is discounted below zero.
 */
import { checkDiscountCode, findDiscountCode, isLineEligible, normaliseDiscountCode, rejectDiscountCode, type CodeRejection } from './discount-codes.ts';
import { allocateByLargestRemainder, divideRoundHalfUp, percentOf, taxOf } from './money.ts';
import { assertPricingInput } from './pricing-input-bounds.ts';
import { PAYMENT_BREAKDOWN_KEYS, type CartLine, type DiscountCode, type DiscountCodeEntry, type InvoiceLineType, type PaymentBreakdownKey, type PricingInput } from './pricing-types.ts';
import type { CreditUse, DiscountCodeResult, Quote, QuoteInvoice, QuoteRow } from './quote-schema.ts';
import { bookingPrice, daysBetween } from './time-scale.ts';

/** The invoice line type an item row is written as (H17). */
export const ITEM_LINE_TYPE: Record<PaymentBreakdownKey, InvoiceLineType> = {
  FullClass: 'Class',
  Deposit: 'Class',
  CasualClass: 'Class',
  RegistrationFee: 'Custom',
  Package: 'Package',
  Booking: 'Custom',
  OnlineInvoicePayment: 'Custom',
  AdditionalInvoiceitem: 'Additional Invoice Item',
};

interface Item {
  line: CartLine;
  invoiceNo: string;
  taxable: boolean;
  /**
   * An existing invoice's balance: the tax it carries and the amount that tax is on (the balance
   * where prices include tax, the balance less its tax where they exclude it); its discounts take
   * off tax in that proportion.
   */
  taxInBalance: { taxCents: number; baseCents: number } | null;
  /** Amount as entered still payable after the discounts so far. */
  remaining: number;
  rows: QuoteRow[];
}

function referenceDate(line: CartLine): string | null {
  if (line.kind === 'OnlineInvoicePayment') return line.dueDate || null;
  if (line.kind === 'Booking') return line.date;
  return line.startDate || null;
}

/** The tax on part of an invoice's balance: its share of the balance's tax, rounded half up. */
function shareOfTax(cents: number, inBalance: { taxCents: number; baseCents: number }): number {
  if (inBalance.baseCents === 0) return inBalance.taxCents;
  return Number(divideRoundHalfUp(BigInt(cents) * BigInt(inBalance.taxCents), BigInt(inBalance.baseCents)));
}

/** Prices a cart; throws PricingInputError when the input breaks the engine's bounds. */
export function priceCart(input: PricingInput): Quote {
  assertPricingInput(input);
  const { settings } = input;

  const tax = (cents: number) => taxOf(cents, settings.taxRatePpm, settings.taxInclusive);
  const makeRow = (fields: Omit<QuoteRow, 'taxCents' | 'totalCents'>, taxCents: number): QuoteRow => ({
    ...fields,
    taxCents,
    totalCents: settings.taxInclusive ? fields.amountCents : fields.amountCents + taxCents,
  });

  const addAdjustment = (item: Item, suffix: string, type: InvoiceLineType, description: string, cents: number): void => {
    const amount = Math.min(cents, item.remaining);
    if (amount <= 0) return;
    // The adjustment's tax is what it takes off the line's tax, so the line's rows carry exactly the tax on its net amount.
    const inBalance = item.taxInBalance;
    const taxCents = inBalance ? shareOfTax(item.remaining - amount, inBalance) - shareOfTax(item.remaining, inBalance) : item.taxable ? tax(item.remaining - amount) - tax(item.remaining) : 0;
    item.remaining -= amount;
    item.rows.push(
      makeRow(
        {
          id: `${item.line.id}:${suffix}`,
          invoiceNo: item.invoiceNo,
          type,
          lineId: item.line.id,
          breakdownKey: item.line.kind,
          description,
          quantity: 1,
          unitPriceCents: -amount,
          amountCents: -amount,
        },
        taxCents,
      ),
    );
  };

  // 1. Price each line.
  const items: Item[] = input.lines.map((line) => {
    const invoiceNo = line.kind === 'OnlineInvoicePayment' ? line.invoiceNo : input.newInvoiceNo;
    const taxable = line.kind === 'OnlineInvoicePayment' ? false : line.taxable;
    const inside = line.kind === 'OnlineInvoicePayment' ? (line.taxInBalanceCents ?? 0) : 0;
    const taxInBalance = line.kind === 'OnlineInvoicePayment' && inside > 0 ? { taxCents: inside, baseCents: settings.taxInclusive ? line.balanceDueCents : line.balanceDueCents - inside } : null;
    let type = ITEM_LINE_TYPE[line.kind];
    let quantity = 1;
    let unitPriceCents: number;
    let amount: number;
    if (line.kind === 'OnlineInvoicePayment') {
      unitPriceCents = amount = taxInBalance ? taxInBalance.baseCents : line.balanceDueCents;
    } else if (line.kind === 'Booking') {
      const priced = bookingPrice(line, settings.timeScale);
      if (priced.timeScaled) type = 'Time Scale Total';
      unitPriceCents = amount = priced.cents;
    } else {
      quantity = line.quantity;
      unitPriceCents = line.unitPriceCents;
      amount = line.unitPriceCents * line.quantity;
    }
    const row = makeRow(
      { id: line.id, invoiceNo, type, lineId: line.id, breakdownKey: line.kind, description: line.description, quantity, unitPriceCents, amountCents: amount },
      taxInBalance ? taxInBalance.taxCents : taxable ? tax(amount) : 0,
    );
    return { line, invoiceNo, taxable, taxInBalance, remaining: amount, rows: [row] };
  });

  const invoiceNos = [...new Set(items.map((i) => i.invoiceNo))];

  // 2. Automatic discounts: per invoice, the best qualifying rule for each line; rules do not stack.
  for (const invoiceNo of invoiceNos) {
    const invoiceItems = items.filter((i) => i.invoiceNo === invoiceNo);
    const qualifying = settings.autoDiscounts.filter((rule) => invoiceItems.filter((i) => rule.appliesTo.includes(i.line.kind)).length >= rule.minQualifyingLines);
    for (const item of invoiceItems) {
      const best = qualifying
        .filter((rule) => rule.appliesTo.includes(item.line.kind))
        .reduce<(typeof qualifying)[number] | null>((a, b) => (a === null || b.basisPoints > a.basisPoints ? b : a), null);
      if (best) addAdjustment(item, 'auto', 'Discount Credit', best.name, percentOf(item.remaining, best.basisPoints));
    }
  }

  // 3. Early-payment discount: the line starts (or falls due) at least daysBefore days after today.
  const early = settings.earlyPaymentDiscount;
  if (early) {
    for (const item of items) {
      const date = referenceDate(item.line);
      if (date === null || !early.appliesTo.includes(item.line.kind)) continue;
      if (daysBetween(input.today, date) < early.daysBefore) continue;
      addAdjustment(item, 'early', 'Early Payment Discount', 'Early Payment Discount', percentOf(item.remaining, early.basisPoints));
    }
  }

  // 4. Discount codes: one per invoice, checked in the order entered.
  const discountCodes: DiscountCodeResult[] = [];
  const codeOfInvoice = new Map<string, string>();
  const usesOfCode = new Map<string, number>();
  const judge = (entry: DiscountCodeEntry): CodeRejection | { ok: true; code: DiscountCode; eligible: Item[] } => {
    if (!invoiceNos.includes(entry.invoiceNo)) return rejectDiscountCode('unknown_invoice');
    if (codeOfInvoice.has(entry.invoiceNo)) return rejectDiscountCode('one_per_invoice');
    const code = findDiscountCode(input.discountCodes, entry.discountCode);
    if (!code) return rejectDiscountCode('not_found');
    const eligible = items.filter((i) => i.invoiceNo === entry.invoiceNo && isLineEligible(code, i.line));
    const check = checkDiscountCode({
      code,
      today: input.today,
      usesInThisQuote: usesOfCode.get(normaliseDiscountCode(code.code)) ?? 0,
      eligibleLineCount: eligible.length,
      eligibleAmountCents: eligible.reduce((sum, i) => sum + i.remaining, 0),
      currencySymbol: settings.currencySymbol,
      ...(settings.dateFormat ? { dateFormat: settings.dateFormat } : {}),
    });
    return check.ok ? { ok: true, code, eligible } : check;
  };
  for (const entry of input.discountCodeEntries) {
    const base = { invoiceNo: entry.invoiceNo, discountCode: entry.discountCode };
    const verdict = judge(entry);
    if (!verdict.ok) {
      discountCodes.push({ ...base, status: 'rejected', reason: verdict.reason, message: verdict.message });
      continue;
    }
    const { code, eligible } = verdict;
    const name = normaliseDiscountCode(code.code);
    const description = `Discount Code ${name}`;
    let shares: number[];
    if (code.value.kind === 'percent') {
      const bp = code.value.basisPoints;
      shares = eligible.map((i) => percentOf(i.remaining, bp));
    } else {
      const weights = eligible.map((i) => i.remaining);
      const cap = Math.min(
        code.value.cents,
        weights.reduce((a, b) => a + b, 0),
      );
      shares = allocateByLargestRemainder(cap, weights);
    }
    eligible.forEach((item, index) => addAdjustment(item, 'code', 'Discount Code', description, shares[index] ?? 0));
    codeOfInvoice.set(entry.invoiceNo, name);
    usesOfCode.set(name, (usesOfCode.get(name) ?? 0) + 1);
    discountCodes.push({ ...base, status: 'applied', discountCents: shares.reduce((a, b) => a + b, 0) });
  }

  // 5. Credits pay at most the total, spread over the invoices by their totals.
  const sumTotals = (rows: readonly QuoteRow[]) => rows.reduce((sum, r) => sum + r.totalCents, 0);
  const invoiceTotals = invoiceNos.map((no) => sumTotals(items.filter((i) => i.invoiceNo === no).flatMap((i) => i.rows)));
  const grandBeforeSurcharge = invoiceTotals.reduce((a, b) => a + b, 0);
  let creditLeft = grandBeforeSurcharge;
  const creditsUsed: CreditUse[] = [];
  for (const credit of input.credits) {
    const used = Math.min(credit.amountCents, creditLeft);
    creditLeft -= used;
    if (used > 0) creditsUsed.push({ creditId: credit.id, usedCents: used });
  }
  const creditTotal = grandBeforeSurcharge - creditLeft;
  const creditShares = allocateByLargestRemainder(creditTotal, invoiceTotals);

  // 6. Card surcharge on what is left to charge, spread over the invoices by what each still owes.
  const owed = invoiceTotals.map((total, index) => total - (creditShares[index] ?? 0));
  const toCharge = grandBeforeSurcharge - creditTotal;
  const { cardSurcharge } = settings;
  const surcharge = input.paymentMethod === 'card' && toCharge > 0 ? percentOf(toCharge, cardSurcharge.basisPoints) + cardSurcharge.amountCents : 0;
  const surchargeShares = allocateByLargestRemainder(surcharge, owed);

  const rows: QuoteRow[] = [];
  const invoices: QuoteInvoice[] = invoiceNos.map((invoiceNo, index) => {
    const invoiceRows = items.filter((i) => i.invoiceNo === invoiceNo).flatMap((i) => i.rows);
    const surchargeCents = surchargeShares[index] ?? 0;
    if (surchargeCents > 0) {
      invoiceRows.push(
        makeRow(
          {
            id: `${invoiceNo}:surcharge`,
            invoiceNo,
            type: 'Credit Card Surcharge',
            lineId: null,
            breakdownKey: null,
            description: 'Credit Card Surcharge',
            quantity: 1,
            unitPriceCents: surchargeCents,
            amountCents: surchargeCents,
          },
          0,
        ),
      );
    }
    rows.push(...invoiceRows);
    const totalCents = sumTotals(invoiceRows);
    const creditCents = creditShares[index] ?? 0;
    return {
      invoiceNo,
      totalCents,
      taxCents: invoiceRows.reduce((sum, r) => sum + r.taxCents, 0),
      creditCents,
      surchargeCents,
      paymentAmountCents: totalCents - creditCents,
      discountCode: codeOfInvoice.get(invoiceNo) ?? null,
    };
  });

  const paymentBreakdown = Object.fromEntries(PAYMENT_BREAKDOWN_KEYS.map((key) => [key, 0])) as Record<PaymentBreakdownKey, number>;
  for (const row of rows) if (row.breakdownKey) paymentBreakdown[row.breakdownKey] += row.totalCents;

  const amountOf = (type: InvoiceLineType) => rows.filter((r) => r.type === type).reduce((sum, r) => sum - r.amountCents, 0);
  const totalCents = sumTotals(rows);
  return {
    rows,
    invoices,
    paymentBreakdown,
    totals: {
      subtotalCents: items.reduce((sum, i) => sum + (i.rows[0]?.amountCents ?? 0), 0),
      autoDiscountCents: amountOf('Discount Credit'),
      earlyPaymentDiscountCents: amountOf('Early Payment Discount'),
      discountCodeCents: amountOf('Discount Code'),
      taxName: settings.taxName,
      taxInclusive: settings.taxInclusive,
      totalTaxCents: rows.reduce((sum, r) => sum + r.taxCents, 0),
      cardFeeAmountCents: cardSurcharge.amountCents,
      cardFeePercentageBasisPoints: cardSurcharge.basisPoints,
      surchargeCents: surcharge,
      totalCents,
      customerCreditsCents: creditTotal,
      paymentAmountCents: totalCents - creditTotal,
    },
    discountCodes,
    creditsUsed,
  };
}
