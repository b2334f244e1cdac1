import { ALWAYS_MANDATORY, CustomFieldType, FIXED_FIELDS, type CustomFieldConfig, type FormFields, type FormKind } from '../form-config.ts';
import { EMAIL_PATTERN } from '../auth-schemas.ts';
import { fieldMessages as fdm, labelledMessages as lm, messages as m } from '../messages.ts';
import { addressInputs, checkbox, companySetSelect, field, genderField, idSelect, medicalField, nameField, textInput, type Field, type FieldSpec, type Input, type Resolver } from './field-rules.ts';
import { DEFAULT_LABELS, type FormContext, type FormLabels } from './form-context.ts';
import { PREFERRED_DAYS, REG_ID_PLACEHOLDER, YES_NO_ITEMS, type CustomFieldValue, type FormValues, type InputKind } from './form-types.ts';
import {
  DIGITS_PATTERN,
  MAX,
  PHONE_PATTERN,
  acceptsId,
  acceptsIdList,
  acceptsText,
  acceptsYesNo,
  fail,
  isBlank,
  isValidPastDate,
  replaceEarlyYear,
  ok,
  readId,
  readIdList,
  readYesNo,
  type TextRule,
} from './value-rules.ts';

/** The fields a form configuration shows, in order, each with its rules: the fixed fields by their spec names, then the custom fields. */

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
  const text = (key: string, kind: InputKind, rule: Omit<TextRule, 'required'>, message: string) => field(spec, kind, [textInput(key, spec.label, kind, { ...rule, required: req(message) })]);
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
      return text('PhoneHome', 'phone', phone, fdm.homePhoneRequired);
    case 'workPhone':
      return text('PhoneWork', 'phone', phone, fdm.workPhoneRequired);
    case 'mobilePhone':
    case 'mobile':
      return text('PhoneMobile', 'phone', phone, lm.mobileRequired(r.labels.mobile));
    case 'mobilePhone2':
      return text('PhoneMobile2', 'phone', phone, lm.secondaryMobileRequired(r.labels.mobile));
    case 'fax':
      return text('Fax', 'phone', { ...phone, pattern: DIGITS_PATTERN }, fdm.faxRequired);
    case 'email':
      return text('Email', 'email', email, m.emailRequired);
    case 'email2':
      return text('Email2', 'email', email, fdm.secondaryEmailRequired);
    case 'notes':
      return text('Notes', 'textarea', { max: MAX.notes }, fdm.notesRequired);
    case 'dateOfBirth': {
      const required = req(fdm.dateOfBirthRequired);
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
            return isValidPastDate(s, today) ? ok(replaceEarlyYear(s, today)) : fail(fdm.dateInvalid);
          },
        },
      ]);
    }
    case 'standard':
      // The school's to set unless the company lets parents choose it (decision 076).
      if (r.context.levelSetByCompany) return companySetSelect(spec, 'StandardID', lists.standards);
      return idSelect(spec, 'StandardID', lists.standards, lm.required(r.labels.standard));
    case 'medicalConditions':
      return medicalField(spec, r);
    case 'referralSource':
      return idSelect(spec, 'ReferralSourceID', lists.referral_sources, fdm.referralSourceRequired);
    case 'school':
      return idSelect(spec, 'SchoolID', lists.school, fdm.schoolRequired);
    case 'venue':
      return idSelect(spec, 'VenueID', lists.venues, fdm.venueRequired);
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
          read: (v) => readIdList(v, spec.mandatory ? fdm.preferredDayRequired : null, [1, 2, 3, 4, 5, 6, 7]),
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
export function resolveFields(kind: FormKind, formFields: FormFields, context: FormContext): Field[] {
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
