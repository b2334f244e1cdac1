import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder, BASIS_POINTS, PPM } from './money.ts';
import { priceCart } from './price-cart.ts';
import { PLAIN_SETTINGS } from './pricing-fixtures.ts';
import { quoteSchema } from './quote-schema.ts';
import { addDays } from './time-scale.ts';
import { PAYMENT_BREAKDOWN_KEYS, type CartLine, type DiscountCode, type IsoDay, type PricingInput, type PricingSettings, type TimeScaleBand } from './pricing-types.ts';

const TODAY = '2026-11-23';
const QUANTITY_KINDS = ['FullClass', 'Deposit', 'RegistrationFee', 'Package', 'CasualClass', 'AdditionalInvoiceitem'] as const;
const INVOICES = ['NEW', 'INV-1', 'INV-2', 'INV-3'] as const;
const CODE_NAMES = ['SAVE', 'TEN', 'HALF', 'GHOST'] as const;

const kinds = fc.subarray([...PAYMENT_BREAKDOWN_KEYS], { minLength: 1 });
const basisPoints = fc.oneof(fc.constantFrom(0, 500, 1000, 10000), fc.integer({ min: 0, max: BASIS_POINTS }));
const date = fc.integer({ min: -30, max: 90 }).map((offset) => addDays(TODAY, offset));
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const band: fc.Arbitrary<TimeScaleBand> = fc
  .record({
    days: fc.subarray<IsoDay>([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    a: fc.integer({ min: 0, max: 1440 }),
    b: fc.integer({ min: 0, max: 1440 }),
    hourlyRateCents: fc.integer({ min: 0, max: 20000 }),
  })
  .filter(({ a, b }) => a !== b)
  .map(({ days, a, b, hourlyRateCents }) => ({ days, from: clock(Math.min(a, b)), to: clock(Math.max(a, b)), hourlyRateCents }));

const settings: fc.Arbitrary<PricingSettings> = fc.record({
  taxName: fc.constantFrom('GST', 'VAT', 'Sales Tax'),
  taxRatePpm: fc.oneof(fc.constantFrom(0, 88_750, 100_000, 150_000, 200_000), fc.integer({ min: 0, max: 300_000 })),
  taxInclusive: fc.boolean(),
  currencySymbol: fc.constant('$'),
  autoDiscounts: fc.array(fc.record({ id: fc.constant('rule'), name: fc.constant('Auto'), appliesTo: kinds, minQualifyingLines: fc.integer({ min: 1, max: 3 }), basisPoints }), { maxLength: 3 }),
  earlyPaymentDiscount: fc.option(fc.record({ appliesTo: kinds, daysBefore: fc.integer({ min: 0, max: 60 }), basisPoints }), { nil: null }),
  timeScale: fc.record({ enabled: fc.boolean(), bands: fc.array(band, { maxLength: 4 }) }),
  cardSurcharge: fc.record({ amountCents: fc.integer({ min: 0, max: 500 }), basisPoints: fc.integer({ min: 0, max: 500 }) }),
});

const cents = fc.oneof(fc.constantFrom(0, 1, 5, 99, 100, 1005), fc.integer({ min: 0, max: 200_000 }));

const line = (id: string, invoiceNo: string): fc.Arbitrary<CartLine> =>
  fc.oneof(
    fc.record({
      id: fc.constant(id),
      kind: fc.constantFrom(...QUANTITY_KINDS),
      description: fc.constant(id),
      taxable: fc.boolean(),
      unitPriceCents: cents,
      quantity: fc.integer({ min: 0, max: 20 }),
      classId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      startDate: fc.option(date, { nil: null }),
    }),
    fc.record({
      id: fc.constant(id),
      kind: fc.constant('Booking' as const),
      description: fc.constant(id),
      taxable: fc.boolean(),
      date,
      startTime: fc.integer({ min: 0, max: 1439 }).map(clock),
      durationMinutes: fc.integer({ min: 1, max: 300 }),
      priceCents: cents,
    }),
    fc
      .record({
        id: fc.constant(id),
        kind: fc.constant('OnlineInvoicePayment' as const),
        description: fc.constant(id),
        invoiceNo: fc.constant(invoiceNo),
        balanceDueCents: cents,
        dueDate: fc.option(date, { nil: null }),
        // The tax inside the balance, as a share of it (none, or up to all of it).
        taxShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
      })
      .map(({ taxShare, ...line }) => (taxShare === undefined ? line : { ...line, taxInBalanceCents: Math.floor((line.balanceDueCents * taxShare) / 100) })),
  );

const code = (name: string): fc.Arbitrary<DiscountCode> =>
  fc.record({
    code: fc.constant(name),
    value: fc.oneof(fc.record({ kind: fc.constant('percent' as const), basisPoints }), fc.record({ kind: fc.constant('amount' as const), cents })),
    validFrom: fc.option(date, { nil: null }),
    validTo: fc.option(date, { nil: null }),
    maxUses: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    timesUsed: fc.integer({ min: 0, max: 3 }),
    maxUsesPerClient: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    timesUsedByClient: fc.integer({ min: 0, max: 2 }),
    eligibleKinds: fc.option(kinds, { nil: null }),
    eligibleClassIds: fc.option(fc.subarray([1, 2, 3, 4]), { nil: null }),
    minimumSpendCents: fc.oneof(fc.constant(0), cents),
  });

const pricingInput: fc.Arbitrary<PricingInput> = fc
  .record({
    settings,
    lineCount: fc.integer({ min: 0, max: 8 }),
    codes: fc.tuple(code('SAVE'), code('TEN'), code('HALF')),
    entries: fc.array(fc.record({ invoiceNo: fc.constantFrom(...INVOICES), discountCode: fc.constantFrom(...CODE_NAMES, 'save', ' ten ') }), { maxLength: 4 }),
    credits: fc.array(cents, { maxLength: 3 }),
    paymentMethod: fc.constantFrom('card' as const, 'direct_debit' as const),
  })
  .chain(({ lineCount, ...rest }) =>
    // The i-th existing invoice can be paid at most once: lines 0..2 may pay INV-1..3.
    fc.tuple(...Array.from({ length: lineCount }, (_, i) => line(`l${i}`, i < 3 ? `INV-${i + 1}` : 'NEW'))).map((lines) => ({
      today: TODAY,
      newInvoiceNo: 'NEW',
      lines: lines.filter((l, i) => l.kind !== 'OnlineInvoicePayment' || i < 3),
      settings: rest.settings,
      discountCodes: rest.codes,
      discountCodeEntries: rest.entries,
      credits: rest.credits.map((amountCents, i) => ({ id: `c${i}`, amountCents })),
      paymentMethod: rest.paymentMethod,
    })),
  );

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const RUNS = { numRuns: 400 };

describe('pricing properties', () => {
  it('never answers a negative total, invoice or payment', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const quote = priceCart(input);
        expect(quote.totals.totalCents).toBeGreaterThanOrEqual(0);
        expect(quote.totals.paymentAmountCents).toBeGreaterThanOrEqual(0);
        expect(quote.totals.surchargeCents).toBeGreaterThanOrEqual(0);
        for (const invoice of quote.invoices) {
          expect(invoice.totalCents).toBeGreaterThanOrEqual(0);
          expect(invoice.paymentAmountCents).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('adds up to the cent: rows to invoices, invoices to the total, the total to its parts', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const { rows, invoices, totals, paymentBreakdown, creditsUsed } = priceCart(input);
        for (const row of rows) expect(row.totalCents).toBe(totals.taxInclusive ? row.amountCents : row.amountCents + row.taxCents);
        for (const invoice of invoices) {
          const own = rows.filter((r) => r.invoiceNo === invoice.invoiceNo);
          expect(invoice.totalCents).toBe(sum(own.map((r) => r.totalCents)));
          expect(invoice.taxCents).toBe(sum(own.map((r) => r.taxCents)));
          expect(invoice.surchargeCents).toBe(sum(own.filter((r) => r.type === 'Credit Card Surcharge').map((r) => r.totalCents)));
          expect(invoice.paymentAmountCents).toBe(invoice.totalCents - invoice.creditCents);
        }
        expect(totals.totalCents).toBe(sum(rows.map((r) => r.totalCents)));
        expect(totals.totalCents).toBe(sum(invoices.map((i) => i.totalCents)));
        expect(totals.totalTaxCents).toBe(sum(rows.map((r) => r.taxCents)));
        expect(totals.paymentAmountCents).toBe(sum(invoices.map((i) => i.paymentAmountCents)));
        expect(totals.customerCreditsCents).toBe(sum(invoices.map((i) => i.creditCents)));
        expect(totals.customerCreditsCents).toBe(sum(creditsUsed.map((c) => c.usedCents)));
        expect(totals.surchargeCents).toBe(sum(invoices.map((i) => i.surchargeCents)));
        expect(totals.paymentAmountCents).toBe(totals.totalCents - totals.customerCreditsCents);
        const discounts = totals.autoDiscountCents + totals.earlyPaymentDiscountCents + totals.discountCodeCents;
        expect(totals.subtotalCents - discounts + (totals.taxInclusive ? 0 : totals.totalTaxCents) + totals.surchargeCents).toBe(totals.totalCents);
        expect(sum(Object.values(paymentBreakdown)) + totals.surchargeCents).toBe(totals.totalCents);
      }),
      RUNS,
    );
  });

  it('never discounts a line below zero, nor a code by more than it is worth', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const quote = priceCart(input);
        for (const cartLine of input.lines) {
          const [item, ...adjustments] = quote.rows.filter((r) => r.lineId === cartLine.id);
          expect(item?.id).toBe(cartLine.id);
          for (const a of adjustments) expect(a.amountCents).toBeLessThan(0);
          expect((item?.amountCents ?? 0) + sum(adjustments.map((a) => a.amountCents))).toBeGreaterThanOrEqual(0);
          expect((item?.totalCents ?? 0) + sum(adjustments.map((a) => a.totalCents))).toBeGreaterThanOrEqual(0);
        }
        expect(quote.discountCodes).toHaveLength(input.discountCodeEntries.length);
        for (const result of quote.discountCodes) {
          const rows = quote.rows.filter((r) => r.invoiceNo === result.invoiceNo && r.type === 'Discount Code');
          if (result.status === 'rejected') {
            expect(result.message.length).toBeGreaterThan(0);
            continue;
          }
          expect(result.discountCents).toBe(sum(rows.map((r) => -r.amountCents)));
          const codeValue = input.discountCodes.find((c) => c.code === result.discountCode.trim().toUpperCase())?.value;
          if (codeValue?.kind === 'amount') expect(result.discountCents).toBeLessThanOrEqual(codeValue.cents);
        }
        for (const credit of quote.creditsUsed) {
          expect(credit.usedCents).toBeLessThanOrEqual(input.credits.find((c) => c.id === credit.creditId)?.amountCents ?? 0);
        }
      }),
      RUNS,
    );
  });

  it('taxes each line exactly on its net amount, each row within a cent of the rate', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const quote = priceCart(input);
        const rate = input.settings.taxRatePpm;
        const den = input.settings.taxInclusive ? PPM + rate : PPM;
        // |tax − amount × rate / den| ≤ limit, kept in integers.
        const within = (taxCents: number, amountCents: number, limit: number) => expect(Math.abs(taxCents * den - amountCents * rate)).toBeLessThanOrEqual(limit * den);
        for (const cartLine of input.lines) {
          const rows = quote.rows.filter((r) => r.lineId === cartLine.id);
          if (cartLine.kind === 'OnlineInvoicePayment') {
            // The invoice's own tax, in proportion to what is left to pay of it (within half a cent).
            // Where prices exclude tax, the balance is the amount plus its tax.
            const tax = cartLine.taxInBalanceCents ?? 0;
            const base = input.settings.taxInclusive ? cartLine.balanceDueCents : cartLine.balanceDueCents - tax;
            const left = sum(rows.map((r) => r.amountCents));
            if (base > 0) expect(Math.abs(2 * sum(rows.map((r) => r.taxCents)) * base - 2 * left * tax)).toBeLessThanOrEqual(base);
            expect(sum(rows.map((r) => r.totalCents))).toBeLessThanOrEqual(cartLine.balanceDueCents);
            continue;
          }
          const untaxed = !cartLine.taxable;
          for (const row of rows) {
            if (untaxed) expect(row.taxCents).toBe(0);
            else within(row.taxCents, row.amountCents, 1);
          }
          if (!untaxed) within(2 * sum(rows.map((r) => r.taxCents)), 2 * sum(rows.map((r) => r.amountCents)), 1);
          expect(sum(rows.map((r) => r.taxCents))).toBeGreaterThanOrEqual(0);
        }
        for (const row of quote.rows.filter((r) => r.type === 'Credit Card Surcharge')) expect(row.taxCents).toBe(0);
      }),
      RUNS,
    );
  });

  it('charges a surcharge only by card and only on something left to pay after credits', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const { totals } = priceCart(input);
        const beforeSurcharge = totals.totalCents - totals.surchargeCents;
        if (input.paymentMethod !== 'card' || beforeSurcharge === totals.customerCreditsCents) expect(totals.surchargeCents).toBe(0);
        else {
          const toCharge = beforeSurcharge - totals.customerCreditsCents;
          const { amountCents, basisPoints } = input.settings.cardSurcharge;
          expect(Math.abs(2 * ((totals.surchargeCents - amountCents) * BASIS_POINTS - toCharge * basisPoints))).toBeLessThanOrEqual(BASIS_POINTS);
        }
      }),
      RUNS,
    );
  });

  it('answers the same quote, in the response schema’s shape, for the same input and leaves the input as it was', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const copy = structuredClone(input);
        const first = priceCart(input);
        expect(quoteSchema.parse(first)).toEqual(first);
        expect(input).toEqual(copy);
        expect(priceCart(copy)).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('prices with no settings beyond tax exactly as the plain sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cents, fc.integer({ min: 0, max: 20 })), { maxLength: 8 }), (items) => {
        const lines = items.map(([unitPriceCents, quantity], i) => ({ id: `l${i}`, kind: 'Package' as const, description: '', taxable: true, unitPriceCents, quantity }));
        const quote = priceCart({ today: TODAY, newInvoiceNo: 'NEW', lines, settings: PLAIN_SETTINGS, discountCodes: [], discountCodeEntries: [], credits: [], paymentMethod: 'card' });
        expect(quote.totals.totalCents).toBe(sum(items.map(([u, q]) => u * q)));
      }),
    );
  });
});

describe('allocateByLargestRemainder properties', () => {
  it('adds up, stays within a cent of the exact share and never exceeds a weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const total = sum(weights);
        fc.pre(total > 0);
        const amount = Math.floor(total * fraction);
        const shares = allocateByLargestRemainder(amount, weights);
        expect(sum(shares)).toBe(amount);
        shares.forEach((share, i) => {
          const w = weights[i] ?? 0;
          expect(share).toBeLessThanOrEqual(w);
          expect(Math.abs(share * total - amount * w)).toBeLessThan(total);
        });
      }),
      RUNS,
    );
  });
});
