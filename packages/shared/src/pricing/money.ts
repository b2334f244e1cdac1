/**
 * Integer-cent arithmetic for the pricing engine. Every amount is a safe integer number of
 * cents and every rate is in basis points (1 % = 100 bp) or, for tax, in parts per million
 * (a sales tax of 8.875 % is 88,750 ppm; basis points would round it to 8.88 %), so no float
 * ever reaches a total.
 * Products that could pass 2^53 are computed with BigInt.
 */

export const BASIS_POINTS = 10_000;
/** A tax rate's unit: 1 % = 10,000 ppm. */
export const PPM = 1_000_000;
/** The largest amount a price, credit or discount may carry: 10 billion cents. */
export const MAX_CENTS = 10_000_000_000;

/** num / den rounded half away from zero (2.5 → 3, −2.5 → −3); den must be positive. */
export function divideRoundHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError('divisor must be positive');
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return negative ? -q : q;
}

/** `basisPoints` of `cents`, rounded half away from zero. */
export function percentOf(cents: number, basisPoints: number): number {
  return Number(divideRoundHalfUp(BigInt(cents) * BigInt(basisPoints), BigInt(BASIS_POINTS)));
}

/**
 * The tax on `cents` at `ratePpm`: added on top when prices exclude tax (cents × rate), extracted
 * when they include it (cents × rate / (1 + rate)); rounded half away from zero.
 */
export function taxOf(cents: number, ratePpm: number, inclusive: boolean): number {
  const den = inclusive ? PPM + ratePpm : PPM;
  return Number(divideRoundHalfUp(BigInt(cents) * BigInt(ratePpm), BigInt(den)));
}

/** A company's tax rate, entered as a percentage (8.875), in the engine's parts per million. */
export function taxRatePpm(percent: number): number {
  return Math.round(percent * (PPM / 100));
}

/**
 * Splits `total` cents across `weights` in proportion, by largest remainder: every share is
 * the floor of its exact proportion, and the cents left over go one each to the largest
 * fractional remainders (ties to the earlier weight). The shares always add up to `total`, and
 * when `total` ≤ the sum of the weights no share exceeds its weight.
 */
export function allocateByLargestRemainder(total: number, weights: readonly number[]): number[] {
  if (total === 0) return weights.map(() => 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError('cannot allocate an amount over zero weights');
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => (bigTotal * BigInt(w)) / bigSum);
  const remainders = weights.map((w, index) => ({ index, rest: (bigTotal * BigInt(w)) % bigSum }));
  let left = total - Number(shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** "12.34" for 1234 cents, "-0.05" for −5: two decimals, no grouping (T27). */
export function formatCents(cents: number, currencySymbol = ''): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${currencySymbol}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
