import type { CompanyBundleInput } from '../modules/import/import.api.ts';

/** Splash asks guests on its Contact Us page to prove they are a person; the other demo companies do not. */
export function withDemoContact(bundle: CompanyBundleInput): CompanyBundleInput {
  if (bundle.company.code === 'SPLASH') bundle.company.config.switches = { ...bundle.company.config.switches, ShowContactUsCAPTCHA: true };
  return bundle;
}
