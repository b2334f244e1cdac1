import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder, divideRoundHalfUp, formatCents, percentOf, taxOf, taxRatePpm } from './money.ts';

describe('divideRoundHalfUp', () => {
  it('rounds half away from zero', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divideRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divideRoundHalfUp(-8n, 3n)).toBe(-3n);
    expect(divideRoundHalfUp(0n, 3n)).toBe(0n);
  });

  it('refuses a divisor of zero', () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('takes basis points of cents, half a cent up', () => {
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(percentOf(4, 1000)).toBe(0); // 0.4 → 0
    expect(percentOf(1999, 1250)).toBe(250); // 249.875
    expect(percentOf(12345, 10000)).toBe(12345);
    expect(percentOf(12345, 0)).toBe(0);
  });
});

describe('taxOf', () => {
  it('adds tax on top of exclusive prices', () => {
    expect(taxOf(10000, 100_000, false)).toBe(1000);
    expect(taxOf(1005, 100_000, false)).toBe(101); // 100.5
    expect(taxOf(1004, 100_000, false)).toBe(100); // 100.4
  });

  it('taxes at a rate with three decimals as entered: New York’s 8.875 % on $45.00 is $3.99, not 8.88 %’s $4.00', () => {
    expect(taxRatePpm(8.875)).toBe(88_750);
    expect(taxOf(4500, taxRatePpm(8.875), false)).toBe(399); // 399.375
    expect(taxOf(4899, taxRatePpm(8.875), true)).toBe(399); // 399.34…
    expect(taxRatePpm(10)).toBe(100_000);
  });

  it('extracts tax from inclusive prices', () => {
    expect(taxOf(11000, 100_000, true)).toBe(1000);
    expect(taxOf(1000, 100_000, true)).toBe(91); // 90.909…
    expect(taxOf(12000, 200_000, true)).toBe(2000); // UK VAT 20 %
    expect(taxOf(1, 100_000, true)).toBe(0);
  });

  it('gives a negative row exactly the negated tax of a positive one', () => {
    for (const cents of [1, 5, 15, 155, 1005, 99999]) {
      expect(taxOf(-cents, 100_000, false) + taxOf(cents, 100_000, false)).toBe(0);
      expect(taxOf(-cents, 150_000, true) + taxOf(cents, 150_000, true)).toBe(0);
    }
  });
});

describe('allocateByLargestRemainder', () => {
  it('splits in proportion and always adds up', () => {
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocateByLargestRemainder(10, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(allocateByLargestRemainder(7, [5, 5, 5])).toEqual([3, 2, 2]);
  });

  it('gives the leftover cents to the largest fractions, ties to the earlier weight', () => {
    // 5 × 1/6 = 0.83, 5 × 2/6 = 1.67, 5 × 3/6 = 2.5 → floors 0, 1, 2; two cents left: 0.83 then 0.67.
    expect(allocateByLargestRemainder(5, [1, 2, 3])).toEqual([1, 2, 2]);
    expect(allocateByLargestRemainder(1, [7, 7])).toEqual([1, 0]);
  });

  it('never gives a weight more than itself when the amount fits', () => {
    expect(allocateByLargestRemainder(3, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocateByLargestRemainder(2, [0, 1, 1])).toEqual([0, 1, 1]);
  });

  it('allocates nothing as zeros even over zero weights, and refuses something over zero weights', () => {
    expect(allocateByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocateByLargestRemainder(1, [0, 0])).toThrow(RangeError);
  });

  it('stays exact beyond 2^53 products', () => {
    const shares = allocateByLargestRemainder(9_999_999_999, [9_999_999_999, 1, 3]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
    expect(shares[0]).toBe(9_999_999_995);
  });
});

describe('formatCents', () => {
  it('shows two decimals with the currency symbol', () => {
    expect(formatCents(1234, '$')).toBe('$12.34');
    expect(formatCents(5, '£')).toBe('£0.05');
    expect(formatCents(-250, '$')).toBe('-$2.50');
    expect(formatCents(100000)).toBe('1000.00');
  });
});
