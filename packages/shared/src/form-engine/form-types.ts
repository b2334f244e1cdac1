import { DAY_ABBREVIATIONS } from '../class-time-text.ts';
import type { Location } from '../company-config.ts';
import type { FormKind } from '../form-config.ts';

/** What the form engine hands its callers: the choices it offers, the payloads it parses to, the descriptors it draws from. */

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
export const PREFERRED_DAYS: readonly FormItem[] = DAY_ABBREVIATIONS.map((label, i) => ({ value: i + 1, label }));
/** Yes/no custom fields store Y and N (T29). */
export const YES_NO_ITEMS: readonly FormItem[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];
/** The bounds of a date picker (S42) and the span of the date-of-birth year list (E13). */
export const DATE_INPUT_MIN = '1900-01-01';
export const DATE_INPUT_MAX = '3000-12-31';
export const DOB_YEAR_SPAN = 100;
/** Under a student's level when the school sets it (decision 076). */
export const LEVEL_SET_BY_COMPANY = 'Set by the office';
/** What a RegID shows until one is assigned (T28); never stored. */
export const REG_ID_PLACEHOLDER = 'TBD';

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
  /** Said under a value the company sets, shown and never sent (a level, decision 076). */
  note?: string;
}

/** Where a postcode input looks up its location: the keys of its suburb and state, and the company's locations. */
export interface PostcodeSource {
  suburbKey: string;
  stateKey: string;
  locations: readonly Location[];
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
