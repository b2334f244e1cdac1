import { z } from 'zod';
import { EMAIL_PATTERN, FORM_NAME_FORBIDDEN } from './auth-schemas.ts';
import type { CompanyConfig, Location } from './company-config.ts';
import { ALWAYS_MANDATORY, CustomFieldType, FIXED_FIELDS, type CustomFieldConfig, type FormFields, type FormKind } from './form-config.ts';
import { formMessages as fm, labelledMessages as lm, messages as m } from './messages.ts';

/**
 * One engine for every customer and student form (D2 §1, §3, §5): a form configuration becomes
 * the zod schema of that form's payload and the ordered descriptors a renderer draws. The web
 * form, the server route and the registration flow all parse with the same schema.
 */

export const GENDER_TYPES = ['Male', 'Female', 'Not_Specified', 'Other'] as const;
export type GenderType = (typeof GENDER_TYPES)[number];
/** Gender travels as the first letter of the choice (S30, T41). */
export type GenderLetter = 'M' | 'F' | 'N' | 'O';

export interface FormItem {
  value: number | string;
  label: string;
}

export const GENDER_ITEMS: readonly FormItem[] = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
  { value: 'Not_Specified', label: 'Not Specified' },
  { value: 'Other', label: 'Other' },
];
/** Preferred-day codes, Monday first (U17, T25). */
export const PREFERRED_DAYS: readonly FormItem[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((label, i) => ({ value: i + 1, label }));
/** Yes/no custom fields store Y and N (T29). */
export const YES_NO_ITEMS: readonly FormItem[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];
/** The bounds of a date picker (S42) and the span of the date-of-birth year list (E13). */
export const DATE_INPUT_MIN = '1900-01-01';
export const DATE_INPUT_MAX = '3000-12-31';
export const DOB_YEAR_SPAN = 100;
/** What a RegID shows until one is assigned (T28); never stored. */
export const REG_ID_PLACEHOLDER = 'TBD';

/** Phones: an optional leading + then digits; fax: digits only (X4). */
const PHONE_PATTERN = /^\+?[0-9]+$/;
const DIGITS_PATTERN = /^[0-9]+$/;
const MAX = { name: 100, line: 100, suburb: 60, state: 60, postcode: 12, phone: 20, email: 254, notes: 2000, text: 500, regId: 30, genderOther: 50 };
const MAX_ID = 2_147_483_647;

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
}

export interface FormLabels {
  suburb: string;
  state: string;
  postcode: string;
  mobile: string;
  mobile2: string;
  standard: string;
}

const DEFAULT_LABELS: FormLabels = { suburb: 'Suburb', state: 'State', postcode: 'Postcode', mobile: 'Mobile', mobile2: 'Mobile #2', standard: 'Level' };

type ContextSource = Pick<CompanyConfig, 'localization' | 'ServerLocation' | 'States' | 'LocationsHavePostcodes' | 'StandardName' | 'lists' | 'ocr_config'> &
  Partial<Pick<CompanyConfig, 'locations'>>;

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

export function formContextFromConfig(
  config: ContextSource,
  options: { registration?: boolean; profile?: ProfileFormOptions; today?: string } = {},
): FormContext {
  const loc = config.localization;
  const us = config.ServerLocation.toUpperCase() === 'US' || loc.CountryCode.toUpperCase() === 'US';
  const mobile = loc.MobilePhoneLabel.trim() || (us ? 'Cell' : 'Mobile');
  const states = loc.StateList.length > 0 ? loc.StateList : config.States;
  const own = options.profile?.lists ?? {};
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
      standards: own.all_standards ?? config.lists.standards,
    },
    canSelectCustomMedicalCondition: options.profile?.CanSelectCustomMedicalCondition ?? config.ocr_config.CanSelectCustomMedicalCondition,
    defaultState: options.profile?.DefaultState || config.ocr_config.DefaultState || undefined,
    addressParts: options.registration
      ? { suburb: loc.AllowSuburbInRegistration, state: loc.AllowStateInRegistration, postcode: loc.AllowPostcodeInRegistration }
      : undefined,
    today: options.today,
  };
}

export interface CustomFieldValue {
  CustomFieldID: number;
  /** The chosen option of a single-selection field. */
  CustomFieldItemID: number | null;
  /** Free text, an option id, ascending option ids joined by commas, or Y/N; null when empty. */
  FieldValue: string | null;
}

interface PersonPayload {
  FirstName: string;
  LastName: string;
  GenderType: GenderType | null;
  GenderOther: string | null;
  Gender: GenderLetter | null;
  RegID: string | null;
  Address1: string | null;
  Address2: string | null;
  Suburb: string | null;
  State: string | null;
  Postcode: string | null;
  PhoneMobile: string | null;
  Email: string | null;
  Notes: string | null;
}

/** The customer record's field names (K25). */
export interface CustomerPayload extends PersonPayload {
  BillingAddrSame: boolean;
  BillingAddress1: string | null;
  BillingAddress2: string | null;
  BillingSuburb: string | null;
  BillingState: string | null;
  BillingPostcode: string | null;
  PhoneHome: string | null;
  PhoneWork: string | null;
  PhoneMobile2: string | null;
  Fax: string | null;
  Email2: string | null;
  CustomFieldValues: CustomFieldValue[];
}

/** The student record's field names (E29). */
export interface StudentPayload extends PersonPayload {
  DOB: string | null;
  AddrSameAsClient: boolean;
  StandardID: number | null;
  /** Ascending ids joined by commas (E17). */
  MedicalConditionIDs: string | null;
  AdditionalMedicalConditions: string | null;
  ReferralSourceID: number | null;
  SchoolID: number | null;
  VenueID: number | null;
  /** Ascending day codes joined by commas (E18). */
  PendingDays: string | null;
  custom_field_values: CustomFieldValue[];
}

type Parsed<P extends PersonPayload> = Pick<P, 'FirstName' | 'LastName'> & Partial<Omit<P, 'FirstName' | 'LastName'>>;
/** A parsed form: the names always, every other key only when the configuration shows its field. */
export type FormOutput<K extends FormKind> = K extends 'customer' ? Parsed<CustomerPayload> : Parsed<StudentPayload>;
/** What a form holds before parsing; the keys depend on the configuration. */
export type FormValues = Record<string, unknown>;

export type InputKind = 'text' | 'textarea' | 'phone' | 'email' | 'date' | 'select' | 'multiSelect' | 'checkbox' | 'yesNo';
export type FieldKind = InputKind | 'gender' | 'address' | 'billingAddress' | 'medicalConditions';

/** One control of a field: the payload key it writes and how to draw it. */
export interface FormInputDescriptor {
  key: string;
  label: string;
  kind: InputKind;
  /** Required while the control is in play (an address line stops being one when "Use your address" is ticked). */
  required: boolean;
  readOnly: boolean;
  maxLength?: number;
  items?: readonly FormItem[];
  /** Date pickers: the earliest and latest date offered. */
  min?: string;
  max?: string;
  /** What a new form starts with. */
  initialValue: unknown;
  /** Values offered as the user types (a suburb input: the company's location suburbs). */
  suggestions?: readonly string[];
  /** A postcode the chosen location supplies: filled in from these and read-only while one matches (C19, E16). */
  fromLocation?: PostcodeSource;
}

/** Where a postcode input looks up its location: the keys of its suburb and state, and the company's locations. */
export interface PostcodeSource {
  suburbKey: string;
  stateKey: string;
  locations: readonly Location[];
}

const sameText = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The postcode the chosen location supplies (decision 028): the locations whose suburb is the
 * chosen suburb and, when a state is chosen, whose state is that state, case and surrounding
 * spaces aside. Answers their postcode when they agree on exactly one non-empty postcode, else null.
 */
export function locationPostcode(source: PostcodeSource, values: FormValues): string | null {
  const suburb = values[source.suburbKey];
  const state = values[source.stateKey];
  if (typeof suburb !== 'string' || suburb.trim() === '') return null;
  const stateChosen = typeof state === 'string' && state.trim() !== '';
  const postcodes = new Set(
    source.locations.filter((l) => sameText(suburb, l.Suburb) && (!stateChosen || sameText(state, l.State)) && l.Postcode !== '').map((l) => l.Postcode),
  );
  return postcodes.size === 1 ? ([...postcodes][0] ?? null) : null;
}

export interface FormFieldDescriptor {
  /** OCRFormFieldName, or custom_field_{id}. */
  name: string;
  /** OCRFormFieldNameID, or CustomFieldID. */
  id: number;
  label: string;
  kind: FieldKind;
  required: boolean;
  readOnly: boolean;
  custom: boolean;
  inputs: FormInputDescriptor[];
}

type Read = { value: unknown } | { message: string };

interface Input extends Omit<FormInputDescriptor, 'initialValue' | 'min' | 'max' | 'fromLocation'> {
  fromLocation?: PostcodeSource;
  accepts: z.ZodType;
  initialValue?: unknown;
  dateBounds?: boolean;
  /** Validates and normalises the value; only called while the input is in play. */
  read: (value: unknown, all: FormValues, today: string) => Read;
  /** False when another input makes this one moot ("Use your address", gender not Other). */
  inPlay?: (all: FormValues) => boolean;
}

interface Field extends Omit<FormFieldDescriptor, 'inputs'> {
  inputs: Input[];
  /** Writes the field's part of the payload from its inputs' values; by default each under its key. */
  emit?: (own: Record<string, unknown>, out: Record<string, unknown>) => void;
}

// What a form or a JSON body may hold for each kind of input; anything else is refused up front.
const acceptsText = z.union([z.string(), z.number()], { error: fm.invalidValue }).nullish();
const acceptsId = z.union([z.number(), z.string()], { error: fm.invalidValue }).nullish();
const acceptsIdList = z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: fm.invalidValue }).nullish();
const acceptsBoolean = z.boolean({ error: fm.invalidValue }).nullish();
const acceptsYesNo = z.union([z.string(), z.boolean()], { error: fm.invalidValue }).nullish();

const ok = (value: unknown): Read => ({ value });
const fail = (message: string): Read => ({ message });

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

interface TextRule {
  max: number;
  required: string | null;
  pattern?: RegExp;
  invalid?: string;
  forbidden?: RegExp;
  lowerCase?: boolean;
  placeholder?: string;
}

function readText(v: unknown, label: string, rule: TextRule): Read {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (s === '' || s === rule.placeholder) return rule.required ? fail(rule.required) : ok(null);
  if (s.length > rule.max) return fail(fm.tooLong(label, rule.max));
  if (rule.forbidden?.test(s)) return fail(m.nameForbidden);
  if (rule.pattern && !rule.pattern.test(s)) return fail(rule.invalid ?? fm.invalidValue);
  return ok(rule.lowerCase ? s.toLowerCase() : s);
}

function toId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v <= MAX_ID ? v : undefined;
  if (typeof v === 'string' && /^[0-9]{1,10}$/.test(v.trim())) return toId(Number(v.trim()));
  return undefined;
}

/** One id from a select; `allowed` limits it to the items of the field. */
function readId(v: unknown, required: string | null, allowed?: readonly (number | string)[]): Read {
  if (isBlank(v)) return required ? fail(required) : ok(null);
  const id = toId(v);
  if (id === undefined || (allowed && !allowed.includes(id))) return fail(m.selectAnOption);
  return ok(id);
}

/** Several ids, as an array or a comma list; answers them ascending, joined by commas. */
function readIdList(v: unknown, required: string | null, allowed?: readonly (number | string)[]): Read {
  const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((p) => p.trim() !== '') : v == null ? [] : [v];
  if (parts.length === 0) return required ? fail(required) : ok(null);
  const ids = new Set<number>();
  for (const p of parts) {
    const id = toId(p);
    if (id === undefined || (allowed && !allowed.includes(id))) return fail(m.selectAnOption);
    ids.add(id);
  }
  return ok([...ids].sort((a, b) => a - b).join(','));
}

const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/**
 * S40, S41: yyyy-mm-dd, year 1000–9999, month 1–12, a day the month has (U26: 2023-02-31 is
 * refused rather than stored), and not after today.
 */
export function isValidPastDate(value: string, today: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth && value <= today;
}

function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function readYesNo(v: unknown, required: string | null): Read {
  if (typeof v === 'boolean') return ok(v ? 'Y' : 'N');
  if (isBlank(v)) return required ? fail(required) : ok(null);
  const s = String(v).trim().toUpperCase();
  return s === 'Y' || s === 'N' ? ok(s) : fail(m.selectAnOption);
}

function textInput(key: string, label: string, kind: InputKind, rule: TextRule, extra: Partial<Input> = {}): Input {
  return {
    key,
    label,
    kind,
    required: rule.required !== null,
    readOnly: false,
    maxLength: rule.max,
    accepts: acceptsText,
    initialValue: '',
    read: (v) => readText(v, label, rule),
    ...extra,
  };
}

function items(list: readonly FormListItem[] | undefined): FormItem[] {
  return (list ?? []).map((i) => ({ value: i.FieldValueID, label: i.DisplayName }));
}

function defaults(list: readonly FormListItem[] | undefined): number[] {
  return (list ?? []).filter((i) => i.IsDefault).map((i) => i.FieldValueID);
}

/** A list given and empty cannot be chosen from, so it cannot be required (S44–S46). */
function listUsable(list: readonly FormListItem[] | undefined): boolean {
  return list === undefined || list.length > 0;
}

interface Resolver {
  kind: FormKind;
  labels: FormLabels;
  context: FormContext;
}

interface FieldSpec {
  id: number;
  name: string;
  label: string;
  mandatory: boolean;
  /** The field's "{label} is required" message: the spec's text, or the company's label in it. */
  requiredMessage: (standard: string) => string;
}

function field(spec: FieldSpec, kind: FieldKind, inputs: Input[], extra: Partial<Field> = {}): Field {
  return { name: spec.name, id: spec.id, label: spec.label, kind, required: spec.mandatory, readOnly: false, custom: false, inputs, ...extra };
}

function nameField(spec: FieldSpec, key: 'FirstName' | 'LastName', message: string): Field {
  const rule = { max: MAX.name, required: spec.requiredMessage(message), forbidden: FORM_NAME_FORBIDDEN };
  return field(spec, 'text', [textInput(key, spec.label, 'text', rule)]);
}

function genderField(spec: FieldSpec): Field {
  const required = spec.mandatory ? spec.requiredMessage(m.genderRequired) : null;
  const isOther = (all: FormValues) => typeof all.GenderType === 'string' && all.GenderType.trim() === 'Other';
  const type: Input = {
    key: 'GenderType',
    label: spec.label,
    kind: 'select',
    required: spec.mandatory,
    readOnly: false,
    items: GENDER_ITEMS,
    accepts: acceptsText,
    initialValue: '',
    read: (v) => {
      if (isBlank(v)) return required ? fail(required) : ok(null);
      const s = String(v).trim();
      return (GENDER_TYPES as readonly string[]).includes(s) ? ok(s) : fail(m.selectAnOption);
    },
  };
  const other = textInput('GenderOther', 'Please specify', 'text', { max: MAX.genderOther, required: m.genderOtherRequired }, { inPlay: isOther });
  return field(spec, 'gender', [type, other], {
    emit: (own, out) => {
      Object.assign(out, own);
      out.Gender = typeof own.GenderType === 'string' ? own.GenderType.charAt(0) : null;
    },
  });
}

function checkbox(key: string, label: string): Input {
  return { key, label, kind: 'checkbox', required: false, readOnly: false, accepts: acceptsBoolean, initialValue: false, read: (v) => ok(v === true) };
}

/** Address lines, suburb, state and postcode (S31–S36); `billing` gives the billing keys and messages. */
function addressInputs(r: Resolver, mandatory: boolean, billing: boolean, inPlay: ((all: FormValues) => boolean) | undefined): Input[] {
  const parts = r.context.addressParts ?? {};
  const prefix = billing ? 'Billing' : '';
  const { suburb, state, postcode } = r.labels;
  const states = r.context.states ?? [];
  const req = (message: string) => (mandatory ? message : null);
  const inputs: Input[] = [
    textInput(`${prefix}Address1`, 'Address line 1', 'text', { max: MAX.line, required: req(billing ? m.billingAddressLine1Required : m.addressLine1Required) }, { inPlay }),
    textInput(`${prefix}Address2`, 'Address line 2', 'text', { max: MAX.line, required: null }, { inPlay }),
  ];
  if (parts.suburb !== false) {
    // "Suburb is required" stays literal whatever the suburb label (X22).
    const suggestions = r.context.locationsHavePostcodes ? [...new Set((r.context.locations ?? []).map((l) => l.Suburb))] : [];
    inputs.push(
      textInput(`${prefix}Suburb`, suburb, 'text', { max: MAX.suburb, required: req(billing ? m.billingSuburbRequired : m.suburbRequired) }, {
        inPlay,
        ...(suggestions.length > 0 ? { suggestions } : {}),
      }),
    );
  }
  if (parts.state !== false) {
    const required = req(billing ? lm.billingRequired(state) : lm.required(state));
    const start = r.context.defaultState;
    const initialValue = !billing && start && (states.length === 0 || states.includes(start)) ? start : '';
    if (states.length > 0) {
      inputs.push({
        key: `${prefix}State`,
        label: state,
        kind: 'select',
        required: required !== null,
        readOnly: false,
        items: states.map((s) => ({ value: s, label: s })),
        accepts: acceptsText,
        initialValue,
        inPlay,
        read: (v) => {
          if (isBlank(v)) return required ? fail(required) : ok(null);
          const s = String(v).trim();
          return states.includes(s) ? ok(s) : fail(m.selectAnOption);
        },
      });
    } else {
      inputs.push(textInput(`${prefix}State`, state, 'text', { max: MAX.state, required }, { inPlay, initialValue }));
    }
  }
  if (parts.postcode !== false) {
    // X21: the address's postcode is required when the address is; the billing postcode only
    // when locations do not supply postcodes (S36).
    const required = !billing ? req(lm.required(postcode)) : r.context.locationsHavePostcodes ? null : req(lm.billingRequired(postcode));
    const rule = { max: MAX.postcode, required };
    const locations = r.context.locations ?? [];
    // C19, E16: a chosen location's postcode wins over whatever was typed or sent.
    const fromLocation: PostcodeSource | undefined =
      r.context.locationsHavePostcodes && parts.suburb !== false && locations.some((l) => l.Postcode !== '')
        ? { suburbKey: `${prefix}Suburb`, stateKey: `${prefix}State`, locations }
        : undefined;
    inputs.push(
      textInput(`${prefix}Postcode`, postcode, 'text', rule, {
        inPlay,
        ...(fromLocation
          ? {
              fromLocation,
              read: (v: unknown, all: FormValues) => {
                const supplied = locationPostcode(fromLocation, all);
                return supplied !== null ? ok(supplied) : readText(v, postcode, rule);
              },
            }
          : {}),
      }),
    );
  }
  return inputs;
}

function idSelect(spec: FieldSpec, key: string, list: readonly FormListItem[] | undefined, message: string): Field {
  const required = spec.mandatory && listUsable(list) ? spec.requiredMessage(message) : null;
  // Membership of the company's lists is the server's check: an existing record may hold an
  // item that has since been made inactive (X8).
  return field(spec, 'select', [
    {
      key,
      label: spec.label,
      kind: 'select',
      required: required !== null,
      readOnly: false,
      items: items(list),
      accepts: acceptsId,
      initialValue: defaults(list)[0] ?? '',
      read: (v) => readId(v, required),
    },
  ]);
}

function medicalField(spec: FieldSpec, r: Resolver): Field {
  const list = r.context.lists?.medical_conditions;
  const required = spec.mandatory && listUsable(list) ? spec.requiredMessage(m.medicalConditionRequired) : null;
  const custom = r.context.canSelectCustomMedicalCondition === true;
  const inputs: Input[] = [
    {
      key: 'MedicalConditionIDs',
      label: spec.label,
      kind: 'multiSelect',
      required: required !== null,
      readOnly: false,
      items: items(list),
      accepts: acceptsIdList,
      initialValue: defaults(list),
      // An unlisted condition typed in satisfies a mandatory field as well (S49).
      read: (v, all) => readIdList(v, custom && !isBlank(all.AdditionalMedicalConditions) ? null : required),
    },
  ];
  if (custom) inputs.push(textInput('AdditionalMedicalConditions', 'Other medical conditions', 'text', { max: MAX.text, required: null }));
  return field(spec, 'medicalConditions', inputs);
}

function customField(kind: FormKind, cf: CustomFieldConfig): Field {
  const label = cf.DisplayName || cf.custom_field.FieldName;
  const key = `custom_field_${cf.CustomFieldID}`;
  const required = cf.Mandatory ? lm.required(label) : null;
  const options = cf.custom_field.custom_field_options;
  const allowed = options.map((o) => o.value);
  const type = cf.custom_field.FieldType;
  const base = { key, label, required: cf.Mandatory, readOnly: false };
  let input: Input;
  switch (type) {
    case CustomFieldType.freeText:
      input = textInput(key, label, 'text', { max: MAX.text, required });
      break;
    case CustomFieldType.singleSelectionDD:
      input = { ...base, kind: 'select', items: options, accepts: acceptsId, initialValue: cf.DefaultItemID ?? '', read: (v) => readId(v, required, allowed) };
      break;
    case CustomFieldType.multiSelectionDD:
      input = {
        ...base,
        kind: 'multiSelect',
        items: options,
        accepts: acceptsIdList,
        initialValue: cf.DefaultItemID === null ? [] : [cf.DefaultItemID],
        read: (v) => readIdList(v, required, allowed),
      };
      break;
    case CustomFieldType.yesOrNoDD:
      input = { ...base, kind: 'yesNo', items: YES_NO_ITEMS, accepts: acceptsYesNo, initialValue: '', read: (v) => readYesNo(v, required) };
      break;
  }
  const listKey = kind === 'customer' ? 'CustomFieldValues' : 'custom_field_values';
  return {
    name: key,
    id: cf.CustomFieldID,
    label,
    kind: input.kind,
    required: cf.Mandatory,
    readOnly: false,
    custom: true,
    inputs: [input],
    emit: (own, out) => {
      const value = own[key];
      const entry: CustomFieldValue = {
        CustomFieldID: cf.CustomFieldID,
        CustomFieldItemID: type === CustomFieldType.singleSelectionDD && typeof value === 'number' ? value : null,
        FieldValue: value === null || value === undefined ? null : String(value),
      };
      ((out[listKey] ??= []) as CustomFieldValue[]).push(entry);
    },
  };
}

function fixedField(r: Resolver, spec: FieldSpec): Field {
  const req = (message: string) => (spec.mandatory ? spec.requiredMessage(message) : null);
  const text = (key: string, kind: InputKind, rule: Omit<TextRule, 'required'>, message: string) =>
    field(spec, kind, [textInput(key, spec.label, kind, { ...rule, required: req(message) })]);
  const phone = { max: MAX.phone, pattern: PHONE_PATTERN, invalid: m.numbersOnly };
  const email = { max: MAX.email, pattern: EMAIL_PATTERN, invalid: m.emailInvalid, lowerCase: true };
  const lists = r.context.lists ?? {};
  switch (spec.name) {
    case 'firstName':
      return nameField(spec, 'FirstName', m.firstNameRequired);
    case 'lastName':
      return nameField(spec, 'LastName', m.lastNameRequired);
    case 'gender':
      return genderField(spec);
    case 'regID':
      // Read-only (S38): assigned by the company, "TBD" until then (E12); never required of the user.
      return field(spec, 'text', [textInput('RegID', spec.label, 'text', { max: MAX.regId, required: null, placeholder: REG_ID_PLACEHOLDER }, { readOnly: true, initialValue: REG_ID_PLACEHOLDER })], {
        required: false,
        readOnly: true,
      });
    case 'address': {
      if (r.kind === 'customer') return field(spec, 'address', addressInputs(r, spec.mandatory, false, undefined));
      const own = (all: FormValues) => all.AddrSameAsClient !== true;
      return field(spec, 'address', [checkbox('AddrSameAsClient', 'Use your address'), ...addressInputs(r, spec.mandatory, false, own)]);
    }
    case 'billingAddress': {
      const own = (all: FormValues) => all.BillingAddrSame !== true;
      return field(spec, 'billingAddress', [checkbox('BillingAddrSame', 'Use Address for Billing Address'), ...addressInputs(r, spec.mandatory, true, own)]);
    }
    case 'homePhone':
      return text('PhoneHome', 'phone', phone, m.homePhoneRequired);
    case 'workPhone':
      return text('PhoneWork', 'phone', phone, m.workPhoneRequired);
    case 'mobilePhone':
    case 'mobile':
      return text('PhoneMobile', 'phone', phone, lm.mobileRequired(r.labels.mobile));
    case 'mobilePhone2':
      return text('PhoneMobile2', 'phone', phone, lm.secondaryMobileRequired(r.labels.mobile));
    case 'fax':
      return text('Fax', 'phone', { ...phone, pattern: DIGITS_PATTERN }, m.faxRequired);
    case 'email':
      return text('Email', 'email', email, m.emailRequired);
    case 'email2':
      return text('Email2', 'email', email, m.secondaryEmailRequired);
    case 'notes':
      return text('Notes', 'textarea', { max: MAX.notes }, m.notesRequired);
    case 'dateOfBirth': {
      const required = req(m.dateOfBirthRequired);
      return field(spec, 'date', [
        {
          key: 'DOB',
          label: spec.label,
          kind: 'date',
          required: spec.mandatory,
          readOnly: false,
          accepts: acceptsText,
          initialValue: '',
          dateBounds: true,
          read: (v, _all, today) => {
            if (isBlank(v)) return required ? fail(required) : ok(null);
            const s = String(v).trim();
            return isValidPastDate(s, today) ? ok(s) : fail(m.dateInvalid);
          },
        },
      ]);
    }
    case 'standard':
      return idSelect(spec, 'StandardID', lists.standards, lm.required(r.labels.standard));
    case 'medicalConditions':
      return medicalField(spec, r);
    case 'referralSource':
      return idSelect(spec, 'ReferralSourceID', lists.referral_sources, m.referralSourceRequired);
    case 'school':
      return idSelect(spec, 'SchoolID', lists.school, m.schoolRequired);
    case 'venue':
      return idSelect(spec, 'VenueID', lists.venues, m.venueRequired);
    case 'preferredDays':
      return field(spec, 'multiSelect', [
        {
          key: 'PendingDays',
          label: spec.label,
          kind: 'multiSelect',
          required: spec.mandatory,
          readOnly: false,
          items: PREFERRED_DAYS,
          accepts: acceptsIdList,
          initialValue: [],
          read: (v) => readIdList(v, spec.mandatory ? m.preferredDayRequired : null, [1, 2, 3, 4, 5, 6, 7]),
        },
      ]);
    default:
      throw new Error(`No rules for the ${r.kind} field ${spec.name}`);
  }
}

function standardLabel(name: string, fallback: string, labels: FormLabels): string {
  if (name === 'mobilePhone' || name === 'mobile') return labels.mobile;
  if (name === 'mobilePhone2') return labels.mobile2;
  if (name === 'standard') return labels.standard;
  return fallback;
}

/** The visible fields in form order: fixed fields in the spec's order, then custom fields as configured. */
function resolveFields(kind: FormKind, formFields: FormFields, context: FormContext): Field[] {
  const given = Object.fromEntries(Object.entries(context.labels ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  const r: Resolver = { kind, context, labels: { ...DEFAULT_LABELS, ...given } };
  const configured = new Map(formFields.fields.map((f) => [f.OCRFormFieldNameID, f]));
  const fields: Field[] = [];
  for (const def of FIXED_FIELDS[kind]) {
    const cfg = configured.get(def.id);
    const state = ALWAYS_MANDATORY.includes(def.name) ? 'Mandatory' : (cfg?.State ?? 'Hidden');
    if (state === 'Hidden') continue;
    const renamed = cfg?.DisplayName ?? null;
    fields.push(
      fixedField(r, {
        id: def.id,
        name: def.name,
        label: renamed ?? standardLabel(def.name, def.label, r.labels),
        mandatory: state === 'Mandatory',
        requiredMessage: (standard) => (renamed ? lm.required(renamed) : standard),
      }),
    );
  }
  for (const cf of formFields.custom_fields) if (cf.Enabled) fields.push(customField(kind, cf));
  return fields;
}

/** Copies array entries of custom-field values to their form keys, and PreferredDays to PendingDays (X23). */
function prepare(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const values: FormValues = { ...(raw as FormValues) };
  for (const listKey of ['custom_field_values', 'CustomFieldValues']) {
    const list = values[listKey];
    if (!Array.isArray(list)) continue;
    for (const entry of list as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { CustomFieldID: id, FieldValue: value, CustomFieldItemID: itemId } = entry as Record<string, unknown>;
      const key = `custom_field_${String(id)}`;
      if (typeof id === 'number' && values[key] === undefined) values[key] = value ?? itemId ?? null;
    }
  }
  if (values.PendingDays === undefined && values.PreferredDays !== undefined) values.PendingDays = values.PreferredDays;
  return values;
}

function isInPlay(input: Input, values: FormValues): boolean {
  return input.inPlay === undefined || input.inPlay(values);
}

/**
 * The zod schema of a customer or student form's payload under this configuration. Hidden and
 * unlisted fields are neither validated nor kept; mandatory fields fail with the spec's message
 * (group S); empty optional fields parse to null; the output is valid input again, so the server
 * can parse what the web form submits.
 */
export function buildFormSchema<K extends FormKind>(kind: K, formFields: FormFields, context: FormContext = {}): z.ZodType<FormOutput<K>, FormValues> {
  const fields = resolveFields(kind, formFields, context);
  const inputs = fields.flatMap((f) => f.inputs);
  const today = () => context.today ?? latestToday();
  const shape = Object.fromEntries(inputs.map((i) => [i.key, i.accepts]));
  const schema = z
    .preprocess(prepare, z.object(shape))
    .superRefine((values, ctx) => {
      const day = today();
      for (const input of inputs) {
        if (!isInPlay(input, values)) continue;
        const result = input.read(values[input.key], values, day);
        if ('message' in result) ctx.addIssue({ code: 'custom', path: [input.key], message: result.message });
      }
    })
    .transform((values) => {
      const day = today();
      const out: Record<string, unknown> = {};
      for (const field of fields) {
        const own: Record<string, unknown> = {};
        for (const input of field.inputs) {
          // Reached only when every input in play read without a message.
          own[input.key] = isInPlay(input, values) ? (input.read(values[input.key], values, day) as { value: unknown }).value : null;
        }
        if (field.emit) field.emit(own, out);
        else Object.assign(out, own);
      }
      return out;
    });
  return schema as unknown as z.ZodType<FormOutput<K>, FormValues>;
}

/** The visible fields of a form, in order, with what a renderer needs; the same rules as buildFormSchema. */
export function describeFormFields(kind: FormKind, formFields: FormFields, context: FormContext = {}): FormFieldDescriptor[] {
  const today = context.today ?? latestToday();
  return resolveFields(kind, formFields, context).map(({ inputs, emit: _emit, ...field }) => ({
    ...field,
    inputs: inputs.map(({ accepts: _accepts, read: _read, inPlay: _inPlay, dateBounds, initialValue, ...input }) => ({
      ...input,
      ...(dateBounds ? { min: DATE_INPUT_MIN, max: today } : {}),
      initialValue: initialValue ?? '',
    })),
  }));
}

/** The values a new form starts with: empty, unticked, or the custom field's default option (E20). */
export function initialFormValues(descriptors: readonly FormFieldDescriptor[]): FormValues {
  return Object.fromEntries(descriptors.flatMap((f) => f.inputs.map((i) => [i.key, i.initialValue])));
}

function emptyOf(kind: InputKind): unknown {
  return kind === 'checkbox' ? false : kind === 'multiSelect' ? [] : '';
}

/**
 * The values an edit form starts with for a stored record (K25, E29): each value under its
 * form key, comma lists as arrays for the multi-selects, custom field values under
 * custom_field_{id}; empty values stay empty (RegID shows "TBD").
 */
export function formValuesFromRecord(descriptors: readonly FormFieldDescriptor[], record: FormValues): FormValues {
  const values = prepare(record) as FormValues;
  return Object.fromEntries(
    descriptors.flatMap((f) =>
      f.inputs.map((i) => {
        const v = values[i.key];
        // An empty stored value stays empty: defaults are for new forms. A read-only input shows its placeholder.
        if (v === null || v === undefined || v === '') return [i.key, i.readOnly ? i.initialValue : emptyOf(i.kind)];
        if (i.kind === 'checkbox') return [i.key, v === true];
        if (i.kind === 'multiSelect') {
          const parts = Array.isArray(v) ? v : String(v).split(',');
          return [i.key, parts.map((p) => toId(p) ?? p).filter((p) => p !== '')];
        }
        return [i.key, typeof v === 'number' && i.kind !== 'select' ? String(v) : v];
      }),
    ),
  );
}

/**
 * Mandatory pickers whose list the company left empty (E19, S48): their labels, for
 * labelledMessages.missingConfigurations. The form cannot require them, so it says what is missing.
 */
export function missingConfigurations(kind: FormKind, formFields: FormFields, context: FormContext = {}): string[] {
  const listOf: Record<string, FormListName> = { medicalConditions: 'medical_conditions', referralSource: 'referral_sources', school: 'school' };
  return resolveFields(kind, formFields, context)
    .filter((f) => f.required && !f.custom && f.name in listOf && context.lists?.[listOf[f.name]!]?.length === 0)
    .map((f) => f.label);
}
