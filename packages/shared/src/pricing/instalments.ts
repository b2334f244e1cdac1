import { z } from 'zod';

/**
 * Paying for classes in instalments (decision 105): the company's terms, and the schedule a
 * total is split into. The first instalment (the deposit) is paid at the checkout; the others
 * fall due one interval apart and are collected without the family (the saved card, or direct
 * debit).
 */
export const INSTALMENT_INTERVALS = ['week', 'fortnight', 'month'] as const;
export type InstalmentInterval = (typeof INSTALMENT_INTERVALS)[number];

export const instalmentTermsSchema = z.object({
  /** How many instalments in all, the deposit included. */
  Count: z.number().int().min(2).max(12),
  Interval: z.enum(INSTALMENT_INTERVALS).default('month'),
  /** The least the deposit is, as a share of the total (the rest split evenly). */
  MinimumDepositPercent: z.number().int().min(0).max(100).default(0),
  /** Carts that cost less are paid at once. */
  MinimumTotalCents: z.number().int().min(0).default(0),
  /** A declined instalment is charged again this many times, RetryDays apart, before the plan is cancelled. */
  Retries: z.number().int().min(0).max(5).default(2),
  RetryDays: z.number().int().min(1).max(14).default(3),
});
export type InstalmentTerms = z.infer<typeof instalmentTermsSchema>;

export const instalmentSchema = z.object({ dueDate: z.string(), amountCents: z.number().int() });
export type Instalment = z.infer<typeof instalmentSchema>;

/** What the quote offers: the terms' schedule for this cart, paid now and later. */
export const instalmentOfferSchema = z.object({ count: z.number().int(), interval: z.enum(INSTALMENT_INTERVALS), schedule: z.array(instalmentSchema) });
export type InstalmentOffer = z.infer<typeof instalmentOfferSchema>;

/** An ISO date `n` intervals after `from`; a month later keeps the day, or the month's last where it has fewer. */
export function addIntervals(from: string, interval: InstalmentInterval, n: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  if (interval !== 'month') {
    const date = new Date(Date.UTC(y, m - 1, d + n * (interval === 'week' ? 7 : 14)));
    return date.toISOString().slice(0, 10);
  }
  const month = m - 1 + n;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The schedule for a total: `Count` instalments, the first today. The rest are equal to the
 * cent, their odd cents on the earliest; the deposit is what is left, at least
 * MinimumDepositPercent of the total. The amounts always add up to the total.
 */
export function instalmentSchedule(totalCents: number, terms: Pick<InstalmentTerms, 'Count' | 'Interval' | 'MinimumDepositPercent'>, today: string): Instalment[] {
  const even = Math.floor(totalCents / terms.Count);
  const deposit = Math.max(totalCents - even * (terms.Count - 1), Math.ceil((totalCents * terms.MinimumDepositPercent) / 100));
  const rest = totalCents - deposit;
  const later = terms.Count - 1;
  const share = Math.floor(rest / later);
  const odd = rest - share * later;
  return [{ dueDate: today, amountCents: deposit }, ...Array.from({ length: later }, (_, i) => ({ dueDate: addIntervals(today, terms.Interval, i + 1), amountCents: share + (i < odd ? 1 : 0) }))];
}

/** The words for an interval: "monthly", "every 2 weeks". */
export const INTERVAL_WORDS: Record<InstalmentInterval, { period: string; every: string }> = {
  week: { period: 'Weekly', every: 'every week' },
  fortnight: { period: 'Fortnightly', every: 'every 2 weeks' },
  month: { period: 'Monthly', every: 'every month' },
};
