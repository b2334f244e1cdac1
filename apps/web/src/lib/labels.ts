import type { CompanyConfig } from '@portal/shared/company-config';

/** X19: localization.CourtLabel wins when set, then CourtText, then "Court". */
export function courtLabel(config: Pick<CompanyConfig, 'localization' | 'CourtText'>): string {
  return config.localization?.CourtLabel?.trim() || config.CourtText?.trim() || 'Court';
}
