import { z } from 'zod';
import { PAYMENT_BREAKDOWN_KEYS } from '@portal/shared/pricing/pricing-types';
import type { Db } from '../../db/database.ts';
import { isBundleDate, resolveDate } from './bundle-dates.ts';
import { insertRows } from './import.repository.ts';
import { IMPORTABLE_TEST_CARDS, saveImportedTestCard, savedCardRefusal, type ImportableTestCard } from '../payments/payments.api.ts';
import type { CompanySettings } from '@portal/shared/company-config';

/**
 * The bundle's `payments` section (decision 024, docs/company-bundle.md): the company's discount
 * codes, its clients' customer credits and saved cards (decision 069). Clients are named by key.
 */

const key = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use 1–64 letters, digits, "_", "-" or "."');
const bundleDate = z.string().refine(isBundleDate, 'Expected a date: yyyy-MM-dd, today, today+N or today-N');
const cents = z.number().int('Use whole cents').min(0).max(2_147_483_647);

const discountCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/, 'Use 2–40 letters, digits, "_" or "-"'),
  /** percent: `value` is the percentage (10 for 10 %); amount: `value` is cents. */
  kind: z.enum(['percent', 'amount']),
  value: z.number().positive(),
  valid_from: bundleDate.optional(),
  valid_to: bundleDate.optional(),
  max_uses: z.number().int().positive().optional(),
  max_uses_per_client: z.number().int().positive().optional(),
  eligible_kinds: z.array(z.enum(PAYMENT_BREAKDOWN_KEYS)).min(1).optional(),
  minimum_spend_cents: cents.default(0),
  active: z.boolean().default(true),
});

const creditSchema = z.strictObject({ client: key, description: z.string().trim().min(1, 'Required'), amount_cents: cents.refine((v) => v > 0, 'A credit is more than nothing') });

/** A saved card: one of the simulated gateway's succeeding test cards, by name (never a number), and its expiry. */
const savedCardSchema = z.strictObject({
  client: key,
  card: z.enum(Object.keys(IMPORTABLE_TEST_CARDS) as [ImportableTestCard, ...ImportableTestCard[]]),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
});

export const bundlePaymentsSchema = z.strictObject({
  discount_codes: z.array(discountCodeSchema).default([]),
  credits: z.array(creditSchema).default([]),
  saved_cards: z.array(savedCardSchema).default([]),
});
export type BundlePayments = z.infer<typeof bundlePaymentsSchema>;

/** Issues for the bundle's refinement: duplicate codes, a percentage over 100, unknown clients. */
export function checkPayments(p: BundlePayments, clientKeys: Set<string>, issue: (path: (string | number)[], message: string) => void): void {
  const seen = new Set<string>();
  p.discount_codes.forEach((c, i) => {
    const code = c.code.toUpperCase();
    if (seen.has(code)) issue(['payments', 'discount_codes', i, 'code'], `Duplicate discount code "${c.code}"`);
    seen.add(code);
    if (c.kind === 'percent' && c.value > 100) issue(['payments', 'discount_codes', i, 'value'], 'A percentage is at most 100');
    if (c.kind === 'amount' && !Number.isInteger(c.value)) issue(['payments', 'discount_codes', i, 'value'], 'Use whole cents');
  });
  p.credits.forEach((c, i) => {
    if (!clientKeys.has(c.client)) issue(['payments', 'credits', i, 'client'], `Unknown client "${c.client}"`);
  });
  const carded = new Set<string>();
  p.saved_cards.forEach((c, i) => {
    if (!clientKeys.has(c.client)) issue(['payments', 'saved_cards', i, 'client'], `Unknown client "${c.client}"`);
    if (carded.has(c.client)) issue(['payments', 'saved_cards', i, 'client'], `Client "${c.client}" has a saved card already`);
    carded.add(c.client);
  });
}

/** Issues of the saved cards that need the company's settings and today: a company that keeps no cards at the simulator, an expired card. */
export function savedCardIssues(p: BundlePayments, settings: CompanySettings, today: string): { path: string; message: string }[] {
  if (p.saved_cards.length === 0) return [];
  const refusal = savedCardRefusal(settings);
  if (refusal) return [{ path: 'payments.saved_cards', message: refusal }];
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return p.saved_cards.flatMap((c, i) => (c.exp_year < year || (c.exp_year === year && c.exp_month < month) ? [{ path: `payments.saved_cards.${i}`, message: 'The card has expired' }] : []));
}

export async function importPayments(trx: Db, input: { companyId: number; today: string; now: string; payments: BundlePayments; clientId: (key: string) => number }): Promise<void> {
  const { companyId: company_id, today, payments } = input;
  await insertRows(
    trx,
    'discount_codes',
    payments.discount_codes.map((c) => ({
      company_id,
      code: c.code.toUpperCase(),
      kind: c.kind,
      // Percentages are kept in basis points, amounts in cents.
      value: c.kind === 'percent' ? Math.round(c.value * 100) : c.value,
      valid_from: c.valid_from ? resolveDate(c.valid_from, today) : null,
      valid_to: c.valid_to ? resolveDate(c.valid_to, today) : null,
      max_uses: c.max_uses ?? null,
      max_uses_per_client: c.max_uses_per_client ?? null,
      eligible_kinds: c.eligible_kinds ? JSON.stringify(c.eligible_kinds) : null,
      eligible_class_ids: null,
      minimum_spend_cents: c.minimum_spend_cents,
      active: c.active ? 1 : 0,
    })),
  );
  await insertRows(
    trx,
    'customer_credits',
    payments.credits.map((c) => ({
      company_id,
      client_id: input.clientId(c.client),
      description: c.description,
      amount_cents: c.amount_cents,
      remaining_cents: c.amount_cents,
      created_at: input.now,
    })),
  );
  for (const c of payments.saved_cards) {
    await saveImportedTestCard(trx, { companyId: company_id, clientId: input.clientId(c.client), card: c.card, expMonth: c.exp_month, expYear: c.exp_year, now: input.now });
  }
}
