import { formatDate, type DateFormat } from '../date-time-text.ts';
import { formatCents } from './money.ts';
import type { DiscountCode, PaymentBreakdownKey } from './pricing-types.ts';
import type { DiscountCodeRejection } from './quote-schema.ts';

/** The spec gives no wording for a refused code; these are ours. */
export const DISCOUNT_CODE_MESSAGES: Record<DiscountCodeRejection, string> = {
  not_found: 'This discount code is not valid',
  not_yet_valid: 'This discount code is not valid until {date}',
  expired: 'This discount code expired on {date}',
  usage_limit: 'This discount code has been fully used',
  client_usage_limit: 'You have already used this discount code',
  not_eligible: 'This discount code does not apply to the items on this invoice',
  minimum_spend: 'Spend at least {amount} to use this discount code',
  one_per_invoice: 'Only one discount code can be used per invoice',
  unknown_invoice: 'This invoice is not being paid',
};

/** Codes are matched without regard to case or surrounding spaces. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export function findDiscountCode(codes: readonly DiscountCode[], entered: string): DiscountCode | undefined {
  const wanted = normaliseDiscountCode(entered);
  return codes.find((c) => normaliseDiscountCode(c.code) === wanted);
}

/** Whether a line may be discounted by the code (its kind and class). */
export function isLineEligible(code: DiscountCode, line: { kind: PaymentBreakdownKey; classId?: number | null }): boolean {
  if (code.eligibleKinds && !code.eligibleKinds.includes(line.kind)) return false;
  if (code.eligibleClassIds && (line.classId == null || !code.eligibleClassIds.includes(line.classId))) return false;
  return true;
}

export type CodeRejection = { ok: false; reason: DiscountCodeRejection; message: string };
export type CodeCheck = { ok: true } | CodeRejection;

function reject(reason: DiscountCodeRejection, fill: Record<string, string> = {}): CodeRejection {
  const message = DISCOUNT_CODE_MESSAGES[reason].replace(/\{(\w+)\}/g, (_, key: string) => fill[key] ?? '');
  return { ok: false, reason, message };
}

/**
 * The checks a code passes before it discounts an invoice, in the order a customer would want
 * to hear about them: validity dates, usage limits (counting earlier uses in this same quote),
 * eligibility, minimum spend. Dates compare as yyyy-MM-dd text, both bounds inclusive.
 */
export function checkDiscountCode(input: {
  code: DiscountCode;
  today: string;
  usesInThisQuote: number;
  eligibleLineCount: number;
  eligibleAmountCents: number;
  currencySymbol: string;
  dateFormat?: DateFormat;
}): CodeCheck {
  const { code, today } = input;
  if (code.validFrom !== null && today < code.validFrom) return reject('not_yet_valid', { date: formatDate(code.validFrom, input.dateFormat) });
  if (code.validTo !== null && today > code.validTo) return reject('expired', { date: formatDate(code.validTo, input.dateFormat) });
  if (code.maxUses !== null && code.timesUsed + input.usesInThisQuote >= code.maxUses) return reject('usage_limit');
  if (code.maxUsesPerClient !== null && code.timesUsedByClient + input.usesInThisQuote >= code.maxUsesPerClient) {
    return reject('client_usage_limit');
  }
  if (input.eligibleLineCount === 0) return reject('not_eligible');
  if (input.eligibleAmountCents < code.minimumSpendCents) {
    return reject('minimum_spend', { amount: formatCents(code.minimumSpendCents, input.currencySymbol) });
  }
  return { ok: true };
}

export function rejectDiscountCode(reason: DiscountCodeRejection): CodeRejection {
  return reject(reason);
}
