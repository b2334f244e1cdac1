import type { CompanyConfig } from './company-config.ts';

// The company's words for its places and people (C10, X19), for the portal and the server's messages alike.

/** X19: localization.CourtLabel wins when set, then CourtText, then "Court". */
export function courtLabel(config: Pick<CompanyConfig, 'localization' | 'CourtText'>): string {
  return config.localization?.CourtLabel?.trim() || config.CourtText?.trim() || 'Court';
}

/** X19, C10: localization.CoachLabel wins when set, then CoachText, then "Coach": the word for who teaches a class. */
export function coachLabel(config: Pick<CompanyConfig, 'localization' | 'CoachText'>): string {
  return config.localization?.CoachLabel?.trim() || config.CoachText?.trim() || 'Coach';
}

/** What a payment or a receipt is for: "invoice INV-1", or "invoices INV-1, INV-2". */
export function invoicesNamed(invoiceNos: readonly string[]): string {
  return `${invoiceNos.length === 1 ? 'invoice' : 'invoices'} ${invoiceNos.join(', ')}`;
}
