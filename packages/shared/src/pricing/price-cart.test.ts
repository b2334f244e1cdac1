import { describe, expect, it } from 'vitest';
import { priceCart } from './price-cart.ts';
import { PricingInputError } from './pricing-input-bounds.ts';
import { bookingLine, buildPricingInput, discountCode, invoicePaymentLine, itemLine } from './pricing-fixtures.ts';
import { INVOICE_LINE_TYPES, PAYMENT_BREAKDOWN_KEYS, type AutoDiscountRule, type PricingInput, type TimeScaleBand } from './pricing-types.ts';
import { quoteSchema, type Quote } from './quote-schema.ts';

const pick = (quote: Quote) => quote.rows.map((r) => [r.id, r.type, r.amountCents, r.taxCents, r.totalCents]);

const PEAK_BANDS: TimeScaleBand[] = [
  { days: [1, 2, 3, 4, 5], from: '06:00', to: '17:00', hourlyRateCents: 2000 },
  { days: [1, 2, 3, 4, 5], from: '17:00', to: '22:00', hourlyRateCents: 3600 },
];
const MULTI_CLASS: AutoDiscountRule = { id: 'multi', name: 'Multi-class discount', appliesTo: ['FullClass'], minQualifyingLines: 2, basisPoints: 1000 };

describe('items', () => {
  it('prices a full class as session price × sessions, tax extracted from inclusive prices', () => {
    const quote = priceCart(buildPricingInput({ lines: [itemLine('c1', 'FullClass', 2500, 10, { classId: 7 })] }));
    expect(quote.rows).toEqual([
      {
        id: 'c1',
        invoiceNo: 'NEW',
        type: 'Class',
        lineId: 'c1',
        breakdownKey: 'FullClass',
        description: 'FullClass c1',
        quantity: 10,
        unitPriceCents: 2500,
        amountCents: 25000,
        taxCents: 2273,
        totalCents: 25000,
      },
    ]);
    expect(quote.totals).toMatchObject({ subtotalCents: 25000, totalTaxCents: 2273, totalCents: 25000, paymentAmountCents: 25000, taxName: 'GST', taxInclusive: true });
    expect(quote.paymentBreakdown.FullClass).toBe(25000);
  });

  it('adds tax on top when prices exclude it', () => {
    const quote = priceCart(buildPricingInput({ settings: { taxInclusive: false }, lines: [itemLine('c1', 'FullClass', 2500, 10)] }));
    expect(pick(quote)).toEqual([['c1', 'Class', 25000, 2500, 27500]]);
    expect(quote.totals).toMatchObject({ subtotalCents: 25000, totalTaxCents: 2500, totalCents: 27500 });
  });

  it('writes each kind of line under its invoice line type and breakdown key', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [
          itemLine('full', 'FullClass', 1000, 2),
          itemLine('dep', 'Deposit', 5000),
          itemLine('reg', 'RegistrationFee', 3000, 1, { taxable: false }),
          itemLine('pkg', 'Package', 12000, 2),
          itemLine('cas', 'CasualClass', 2200, 3),
          itemLine('add', 'AdditionalInvoiceitem', 990),
          bookingLine('court'),
          invoicePaymentLine('inv', 'INV-100', 4400),
        ],
      }),
    );
    expect(quote.rows.map((r) => [r.id, r.invoiceNo, r.type, r.breakdownKey, r.amountCents, r.taxCents])).toEqual([
      ['full', 'NEW', 'Class', 'FullClass', 2000, 182],
      ['dep', 'NEW', 'Class', 'Deposit', 5000, 455],
      ['reg', 'NEW', 'Custom', 'RegistrationFee', 3000, 0],
      ['pkg', 'NEW', 'Package', 'Package', 24000, 2182],
      ['cas', 'NEW', 'Class', 'CasualClass', 6600, 600],
      ['add', 'NEW', 'Additional Invoice Item', 'AdditionalInvoiceitem', 990, 90],
      ['court', 'NEW', 'Custom', 'Booking', 2500, 227],
      ['inv', 'INV-100', 'Custom', 'OnlineInvoicePayment', 4400, 0],
    ]);
    expect(quote.paymentBreakdown).toEqual({
      FullClass: 2000,
      Deposit: 5000,
      RegistrationFee: 3000,
      Package: 24000,
      Booking: 2500,
      OnlineInvoicePayment: 4400,
      CasualClass: 6600,
      AdditionalInvoiceitem: 990,
    });
    expect(quote.invoices.map((i) => [i.invoiceNo, i.totalCents, i.taxCents])).toEqual([
      ['NEW', 44090, 3736],
      ['INV-100', 4400, 0],
    ]);
    expect(quote.totals.totalCents).toBe(48490);
  });

  it('answers every breakdown key, and zero everywhere, for an empty cart', () => {
    const quote = priceCart(buildPricingInput({ credits: [{ id: 'cr', amountCents: 500 }], settings: { cardSurcharge: { amountCents: 30, basisPoints: 150 } } }));
    expect(Object.keys(quote.paymentBreakdown)).toEqual([...PAYMENT_BREAKDOWN_KEYS]);
    expect(Object.values(quote.paymentBreakdown).every((v) => v === 0)).toBe(true);
    expect(quote.rows).toEqual([]);
    expect(quote.invoices).toEqual([]);
    expect(quote.creditsUsed).toEqual([]);
    expect(quote.totals).toMatchObject({ totalCents: 0, surchargeCents: 0, customerCreditsCents: 0, paymentAmountCents: 0 });
  });

  it('prices a line of quantity zero at nothing', () => {
    expect(pick(priceCart(buildPricingInput({ lines: [itemLine('c', 'CasualClass', 2200, 0)] })))).toEqual([['c', 'Class', 0, 0, 0]]);
  });

  it('carries the tax inside an invoice’s balance, and a discount on it takes off its share', () => {
    // $22.50 with GST $2.05 inside, 10 % off: $20.25 with GST $1.85 (its share), not $2.05.
    const entry = { discountCodes: [discountCode('TEN')], discountCodeEntries: [{ invoiceNo: 'INV-7', discountCode: 'TEN' }] };
    const inclusive = priceCart(buildPricingInput({ lines: [invoicePaymentLine('inv', 'INV-7', 2250, { taxInBalanceCents: 205 })], ...entry }));
    expect(pick(inclusive)).toEqual([
      ['inv', 'Custom', 2250, 205, 2250],
      ['inv:code', 'Discount Code', -225, -20, -225],
    ]);
    expect(inclusive.totals).toMatchObject({ totalCents: 2025, totalTaxCents: 185 });
    // Where prices exclude tax, the rows keep amount + tax = total: $100.00 + $8.88, 10 % off.
    const exclusive = priceCart(buildPricingInput({ settings: { taxInclusive: false }, lines: [invoicePaymentLine('inv', 'INV-7', 10888, { taxInBalanceCents: 888 })], ...entry }));
    expect(pick(exclusive)).toEqual([
      ['inv', 'Custom', 10000, 888, 10888],
      ['inv:code', 'Discount Code', -1000, -89, -1089],
    ]);
    // A fixed amount is in the prices' own terms (R3): $10 off before tax.
    const fixed = priceCart(
      buildPricingInput({
        settings: { taxInclusive: false },
        lines: [invoicePaymentLine('inv', 'INV-7', 10888, { taxInBalanceCents: 888 })],
        discountCodes: [discountCode('TENOFF', { value: { kind: 'amount', cents: 1000 } })],
        discountCodeEntries: [{ invoiceNo: 'INV-7', discountCode: 'TENOFF' }],
      }),
    );
    expect(pick(fixed).at(-1)).toEqual(['inv:code', 'Discount Code', -1000, -89, -1089]);
    expect(exclusive.totals).toMatchObject({ subtotalCents: 10000, discountCodeCents: 1000, totalTaxCents: 799, totalCents: 9799 });
  });

  it('never taxes an existing invoice’s balance again', () => {
    const quote = priceCart(buildPricingInput({ settings: { taxInclusive: false }, lines: [invoicePaymentLine('inv', 'INV-9', 12345)] }));
    expect(pick(quote)).toEqual([['inv', 'Custom', 12345, 0, 12345]]);
  });
});

describe('bookings and time-scale pricing', () => {
  it('charges the booking type’s price when time-scale pricing is off, even with bands set', () => {
    const quote = priceCart(buildPricingInput({ settings: { timeScale: { enabled: false, bands: PEAK_BANDS } }, lines: [bookingLine('b', { startTime: '17:00' })] }));
    expect(pick(quote)).toEqual([['b', 'Custom', 2500, 227, 2500]]);
  });

  it('writes a Time Scale Total priced by time of day', () => {
    const settings = { timeScale: { enabled: true, bands: PEAK_BANDS } };
    const offPeak = priceCart(buildPricingInput({ settings, lines: [bookingLine('b', { startTime: '10:00' })] }));
    const across = priceCart(buildPricingInput({ settings, lines: [bookingLine('b', { startTime: '16:30' })] }));
    const peak = priceCart(buildPricingInput({ settings, lines: [bookingLine('b', { startTime: '18:00', durationMinutes: 90 })] }));
    expect(pick(offPeak)).toEqual([['b', 'Time Scale Total', 2000, 182, 2000]]);
    expect(pick(across)).toEqual([['b', 'Time Scale Total', 2800, 255, 2800]]);
    expect(pick(peak)).toEqual([['b', 'Time Scale Total', 5400, 491, 5400]]);
    expect(peak.paymentBreakdown.Booking).toBe(5400);
  });

  it('prices by day of week: a Saturday outside every band keeps the booking price', () => {
    const quote = priceCart(buildPricingInput({ settings: { timeScale: { enabled: true, bands: PEAK_BANDS } }, lines: [bookingLine('b', { date: '2026-11-28', startTime: '18:00' })] }));
    expect(pick(quote)).toEqual([['b', 'Custom', 2500, 227, 2500]]);
  });

  it('charges uncovered minutes of a partly covered booking pro rata', () => {
    const quote = priceCart(buildPricingInput({ settings: { timeScale: { enabled: true, bands: PEAK_BANDS } }, lines: [bookingLine('b', { startTime: '21:30' })] }));
    expect(pick(quote)).toEqual([['b', 'Time Scale Total', 1800 + 1250, 277, 3050]]);
  });
});

describe('automatic discounts', () => {
  it('needs the rule’s number of qualifying lines on the invoice', () => {
    const one = priceCart(buildPricingInput({ settings: { autoDiscounts: [MULTI_CLASS] }, lines: [itemLine('a', 'FullClass', 10000), itemLine('p', 'Package', 5000)] }));
    expect(one.totals.autoDiscountCents).toBe(0);
    expect(one.rows.some((r) => r.type === 'Discount Credit')).toBe(false);
  });

  it('takes the percentage off each qualifying line as a Discount Credit row', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: { autoDiscounts: [MULTI_CLASS] },
        lines: [itemLine('a', 'FullClass', 10000), itemLine('b', 'FullClass', 1005), itemLine('p', 'Package', 5000)],
      }),
    );
    expect(pick(quote)).toEqual([
      ['a', 'Class', 10000, 909, 10000],
      ['a:auto', 'Discount Credit', -1000, -91, -1000],
      ['b', 'Class', 1005, 91, 1005],
      ['b:auto', 'Discount Credit', -101, -9, -101], // 100.5 → 101
      ['p', 'Package', 5000, 455, 5000],
    ]);
    expect(quote.rows.find((r) => r.id === 'a:auto')).toMatchObject({ description: 'Multi-class discount', breakdownKey: 'FullClass', lineId: 'a' });
    expect(quote.totals).toMatchObject({ autoDiscountCents: 1101, totalCents: 14904 });
    expect(quote.paymentBreakdown.FullClass).toBe(9904);
  });

  it('applies only the best qualifying rule to a line; rules do not stack', () => {
    const rules: AutoDiscountRule[] = [MULTI_CLASS, { id: 'three', name: 'Three or more', appliesTo: ['FullClass', 'CasualClass'], minQualifyingLines: 3, basisPoints: 1500 }];
    const lines = [itemLine('a', 'FullClass', 10000), itemLine('b', 'FullClass', 10000), itemLine('c', 'CasualClass', 2000)];
    const quote = priceCart(buildPricingInput({ settings: { autoDiscounts: rules }, lines }));
    expect(quote.rows.filter((r) => r.type === 'Discount Credit').map((r) => [r.id, r.amountCents, r.description])).toEqual([
      ['a:auto', -1500, 'Three or more'],
      ['b:auto', -1500, 'Three or more'],
      ['c:auto', -300, 'Three or more'],
    ]);
  });

  it('counts qualifying lines per invoice', () => {
    const rule: AutoDiscountRule = { id: 'r', name: 'Two invoices', appliesTo: ['OnlineInvoicePayment'], minQualifyingLines: 2, basisPoints: 1000 };
    const quote = priceCart(buildPricingInput({ settings: { autoDiscounts: [rule] }, lines: [invoicePaymentLine('x', 'INV-1', 1000), invoicePaymentLine('y', 'INV-2', 1000)] }));
    expect(quote.totals.autoDiscountCents).toBe(0);
  });

  it('takes a 100 % rule down to zero and no further', () => {
    const quote = priceCart(buildPricingInput({ settings: { autoDiscounts: [{ ...MULTI_CLASS, basisPoints: 10000 }] }, lines: [itemLine('a', 'FullClass', 999), itemLine('b', 'FullClass', 1)] }));
    expect(quote.totals).toMatchObject({ autoDiscountCents: 1000, totalCents: 0, totalTaxCents: 0, paymentAmountCents: 0 });
  });
});

describe('early-payment discount', () => {
  const early = { appliesTo: ['FullClass', 'OnlineInvoicePayment'] as const, daysBefore: 14, basisPoints: 500 };

  it('applies when the start is at least the set number of days after today, and not a day later', () => {
    const lines = [
      itemLine('on-the-day', 'FullClass', 10000, 1, { startDate: '2026-12-07' }), // 14 days
      itemLine('too-late', 'FullClass', 10000, 1, { startDate: '2026-12-06' }), // 13 days
      itemLine('no-start', 'FullClass', 10000),
      itemLine('empty-start', 'FullClass', 10000, 1, { startDate: '' }),
      itemLine('other-kind', 'Package', 10000, 1, { startDate: '2027-01-01' }),
      invoicePaymentLine('inv', 'INV-5', 4000, { dueDate: '2027-01-31' }),
    ];
    const quote = priceCart(buildPricingInput({ settings: { earlyPaymentDiscount: early }, lines }));
    expect(quote.rows.filter((r) => r.type === 'Early Payment Discount').map((r) => [r.id, r.amountCents, r.taxCents])).toEqual([
      ['on-the-day:early', -500, -45],
      ['inv:early', -200, 0],
    ]);
    expect(quote.totals.earlyPaymentDiscountCents).toBe(700);
  });

  it('counts a booking from its date', () => {
    const settings = { earlyPaymentDiscount: { appliesTo: ['Booking'] as const, daysBefore: 7, basisPoints: 1000 } };
    const soon = priceCart(buildPricingInput({ settings, lines: [bookingLine('b', { date: '2026-11-29' })] }));
    const later = priceCart(buildPricingInput({ settings, lines: [bookingLine('b', { date: '2026-11-30' })] }));
    expect(soon.totals.earlyPaymentDiscountCents).toBe(0);
    expect(later.totals.earlyPaymentDiscountCents).toBe(250);
  });

  it('is taken from what is left after the automatic discount', () => {
    const lines = [itemLine('a', 'FullClass', 1000, 1, { startDate: '2027-01-01' }), itemLine('b', 'FullClass', 1000)];
    const quote = priceCart(buildPricingInput({ settings: { autoDiscounts: [MULTI_CLASS], earlyPaymentDiscount: early }, lines }));
    expect(quote.rows.filter((r) => r.lineId === 'a').map((r) => [r.type, r.amountCents])).toEqual([
      ['Class', 1000],
      ['Discount Credit', -100],
      ['Early Payment Discount', -45],
    ]);
  });
});

describe('discount codes', () => {
  const lines = [itemLine('a', 'FullClass', 1005, 1, { classId: 7 }), itemLine('b', 'FullClass', 1005, 1, { classId: 8 }), itemLine('p', 'Package', 3000)];
  const quoteWith = (code: Parameters<typeof discountCode>[1], entered = 'SAVE10', more: Partial<PricingInput> = {}) =>
    priceCart(buildPricingInput({ lines, discountCodes: [discountCode('SAVE10', code)], discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: entered }], ...more }));

  it('takes a percentage off every eligible line, half a cent up per line, as Discount Code rows', () => {
    const quote = quoteWith({});
    expect(quote.rows.filter((r) => r.type === 'Discount Code').map((r) => [r.id, r.amountCents, r.description])).toEqual([
      ['a:code', -101, 'Discount Code SAVE10'],
      ['b:code', -101, 'Discount Code SAVE10'],
      ['p:code', -300, 'Discount Code SAVE10'],
    ]);
    expect(quote.discountCodes).toEqual([{ invoiceNo: 'NEW', discountCode: 'SAVE10', status: 'applied', discountCents: 502 }]);
    expect(quote.invoices[0]?.discountCode).toBe('SAVE10');
    expect(quote.totals).toMatchObject({ discountCodeCents: 502, totalCents: 4508 });
  });

  it('matches the code whatever its case and surrounding spaces', () => {
    expect(quoteWith({}, '  save10 ').discountCodes[0]).toMatchObject({ status: 'applied', discountCents: 502 });
  });

  it('spreads a fixed amount over the eligible lines by largest remainder', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [itemLine('a', 'Package', 1000), itemLine('b', 'Package', 2000), itemLine('c', 'Package', 3000)],
        discountCodes: [discountCode('TEN', { value: { kind: 'amount', cents: 1000 } })],
        discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'TEN' }],
      }),
    );
    // 166.67, 333.33, 500 → floors 166, 333, 500; the last cent to the largest remainder (0.67).
    expect(quote.rows.filter((r) => r.type === 'Discount Code').map((r) => r.amountCents)).toEqual([-167, -333, -500]);
    expect(quote.totals.totalCents).toBe(5000);
  });

  it('caps a fixed amount at what the eligible lines still cost', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [itemLine('a', 'Package', 700), itemLine('r', 'RegistrationFee', 500)],
        discountCodes: [discountCode('BIG', { value: { kind: 'amount', cents: 5000 }, eligibleKinds: ['Package'] })],
        discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'BIG' }],
      }),
    );
    expect(quote.discountCodes[0]).toMatchObject({ status: 'applied', discountCents: 700 });
    expect(quote.totals).toMatchObject({ totalCents: 500, paymentAmountCents: 500 });
  });

  it('discounts only the kinds and classes it names', () => {
    const byKind = quoteWith({ eligibleKinds: ['Package'] });
    expect(byKind.rows.filter((r) => r.type === 'Discount Code').map((r) => r.id)).toEqual(['p:code']);
    const byClass = quoteWith({ eligibleClassIds: [8] });
    expect(byClass.rows.filter((r) => r.type === 'Discount Code').map((r) => r.id)).toEqual(['b:code']);
  });

  it('is valid from its first day to its last day inclusive', () => {
    expect(quoteWith({ validFrom: '2026-11-23', validTo: '2026-11-23' }).discountCodes[0]?.status).toBe('applied');
  });

  it('refuses a code with a reason for each rule it breaks', () => {
    const reasons = (code: Parameters<typeof discountCode>[1], entered?: string) => {
      const [result] = quoteWith(code, entered).discountCodes;
      return result?.status === 'rejected' ? [result.reason, result.message] : result;
    };
    expect(reasons({}, 'NOPE')).toEqual(['not_found', 'This discount code is not valid']);
    // The dates in the company's DateFormat (dd/MM/yyyy unless it says otherwise), as everywhere else in the portal.
    expect(reasons({ validFrom: '2026-11-24' })).toEqual(['not_yet_valid', 'This discount code is not valid until 24/11/2026']);
    expect(reasons({ validTo: '2026-11-22' })).toEqual(['expired', 'This discount code expired on 22/11/2026']);
    const american = quoteWith({ validTo: '2026-11-22' }, 'SAVE10', { settings: { ...buildPricingInput({ lines }).settings, dateFormat: 'MM/dd/yyyy' } }).discountCodes[0];
    expect(american).toMatchObject({ status: 'rejected', message: 'This discount code expired on 11/22/2026' });
    expect(reasons({ maxUses: 100, timesUsed: 100 })).toEqual(['usage_limit', 'This discount code has been fully used']);
    expect(reasons({ maxUsesPerClient: 1, timesUsedByClient: 1 })).toEqual(['client_usage_limit', 'You have already used this discount code']);
    expect(reasons({ eligibleKinds: ['Booking'] })).toEqual(['not_eligible', 'This discount code does not apply to the items on this invoice']);
    expect(reasons({ eligibleClassIds: [99] })).toEqual(['not_eligible', 'This discount code does not apply to the items on this invoice']);
    expect(reasons({ minimumSpendCents: 5011 })).toEqual(['minimum_spend', 'Spend at least $50.11 to use this discount code']);
    expect(reasons({ minimumSpendCents: 5010 })).toMatchObject({ status: 'applied' });
  });

  it('leaves the total untouched when it refuses a code', () => {
    const refused = quoteWith({ validTo: '2026-01-01' });
    expect(refused.rows.some((r) => r.type === 'Discount Code')).toBe(false);
    expect(refused.totals).toMatchObject({ discountCodeCents: 0, totalCents: 5010 });
    expect(refused.invoices[0]?.discountCode).toBeNull();
  });

  it('checks the minimum spend against the eligible amount after automatic discounts', () => {
    const quote = quoteWith({ minimumSpendCents: 5010 }, 'SAVE10', { settings: { ...buildPricingInput().settings, autoDiscounts: [MULTI_CLASS] } });
    expect(quote.discountCodes[0]).toMatchObject({ status: 'rejected', reason: 'minimum_spend' });
  });

  it('allows one code per invoice and names the invoice it belongs to', () => {
    const quote = priceCart(
      buildPricingInput({
        lines,
        discountCodes: [discountCode('SAVE10'), discountCode('MORE')],
        discountCodeEntries: [
          { invoiceNo: 'NEW', discountCode: 'SAVE10' },
          { invoiceNo: 'NEW', discountCode: 'MORE' },
          { invoiceNo: 'INV-404', discountCode: 'SAVE10' },
        ],
      }),
    );
    expect(quote.discountCodes.map((r) => (r.status === 'rejected' ? [r.discountCode, r.reason, r.message] : [r.discountCode, r.status]))).toEqual([
      ['SAVE10', 'applied'],
      ['MORE', 'one_per_invoice', 'Only one discount code can be used per invoice'],
      ['SAVE10', 'unknown_invoice', 'This invoice is not being paid'],
    ]);
    expect(quote.totals.discountCodeCents).toBe(502);
  });

  it('counts its uses within the same quote against its limits', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [invoicePaymentLine('x', 'INV-1', 1000), invoicePaymentLine('y', 'INV-2', 1000)],
        discountCodes: [discountCode('ONCE', { maxUses: 5, timesUsed: 4 })],
        discountCodeEntries: [
          { invoiceNo: 'INV-1', discountCode: 'ONCE' },
          { invoiceNo: 'INV-2', discountCode: 'once' },
        ],
      }),
    );
    expect(quote.discountCodes.map((r) => [r.invoiceNo, r.status])).toEqual([
      ['INV-1', 'applied'],
      ['INV-2', 'rejected'],
    ]);
    expect(quote.invoices.map((i) => [i.invoiceNo, i.totalCents, i.discountCode])).toEqual([
      ['INV-1', 900, 'ONCE'],
      ['INV-2', 1000, null],
    ]);
  });

  it('comes after the automatic and early-payment discounts', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: { autoDiscounts: [MULTI_CLASS], earlyPaymentDiscount: { appliesTo: ['FullClass'], daysBefore: 0, basisPoints: 1000 } },
        lines: [itemLine('a', 'FullClass', 10000, 1, { startDate: '2026-11-23' }), itemLine('b', 'FullClass', 10000)],
        discountCodes: [discountCode('SAVE10')],
        discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'SAVE10' }],
      }),
    );
    expect(quote.rows.filter((r) => r.lineId === 'a').map((r) => [r.type, r.amountCents])).toEqual([
      ['Class', 10000],
      ['Discount Credit', -1000],
      ['Early Payment Discount', -900],
      ['Discount Code', -810],
    ]);
  });
});

describe('tax on discounted lines', () => {
  it('gives each adjustment the change it makes to the line’s tax, so a line discounted to nothing carries no tax', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: {
          taxInclusive: false,
          taxRatePpm: 200_000,
          autoDiscounts: [{ ...MULTI_CLASS, minQualifyingLines: 1 }],
          earlyPaymentDiscount: { appliesTo: ['FullClass'], daysBefore: 0, basisPoints: 10000 },
        },
        lines: [itemLine('a', 'FullClass', 99, 8, { startDate: '2026-11-27' })],
      }),
    );
    // Row by row, 158.4 → 158, −15.8 → −16 and −142.6 → −143 would leave −1 of tax on nothing.
    // The line's tax goes 158 (on 792), 143 (on 713), 0 (on 0): the rows carry 158, −15, −143.
    expect(pick(quote)).toEqual([
      ['a', 'Class', 792, 158, 950],
      ['a:auto', 'Discount Credit', -79, -15, -94],
      ['a:early', 'Early Payment Discount', -713, -143, -856],
    ]);
    expect(quote.totals).toMatchObject({ totalTaxCents: 0, totalCents: 0 });
  });

  it('leaves untaxed lines and their discounts without tax', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [itemLine('r', 'RegistrationFee', 3000, 1, { taxable: false })],
        discountCodes: [discountCode('SAVE10')],
        discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'SAVE10' }],
      }),
    );
    expect(pick(quote)).toEqual([
      ['r', 'Custom', 3000, 0, 3000],
      ['r:code', 'Discount Code', -300, 0, -300],
    ]);
  });
});

describe('customer credits', () => {
  it('reduce the amount charged, used in the order selected', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [itemLine('a', 'Package', 10000)],
        credits: [
          { id: 'c1', amountCents: 2500 },
          { id: 'c2', amountCents: 1000 },
        ],
      }),
    );
    expect(quote.creditsUsed).toEqual([
      { creditId: 'c1', usedCents: 2500 },
      { creditId: 'c2', usedCents: 1000 },
    ]);
    expect(quote.totals).toMatchObject({ totalCents: 10000, customerCreditsCents: 3500, paymentAmountCents: 6500 });
  });

  it('pay at most the total and never make it negative', () => {
    const quote = priceCart(
      buildPricingInput({
        lines: [itemLine('a', 'Package', 3000)],
        credits: [
          { id: 'c1', amountCents: 2500 },
          { id: 'c2', amountCents: 1000 },
          { id: 'c3', amountCents: 1000 },
        ],
      }),
    );
    expect(quote.creditsUsed).toEqual([
      { creditId: 'c1', usedCents: 2500 },
      { creditId: 'c2', usedCents: 500 },
    ]);
    expect(quote.totals).toMatchObject({ totalCents: 3000, customerCreditsCents: 3000, paymentAmountCents: 0 });
  });
});

describe('card surcharge', () => {
  const surcharge = { cardSurcharge: { amountCents: 30, basisPoints: 150 } };

  it('is a percentage of the amount left after credits plus the fixed amount, as an untaxed row', () => {
    const quote = priceCart(buildPricingInput({ settings: { ...surcharge, taxInclusive: false }, lines: [itemLine('a', 'Package', 10000)], credits: [{ id: 'c', amountCents: 3000 }] }));
    // 11000 − 3000 = 8000 to charge; 1.5 % = 120, + 30.
    expect(quote.rows.at(-1)).toEqual({
      id: 'NEW:surcharge',
      invoiceNo: 'NEW',
      type: 'Credit Card Surcharge',
      lineId: null,
      breakdownKey: null,
      description: 'Credit Card Surcharge',
      quantity: 1,
      unitPriceCents: 150,
      amountCents: 150,
      taxCents: 0,
      totalCents: 150,
    });
    expect(quote.totals).toMatchObject({ surchargeCents: 150, totalCents: 11150, customerCreditsCents: 3000, paymentAmountCents: 8150, cardFeeAmountCents: 30, cardFeePercentageBasisPoints: 150 });
  });

  it('rounds the percentage half up', () => {
    const quote = priceCart(buildPricingInput({ settings: { cardSurcharge: { amountCents: 0, basisPoints: 150 } }, lines: [itemLine('a', 'Package', 1033)] }));
    expect(quote.totals.surchargeCents).toBe(15); // 15.495 → 15
    const up = priceCart(buildPricingInput({ settings: { cardSurcharge: { amountCents: 0, basisPoints: 150 } }, lines: [itemLine('a', 'Package', 1100)] }));
    expect(up.totals.surchargeCents).toBe(17); // 16.5 → 17
  });

  it('is not charged by direct debit, nor when credits pay everything', () => {
    const debit = priceCart(buildPricingInput({ settings: surcharge, paymentMethod: 'direct_debit', lines: [itemLine('a', 'Package', 10000)] }));
    expect(debit.totals).toMatchObject({ surchargeCents: 0, paymentAmountCents: 10000 });
    const credited = priceCart(buildPricingInput({ settings: surcharge, lines: [itemLine('a', 'Package', 10000)], credits: [{ id: 'c', amountCents: 10000 }] }));
    expect(credited.totals).toMatchObject({ surchargeCents: 0, paymentAmountCents: 0 });
    expect(credited.rows.some((r) => r.type === 'Credit Card Surcharge')).toBe(false);
  });
});

describe('combinations', () => {
  it('prices classes, a fee and a time-scale booking with every discount, tax on top, a credit and a card surcharge', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: {
          taxInclusive: false,
          autoDiscounts: [MULTI_CLASS],
          earlyPaymentDiscount: { appliesTo: ['FullClass'], daysBefore: 14, basisPoints: 500 },
          timeScale: { enabled: true, bands: PEAK_BANDS },
          cardSurcharge: { amountCents: 30, basisPoints: 150 },
        },
        lines: [
          itemLine('l1', 'FullClass', 2000, 10, { classId: 7, startDate: '2026-12-10' }),
          itemLine('l2', 'FullClass', 1500, 8, { classId: 8, startDate: '2026-11-30' }),
          itemLine('l3', 'RegistrationFee', 3000, 1, { taxable: false }),
          bookingLine('l4', { startTime: '16:30' }),
        ],
        discountCodes: [discountCode('SAVE15', { value: { kind: 'amount', cents: 1500 }, eligibleKinds: ['FullClass', 'Booking'], minimumSpendCents: 5000 })],
        discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'save15' }],
        credits: [{ id: 'c1', amountCents: 5000 }],
      }),
    );
    expect(pick(quote)).toEqual([
      ['l1', 'Class', 20000, 2000, 22000],
      ['l1:auto', 'Discount Credit', -2000, -200, -2200],
      ['l1:early', 'Early Payment Discount', -900, -90, -990],
      ['l1:code', 'Discount Code', -835, -83, -918], // tax 1626.5 → 1627 on the net 16265, less 1710
      ['l2', 'Class', 12000, 1200, 13200],
      ['l2:auto', 'Discount Credit', -1200, -120, -1320],
      ['l2:code', 'Discount Code', -528, -53, -581],
      ['l3', 'Custom', 3000, 0, 3000],
      ['l4', 'Time Scale Total', 2800, 280, 3080],
      ['l4:code', 'Discount Code', -137, -14, -151],
      ['NEW:surcharge', 'Credit Card Surcharge', 482, 0, 482],
    ]);
    expect(quote.totals).toEqual({
      subtotalCents: 37800,
      autoDiscountCents: 3200,
      earlyPaymentDiscountCents: 900,
      discountCodeCents: 1500,
      taxName: 'GST',
      taxInclusive: false,
      totalTaxCents: 2920,
      cardFeeAmountCents: 30,
      cardFeePercentageBasisPoints: 150,
      surchargeCents: 482,
      totalCents: 35602,
      customerCreditsCents: 5000,
      paymentAmountCents: 30602,
    });
    expect(quote.paymentBreakdown).toMatchObject({ FullClass: 29191, RegistrationFee: 3000, Booking: 2929, Deposit: 0 });
    expect(quote.discountCodes).toEqual([{ invoiceNo: 'NEW', discountCode: 'save15', status: 'applied', discountCents: 1500 }]);
  });

  it('spreads credits and the surcharge over a new invoice and an existing one, each adding up', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: { earlyPaymentDiscount: { appliesTo: ['OnlineInvoicePayment'], daysBefore: 7, basisPoints: 200 }, cardSurcharge: { amountCents: 0, basisPoints: 100 } },
        lines: [itemLine('pkg', 'Package', 11000), invoicePaymentLine('pay', 'INV-1', 4000, { dueDate: '2026-12-31' })],
        credits: [{ id: 'c', amountCents: 3000 }],
      }),
    );
    expect(quote.invoices).toEqual([
      { invoiceNo: 'NEW', totalCents: 11088, taxCents: 1000, creditCents: 2212, surchargeCents: 88, paymentAmountCents: 8876, discountCode: null },
      { invoiceNo: 'INV-1', totalCents: 3951, taxCents: 0, creditCents: 788, surchargeCents: 31, paymentAmountCents: 3163, discountCode: null },
    ]);
    expect(quote.totals).toMatchObject({ totalCents: 15039, surchargeCents: 119, customerCreditsCents: 3000, paymentAmountCents: 12039, totalTaxCents: 1000 });
    expect(quote.rows.map((r) => [r.id, r.invoiceNo, r.amountCents])).toEqual([
      ['pkg', 'NEW', 11000],
      ['NEW:surcharge', 'NEW', 88],
      ['pay', 'INV-1', 4000],
      ['pay:early', 'INV-1', -80],
      ['INV-1:surcharge', 'INV-1', 31],
    ]);
  });

  it('writes only the invoice line types of the spec', () => {
    const quote = priceCart(
      buildPricingInput({
        settings: { autoDiscounts: [MULTI_CLASS], cardSurcharge: { amountCents: 10, basisPoints: 0 }, timeScale: { enabled: true, bands: PEAK_BANDS } },
        lines: [itemLine('a', 'FullClass', 100), itemLine('b', 'FullClass', 100), bookingLine('c'), itemLine('d', 'AdditionalInvoiceitem', 5)],
      }),
    );
    for (const row of quote.rows) expect(INVOICE_LINE_TYPES).toContain(row.type);
    expect(quoteSchema.parse(quote)).toEqual(quote);
  });

  it('answers in the shape of the quote response schema, which refuses a line type the spec does not name', () => {
    const quote = priceCart(buildPricingInput({ lines: [itemLine('a', 'Package', 100)] }));
    expect(quoteSchema.safeParse(quote).success).toBe(true);
    const renamed = { ...quote, rows: quote.rows.map((r) => ({ ...r, type: 'Discount' })) };
    expect(quoteSchema.safeParse(renamed).success).toBe(false);
  });
});

describe('purity', () => {
  it('answers the same quote twice and leaves its input untouched', () => {
    const input = buildPricingInput({
      settings: { autoDiscounts: [MULTI_CLASS], cardSurcharge: { amountCents: 30, basisPoints: 150 } },
      lines: [itemLine('a', 'FullClass', 1234, 3), itemLine('b', 'FullClass', 999)],
      discountCodes: [discountCode('X')],
      discountCodeEntries: [{ invoiceNo: 'NEW', discountCode: 'X' }],
      credits: [{ id: 'c', amountCents: 100 }],
    });
    const snapshot = structuredClone(input);
    expect(priceCart(input)).toEqual(priceCart(input));
    expect(input).toEqual(snapshot);
  });
});

describe('input the engine refuses', () => {
  const refuse = (input: PricingInput) => expect(() => priceCart(input)).toThrow(PricingInputError);

  it('refuses fractional, negative or oversized money', () => {
    refuse(buildPricingInput({ lines: [itemLine('a', 'Package', 10.5)] }));
    refuse(buildPricingInput({ lines: [itemLine('a', 'Package', -1)] }));
    refuse(buildPricingInput({ lines: [itemLine('a', 'Package', 10_000_000_000, 2)] }));
    refuse(buildPricingInput({ credits: [{ id: 'c', amountCents: 0.1 }] }));
    refuse(buildPricingInput({ settings: { taxRatePpm: 10.5 } }));
    refuse(buildPricingInput({ settings: { cardSurcharge: { amountCents: 0, basisPoints: 20000 } } }));
    refuse(buildPricingInput({ discountCodes: [discountCode('X', { value: { kind: 'percent', basisPoints: 10001 } })] }));
  });

  it('refuses malformed lines and dates', () => {
    refuse(buildPricingInput({ lines: [itemLine('a', 'Package', 1), itemLine('a', 'Package', 1)] }));
    refuse(buildPricingInput({ lines: [itemLine('a', 'Package', 1, 1.5)] }));
    refuse(buildPricingInput({ today: '23/11/2026' }));
    refuse(buildPricingInput({ lines: [bookingLine('b', { startTime: '25:00' })] }));
    refuse(buildPricingInput({ lines: [bookingLine('b', { durationMinutes: 0 })] }));
    refuse(buildPricingInput({ lines: [bookingLine('b', { date: '2026-02-30' })] }));
    refuse(buildPricingInput({ settings: { timeScale: { enabled: true, bands: [{ days: [1], from: '18:00', to: '17:00', hourlyRateCents: 1 }] } } }));
  });

  it('refuses an invoice paid twice in one cart', () => {
    refuse(buildPricingInput({ lines: [invoicePaymentLine('x', 'INV-1', 100), invoicePaymentLine('y', 'INV-1', 100)] }));
    refuse(buildPricingInput({ lines: [invoicePaymentLine('x', 'NEW', 100)] }));
  });
});
