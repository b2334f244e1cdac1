import type { CompanyBundleInput } from '../modules/import/import.api.ts';

/**
 * Demo pricing and payment settings, discount codes and credits (decision 024): Splash charges
 * GST inside its prices, takes 5 % off when two or more classes are bought together, has the
 * codes SPLASH10 (10 % off), WELCOME5 ($5 off from $20) and SUMMER (expired), and parent@ holds
 * a $15.00 account credit (an overpayment refunded as credit) and a saved Visa ending 4242 (decision 069), valid for three more years; Ace adds a card surcharge (30 cents + 1.5 %), sales tax on top of its
 * prices, evening time-scale court prices and the code ACE10.
 */
export function withDemoPayments(bundle: CompanyBundleInput): CompanyBundleInput {
  const config = bundle.company.config as { fin_setup?: Record<string, unknown> };
  if (bundle.company.code === 'SPLASH') {
    config.fin_setup = {
      ...config.fin_setup,
      PaymentType: 'EitherCCOrDD',
      TaxRatePercent: 10,
      TaxInclusive: true,
      AutoDiscounts: [{ Name: 'Multi-class discount', AppliesTo: ['FullClass'], MinQualifyingLines: 2, Percent: 5 }],
    };
    bundle.payments = {
      discount_codes: [
        { code: 'SPLASH10', kind: 'percent', value: 10 },
        { code: 'WELCOME5', kind: 'amount', value: 500, minimum_spend_cents: 2000, max_uses_per_client: 1 },
        { code: 'SUMMER', kind: 'percent', value: 15, valid_from: 'today-120', valid_to: 'today-30' },
      ],
      credits: [{ client: 'sarah', description: 'Account credit – overpayment refund', amount_cents: 1500 }],
      saved_cards: [{ client: 'sarah', card: 'visa', exp_month: 12, exp_year: new Date().getFullYear() + 3 }],
    };
  }
  if (bundle.company.code === 'ACE') {
    config.fin_setup = {
      ...config.fin_setup,
      // Cards for the hub's checkout; direct debit for the junior program's registrations.
      PaymentType: 'EitherCCOrDD',
      Currency: 'USD',
      TaxRatePercent: 8.875,
      TaxInclusive: false,
      CardSurchargeAmountCents: 30,
      CardSurchargePercent: 1.5,
      TimeScalePricingEnabled: true,
      // The evening band is a peak rate: above every booking type's own rate an hour ($40–$50).
      TimeScaleBands: [{ Days: [1, 2, 3, 4, 5], From: '17:00', To: '21:00', HourlyRateCents: 5500 }],
    };
    bundle.payments = { discount_codes: [{ code: 'ACE10', kind: 'percent', value: 10 }], credits: [], saved_cards: [] };
  }
  return bundle;
}
