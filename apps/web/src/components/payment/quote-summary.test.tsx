// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import { quoteRow } from '@/test/registration-fixtures';
import { QuoteSummary } from './quote-summary';

afterEach(cleanup);

const quote = {
  rows: [
    quoteRow('r1', 'Custom', 'Registration fee', 3000),
    quoteRow('r2', 'Additional Invoice Item', 'Swim cap and goggles', 990),
    quoteRow('r3', 'Discount Code', 'Discount Code SUMMER10', -300),
    quoteRow('r4', 'Early Payment Discount', 'Early Payment Discount', -100),
    quoteRow('r5', 'Class', 'Mia Ng – Dolphin', 20000),
  ],
  invoices: [],
  paymentBreakdown: {},
  totals: {
    subtotalCents: 23590,
    autoDiscountCents: 0,
    earlyPaymentDiscountCents: 100,
    discountCodeCents: 300,
    taxName: 'GST',
    taxInclusive: true,
    totalTaxCents: 0,
    cardFeeAmountCents: 0,
    cardFeePercentageBasisPoints: 0,
    surchargeCents: 0,
    totalCents: 23190,
    customerCreditsCents: 0,
    paymentAmountCents: 23190,
  },
  discountCodes: [],
  creditsUsed: [],
  currencySymbol: '$',
  cardPaymentsAvailable: true,
} as unknown as QuoteAnswer;

describe('QuoteSummary', () => {
  it('names each line’s type as a parent says it, and never repeats what the description already says', () => {
    render(<QuoteSummary quote={quote} />);
    const table = screen.getByRole('table', { name: 'Items and charges' });
    expect(within(table).queryByText('Custom')).toBeNull();
    expect(within(table).queryByText('Additional Invoice Item')).toBeNull();
    const cells = (id: string) => [...table.querySelectorAll(`tr[data-row-type] td`)].filter((td) => td.closest('tr')?.querySelector('td')?.textContent?.startsWith(id));
    const text = (description: string) =>
      cells(description)
        .map((td) => td.textContent)
        .join(' │ ');
    expect(text('Registration fee')).toContain('Charge');
    expect(text('Swim cap and goggles')).toContain('Extra item');
    expect(text('Mia Ng – Dolphin')).toContain('Class');
    // "Discount Code SUMMER10 │ Discount Code" said it twice.
    expect(text('Discount Code SUMMER10').match(/Discount Code/gi)).toHaveLength(1);
    expect(text('Early Payment Discount').match(/Early Payment Discount/g)).toHaveLength(1);
  });
});

describe('QuoteSummary with tax added to the prices and a card fee', () => {
  const exclusive = {
    ...quote,
    rows: [
      { ...quoteRow('c1', 'Class', 'Leo Park – Sharks', 25000), taxCents: 2500, totalCents: 27500 },
      { ...quoteRow('s1', 'Credit Card Surcharge', 'Credit Card Surcharge', 413), taxCents: 0 },
    ],
    totals: {
      ...quote.totals,
      subtotalCents: 25000,
      earlyPaymentDiscountCents: 0,
      discountCodeCents: 0,
      taxInclusive: false,
      totalTaxCents: 2500,
      cardFeePercentageBasisPoints: 150,
      surchargeCents: 413,
      totalCents: 27913,
      paymentAmountCents: 27913,
    },
  } as QuoteAnswer;

  it('lists each item at the price the subtotal adds up, and the card fee once', () => {
    render(<QuoteSummary quote={exclusive} />);
    const table = screen.getByRole('table', { name: 'Items and charges' });
    // The class read $275.00 above a $250.00 subtotal and the GST added again below it.
    expect(within(table).getByText('$250.00')).toBeDefined();
    expect(within(table).queryByText('$275.00')).toBeNull();
    // The surcharge was a row of the table and a line of the totals: a parent adding up counted it twice.
    expect(screen.getAllByText(/Credit Card Surcharge/)).toHaveLength(1);
    expect(screen.getByText('Credit Card Surcharge (1.5%)')).toBeDefined();
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('$279.13');
  });
});
