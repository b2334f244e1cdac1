import type { CompanyConfig } from '@portal/shared/company-config';
import { courtLabel } from '@portal/shared/labels';

export { coachLabel, courtLabel } from '@portal/shared/labels';

/**
 * A court as a card names it, in the company's word (C10): "3" with the label "Lane" reads "Lane 3";
 * a name that already starts with the word or its plural ("Lane 3", "Lanes 5–6") stays as it is.
 */
export function courtName(config: Pick<CompanyConfig, 'localization' | 'CourtText'>, court: string): string {
  const label = courtLabel(config);
  const name = court.trim();
  const [lower, word] = [name.toLowerCase(), label.toLowerCase()];
  return lower === word || lower.startsWith(`${word} `) || lower.startsWith(`${word}s `) ? name : `${label} ${name}`;
}

/**
 * "Price before Sales tax" where the company's prices leave its tax out (it is added at the
 * checkout), in the tax's own name; null where prices include it or there is none.
 */
export function priceBeforeTax(config: Pick<CompanyConfig, 'fin_setup'>): string | null {
  const fin = config.fin_setup;
  return fin.TaxRatePercent > 0 && !fin.TaxInclusive ? `Price before ${fin.TaxName}` : null;
}
