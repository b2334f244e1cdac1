import type { CompanyConfig } from '@portal/shared/company-config';

/**
 * What the form engine reads of a company's config, for component tests of forms: an Australian
 * company with no lists, free-text states and every address part allowed in registration.
 * `extra` adds what a test's page reads besides.
 */
export function formTestConfig(extra: Record<string, unknown> = {}): CompanyConfig {
  return {
    ServerLocation: 'AU',
    States: [],
    LocationsHavePostcodes: false,
    StandardName: '',
    lists: { medical_conditions: [], referral_sources: [], school: [], venues: [], standards: [] },
    ocr_config: { CanSelectCustomMedicalCondition: false, DefaultState: '' },
    localization: {
      CountryCode: 'AU',
      SuburbLabel: '',
      StateLabel: '',
      PostcodeLabel: '',
      MobilePhoneLabel: '',
      StateList: [],
      AllowSuburbInRegistration: true,
      AllowStateInRegistration: true,
      AllowPostcodeInRegistration: true,
    },
    ...extra,
  } as unknown as CompanyConfig;
}
