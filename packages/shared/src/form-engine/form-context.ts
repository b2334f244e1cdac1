import type { CompanyConfig, Location } from '../company-config.ts';

export type FormListName = 'medical_conditions' | 'referral_sources' | 'school' | 'venues' | 'standards';
export interface FormListItem {
  FieldValueID: number;
  DisplayName: string;
  /** A registration profile's items may be preselected (N10). */
  IsDefault?: boolean;
}

/** What a form needs from the company besides its field configuration. */
export interface FormContext {
  labels?: Partial<FormLabels>;
  /** A non-empty list makes State a choice from it (S35). */
  states?: readonly string[];
  /** LocationsHavePostcodes: the billing postcode is then never required (S36). */
  locationsHavePostcodes?: boolean;
  /** The company's locations; with locationsHavePostcodes, a chosen one's postcode is filled in and locked (C19, E16). */
  locations?: readonly Location[];
  /**
   * The pickers' items. A list that is given and empty does not make its field required
   * (S44–S46); a list not given at all is treated as non-empty.
   */
  lists?: Partial<Record<FormListName, readonly FormListItem[]>>;
  canSelectCustomMedicalCondition?: boolean;
  /** The state a new address starts with (C12). */
  defaultState?: string;
  /** The registration forms leave out what localization does not allow (C18). */
  addressParts?: Partial<Record<'suburb' | 'state' | 'postcode', boolean>>;
  /** yyyy-MM-dd; dates after it are refused. Defaults to the date at UTC+14, so no local "today" is ever in the future. */
  today?: string;
  /** A student's level is the company's: shown, never required, never read from the form (decision 076). */
  levelSetByCompany?: boolean;
}

export interface FormLabels {
  suburb: string;
  state: string;
  postcode: string;
  mobile: string;
  mobile2: string;
  standard: string;
}

export const DEFAULT_LABELS: FormLabels = { suburb: 'Suburb', state: 'State', postcode: 'Postcode', mobile: 'Mobile', mobile2: 'Mobile #2', standard: 'Level' };

type ContextSource = Pick<CompanyConfig, 'localization' | 'ServerLocation' | 'States' | 'LocationsHavePostcodes' | 'StandardName' | 'lists' | 'ocr_config'> &
  Partial<Pick<CompanyConfig, 'locations' | 'unfiltered_lists'>> & { classes_setup?: Partial<CompanyConfig['classes_setup']> };

/**
 * The context of a company's forms from its get-config answer. The mobile label is
 * MobilePhoneLabel, else Cell in the US, else Mobile (X19); a profile's
 * CanSelectCustomMedicalCondition and DefaultState win over ocr_config's (X10).
 */
export interface ProfileFormOptions {
  CanSelectCustomMedicalCondition?: boolean | null;
  DefaultState?: string | null;
  /** The profile's own lists, which replace the company's (N10); all_standards is the standards list. */
  lists?: Partial<Record<Exclude<FormListName, 'standards'> | 'all_standards', readonly FormListItem[]>>;
}

export function formContextFromConfig(config: ContextSource, options: { registration?: boolean; profile?: ProfileFormOptions; today?: string } = {}): FormContext {
  const loc = config.localization;
  const us = config.ServerLocation.toUpperCase() === 'US' || loc.CountryCode.toUpperCase() === 'US';
  const mobile = loc.MobilePhoneLabel.trim() || (us ? 'Cell' : 'Mobile');
  const states = loc.StateList.length > 0 ? loc.StateList : config.States;
  const own = options.profile?.lists ?? {};
  // Decision 076: the hub's student form shows the level the school set; the registration's
  // level picker is the profile's (N10). A level shown is named from every item, inactive ones too (X8).
  const levelSetByCompany = !options.registration && config.classes_setup?.ParentsCanSetLevel !== true;
  return {
    labels: {
      suburb: loc.SuburbLabel.trim() || DEFAULT_LABELS.suburb,
      state: loc.StateLabel.trim() || DEFAULT_LABELS.state,
      postcode: loc.PostcodeLabel.trim() || DEFAULT_LABELS.postcode,
      mobile,
      mobile2: `${mobile} #2`,
      standard: config.StandardName.trim() || DEFAULT_LABELS.standard,
    },
    states,
    locationsHavePostcodes: config.LocationsHavePostcodes,
    locations: config.locations ?? [],
    lists: {
      medical_conditions: own.medical_conditions ?? config.lists.medical_conditions,
      referral_sources: own.referral_sources ?? config.lists.referral_sources,
      school: own.school ?? config.lists.school,
      venues: own.venues ?? config.lists.venues,
      standards: levelSetByCompany ? (config.unfiltered_lists?.standards ?? config.lists.standards) : (own.all_standards ?? config.lists.standards),
    },
    canSelectCustomMedicalCondition: options.profile?.CanSelectCustomMedicalCondition ?? config.ocr_config.CanSelectCustomMedicalCondition,
    defaultState: options.profile?.DefaultState || config.ocr_config.DefaultState || undefined,
    addressParts: options.registration ? { suburb: loc.AllowSuburbInRegistration, state: loc.AllowStateInRegistration, postcode: loc.AllowPostcodeInRegistration } : undefined,
    today: options.today,
    levelSetByCompany,
  };
}
