import type { CompanyBundleInput } from '../modules/import/import.api.ts';

type BarcodeInput = NonNullable<CompanyBundleInput['customers']>[number]['clients'][number]['barcodes'];

/**
 * The demo's membership cards, by company code and client key: a family card (QR) and a card per
 * swimmer (Code 128) for parent@ at Splash, one player card at Ace, and Mia's at Splash.
 */
const DEMO_BARCODES: Record<string, Record<string, BarcodeInput>> = {
  SPLASH: {
    sarah: [
      { code: 'SPL-FAM-1001', label: 'Family account', symbology: 'qrcode' },
      { code: 'SPL1001-48213', label: 'Entry card', student: 'ella' },
      { code: 'SPL1001-48214', label: 'Entry card', student: 'noah' },
    ],
    james: [{ code: 'SPL1001-51877', label: 'Entry card', student: 'mia' }],
  },
  ACE: {
    sarah: [{ code: 'ACE-2231-0457', label: 'Player card', student: 'noah' }],
  },
};

/** Gives the demo bundle's clients their barcodes (kept here so the cards have one place). */
export function withDemoBarcodes(bundle: CompanyBundleInput): CompanyBundleInput {
  const cards = DEMO_BARCODES[bundle.company.code];
  if (!cards) return bundle;
  for (const customer of bundle.customers ?? []) {
    for (const client of customer.clients) {
      const own = cards[client.key];
      if (own) client.barcodes = own;
    }
  }
  return bundle;
}
