import type { CompanyConfig } from '@portal/shared/company-config';

type LabelSource = Pick<CompanyConfig, 'localization' | 'CourtText' | 'CoachText'>;

/** X19: localization.CourtLabel wins when set, then CourtText, then "Court". */
export function courtLabel(config: Pick<CompanyConfig, 'localization' | 'CourtText'>): string {
  return config.localization?.CourtLabel?.trim() || config.CourtText?.trim() || 'Court';
}

/** X19, C10: localization.CoachLabel wins when set, then CoachText, then "Coach": the word for who teaches a class. */
export function coachLabel(config: Pick<LabelSource, 'localization' | 'CoachText'>): string {
  return config.localization?.CoachLabel?.trim() || config.CoachText?.trim() || 'Coach';
}

/**
 * A court as a card names it, in the company's word (C10): "3" with the label "Lane" reads "Lane 3";
 * a name that already starts with the word ("Lane 3") stays as it is.
 */
export function courtName(config: Pick<CompanyConfig, 'localization' | 'CourtText'>, court: string): string {
  const label = courtLabel(config);
  const name = court.trim();
  const [lower, word] = [name.toLowerCase(), label.toLowerCase()];
  return lower === word || lower.startsWith(`${word} `) ? name : `${label} ${name}`;
}
