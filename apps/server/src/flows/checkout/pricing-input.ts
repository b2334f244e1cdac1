import type { CompanySettings } from '@portal/shared/company-config';
import { taxRatePpm } from '@portal/shared/pricing/money';
import { timeScaleOf } from '@portal/shared/payment/payment-setup';
import type { AutoDiscountRule, DiscountCode, PaymentBreakdownKey, PricingSettings } from '@portal/shared/pricing/pricing-types';

const basisPoints = (percent: number) => Math.round(percent * 100);

/** The company's fin_setup and localization as the pricing engine's settings (decision 024). */
export function pricingSettingsOf(settings: CompanySettings): PricingSettings {
  const fin = settings.fin_setup;
  return {
    taxName: fin.TaxName,
    taxRatePpm: taxRatePpm(fin.TaxRatePercent),
    taxInclusive: fin.TaxInclusive,
    currencySymbol: settings.localization.CurrencySymbol,
    dateFormat: settings.localization.DateFormat,
    autoDiscounts: fin.AutoDiscounts.map((rule, index): AutoDiscountRule => ({
      id: `auto-${index + 1}`,
      name: rule.Name,
      appliesTo: rule.AppliesTo,
      minQualifyingLines: rule.MinQualifyingLines,
      basisPoints: basisPoints(rule.Percent),
    })),
    earlyPaymentDiscount: fin.EarlyPaymentDiscount
      ? { appliesTo: fin.EarlyPaymentDiscount.AppliesTo, daysBefore: fin.EarlyPaymentDiscount.DaysBefore, basisPoints: basisPoints(fin.EarlyPaymentDiscount.Percent) }
      : null,
    timeScale: timeScaleOf(fin),
    cardSurcharge: { amountCents: fin.CardSurchargeAmountCents, basisPoints: basisPoints(fin.CardSurchargePercent) },
  };
}

/** A stored discount code with its use counts, as the engine takes it. */
export function discountCodeOf(
  row: {
    code: string;
    kind: 'percent' | 'amount';
    value: number;
    valid_from: string | null;
    valid_to: string | null;
    max_uses: number | null;
    max_uses_per_client: number | null;
    eligible_kinds: string | null;
    eligible_class_ids: string | null;
    minimum_spend_cents: number;
  },
  uses: { total: number; byClient: number },
): DiscountCode {
  return {
    code: row.code,
    value: row.kind === 'percent' ? { kind: 'percent', basisPoints: row.value } : { kind: 'amount', cents: row.value },
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxUses: row.max_uses,
    timesUsed: uses.total,
    maxUsesPerClient: row.max_uses_per_client,
    timesUsedByClient: uses.byClient,
    eligibleKinds: row.eligible_kinds ? (JSON.parse(row.eligible_kinds) as PaymentBreakdownKey[]) : null,
    eligibleClassIds: row.eligible_class_ids ? (JSON.parse(row.eligible_class_ids) as number[]) : null,
    minimumSpendCents: row.minimum_spend_cents,
  };
}
