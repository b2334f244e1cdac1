import type { z } from 'zod';
import { FORM_NAME_FORBIDDEN } from '../auth-schemas.ts';
import type { FormKind } from '../form-config.ts';
import { fieldMessages as fdm, labelledMessages as lm } from '../messages.ts';
import type { FormContext, FormLabels, FormListItem } from './form-context.ts';
import {
  MAX,
  acceptsAnything,
  acceptsBoolean,
  acceptsId,
  acceptsIdList,
  acceptsText,
  fail,
  isBlank,
  locationPostcode,
  ok,
  readId,
  readIdList,
  readText,
  type Read,
  type TextRule,
} from './value-rules.ts';
import {
  GENDER_ITEMS,
  GENDER_TYPES,
  LEVEL_SET_BY_COMPANY,
  type FieldKind,
  type FormFieldDescriptor,
  type FormInputDescriptor,
  type FormItem,
  type FormValues,
  type InputKind,
  type PostcodeSource,
} from './form-types.ts';

export interface Input extends Omit<FormInputDescriptor, 'initialValue' | 'min' | 'max' | 'fromLocation'> {
  fromLocation?: PostcodeSource;
  accepts: z.ZodType;
  initialValue?: unknown;
  dateBounds?: boolean;
  /** Validates and normalises the value; only called while the input is in play. */
  read: (value: unknown, all: FormValues, today: string) => Read;
  /** False when another input makes this one moot ("Use your address", gender not Other). */
  inPlay?: (all: FormValues) => boolean;
}

export interface Field extends Omit<FormFieldDescriptor, 'inputs'> {
  inputs: Input[];
  /** Writes the field's part of the payload from its inputs' values; by default each under its key. */
  emit?: (own: Record<string, unknown>, out: Record<string, unknown>) => void;
}

export function textInput(key: string, label: string, kind: InputKind, rule: TextRule, extra: Partial<Input> = {}): Input {
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

export function items(list: readonly FormListItem[] | undefined): FormItem[] {
  return (list ?? []).map((i) => ({ value: i.FieldValueID, label: i.DisplayName }));
}

export function defaults(list: readonly FormListItem[] | undefined): number[] {
  return (list ?? []).filter((i) => i.IsDefault).map((i) => i.FieldValueID);
}

/** A list given and empty cannot be chosen from, so it cannot be required (S44–S46). */
export function listUsable(list: readonly FormListItem[] | undefined): boolean {
  return list === undefined || list.length > 0;
}

export interface Resolver {
  kind: FormKind;
  labels: FormLabels;
  context: FormContext;
}

export interface FieldSpec {
  id: number;
  name: string;
  label: string;
  mandatory: boolean;
  /** The field's "{label} is required" message: the spec's text, or the company's label in it. */
  requiredMessage: (standard: string) => string;
}

export function field(spec: FieldSpec, kind: FieldKind, inputs: Input[], extra: Partial<Field> = {}): Field {
  return { name: spec.name, id: spec.id, label: spec.label, kind, required: spec.mandatory, readOnly: false, custom: false, inputs, ...extra };
}

export function nameField(spec: FieldSpec, key: 'FirstName' | 'LastName', message: string): Field {
  const rule = { max: MAX.name, required: spec.requiredMessage(message), forbidden: FORM_NAME_FORBIDDEN };
  return field(spec, 'text', [textInput(key, spec.label, 'text', rule)]);
}

export function genderField(spec: FieldSpec): Field {
  const required = spec.mandatory ? spec.requiredMessage(fdm.genderRequired) : null;
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
      return (GENDER_TYPES as readonly string[]).includes(s) ? ok(s) : fail(fdm.selectAnOption);
    },
  };
  const other = textInput('GenderOther', 'Please specify', 'text', { max: MAX.genderOther, required: fdm.genderOtherRequired }, { inPlay: isOther });
  return field(spec, 'gender', [type, other], {
    emit: (own, out) => {
      Object.assign(out, own);
      out.Gender = typeof own.GenderType === 'string' ? own.GenderType.charAt(0) : null;
    },
  });
}

export function checkbox(key: string, label: string): Input {
  return { key, label, kind: 'checkbox', required: false, readOnly: false, accepts: acceptsBoolean, initialValue: false, read: (v) => ok(v === true) };
}

/** Address lines, suburb, state and postcode (S31–S36); `billing` gives the billing keys and messages. */
export function addressInputs(r: Resolver, mandatory: boolean, billing: boolean, inPlay: ((all: FormValues) => boolean) | undefined): Input[] {
  const parts = r.context.addressParts ?? {};
  const prefix = billing ? 'Billing' : '';
  const { suburb, state, postcode } = r.labels;
  const states = r.context.states ?? [];
  const req = (message: string) => (mandatory ? message : null);
  const inputs: Input[] = [
    textInput(`${prefix}Address1`, 'Address line 1', 'text', { max: MAX.line, required: req(billing ? fdm.billingAddressLine1Required : fdm.addressLine1Required) }, { inPlay }),
    textInput(`${prefix}Address2`, 'Address line 2', 'text', { max: MAX.line, required: null }, { inPlay }),
  ];
  if (parts.suburb !== false) {
    // "Suburb is required" stays literal whatever the suburb label (X22).
    const suggestions = r.context.locationsHavePostcodes ? [...new Set((r.context.locations ?? []).map((l) => l.Suburb))] : [];
    inputs.push(
      textInput(
        `${prefix}Suburb`,
        suburb,
        'text',
        { max: MAX.suburb, required: req(billing ? fdm.billingSuburbRequired : fdm.suburbRequired) },
        {
          inPlay,
          ...(suggestions.length > 0 ? { suggestions } : {}),
        },
      ),
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
          return states.includes(s) ? ok(s) : fail(fdm.selectAnOption);
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
      r.context.locationsHavePostcodes && parts.suburb !== false && locations.some((l) => l.Postcode !== '') ? { suburbKey: `${prefix}Suburb`, stateKey: `${prefix}State`, locations } : undefined;
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

export function idSelect(spec: FieldSpec, key: string, list: readonly FormListItem[] | undefined, message: string): Field {
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

/**
 * A list value the company sets (a student's level, decision 076): shown with its item's name,
 * never required, and never taken from the form, so what the record holds stays.
 */
export function companySetSelect(spec: FieldSpec, key: string, list: readonly FormListItem[] | undefined): Field {
  const input: Input = {
    key,
    label: spec.label,
    kind: 'select',
    required: false,
    readOnly: true,
    items: items(list),
    accepts: acceptsAnything,
    initialValue: '',
    note: LEVEL_SET_BY_COMPANY,
    read: () => ok(null),
  };
  return field(spec, 'select', [input], { required: false, readOnly: true, emit: () => undefined });
}

export function medicalField(spec: FieldSpec, r: Resolver): Field {
  const list = r.context.lists?.medical_conditions;
  const required = spec.mandatory && listUsable(list) ? spec.requiredMessage(fdm.medicalConditionRequired) : null;
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
