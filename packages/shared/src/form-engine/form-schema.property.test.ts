import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_STATES, FIXED_FIELDS, customerFormFieldsSchema, studentFormFieldsSchema, type CustomFieldConfigInput, type FormFields, type FormKind } from '../form-config.ts';
import type { FormContext } from './form-context.ts';
import { buildFormSchema, describeFormFields, formValuesFromRecord } from './form-schema.ts';
import { GENDER_TYPES, type FormFieldDescriptor, type FormValues } from './form-types.ts';

/**
 * Properties of the engine over any configuration, any company context and any payload:
 * what is hidden never gets through, what is accepted holds exactly the configured fields,
 * and the server can parse again whatever the form submitted.
 */

const TODAY = '2026-11-23';
const RUNS = { numRuns: 150 };
const LIST_KEY: Record<FormKind, string> = { customer: 'CustomFieldValues', student: 'custom_field_values' };

const customFieldArb: fc.Arbitrary<CustomFieldConfigInput> = fc
  .record({
    id: fc.integer({ min: 1, max: 6 }),
    type: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>,
    mandatory: fc.boolean(),
    enabled: fc.boolean(),
    name: fc.constantFrom('Club', 'Shirt', 'Photos'),
    options: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ id, type, mandatory, enabled, name, options }) => ({
    CustomFieldID: id,
    Enabled: enabled,
    Mandatory: mandatory,
    DisplayName: name,
    custom_field: { FieldName: name, FieldType: type, custom_field_options: type === 1 || type === 2 ? options.map((value) => ({ value, label: `Option ${value}` })) : [] },
  }));

function formFieldsArb(kind: FormKind): fc.Arbitrary<FormFields> {
  const others = FIXED_FIELDS[kind].filter((f) => f.name !== 'firstName' && f.name !== 'lastName');
  return fc
    .record({
      states: fc.tuple(...others.map(() => fc.option(fc.constantFrom(...FIELD_STATES), { nil: undefined }))),
      renamed: fc.tuple(...others.map(() => fc.option(fc.constantFrom('Renamed', 'Other name'), { nil: null }))),
      custom: fc.uniqueArray(customFieldArb, { selector: (c) => c.CustomFieldID, maxLength: 4 }),
    })
    .map(({ states, renamed, custom }) => {
      const fields = others.flatMap((f, i) => (states[i] === undefined ? [] : [{ OCRFormFieldNameID: f.id, State: states[i]!, DisplayName: renamed[i] ?? null }]));
      return (kind === 'customer' ? customerFormFieldsSchema : studentFormFieldsSchema).parse({ fields, custom_fields: custom });
    });
}

const listArb = fc.option(
  fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }).map((ids) => ids.map((id) => ({ FieldValueID: id, DisplayName: `Item ${id}` }))),
  { nil: undefined },
);

const contextArb: fc.Arbitrary<FormContext> = fc.record({
  lists: fc.record({ medical_conditions: listArb, referral_sources: listArb, school: listArb, venues: listArb, standards: listArb }),
  states: fc.constantFrom([], ['NSW', 'VIC']),
  locationsHavePostcodes: fc.boolean(),
  canSelectCustomMedicalCondition: fc.boolean(),
  addressParts: fc.option(fc.record({ suburb: fc.boolean(), state: fc.boolean(), postcode: fc.boolean() }), { nil: undefined }),
  labels: fc.option(fc.record({ mobile: fc.constantFrom('Mobile', 'Cell'), state: fc.constantFrom('State', 'County') }), { nil: undefined }),
  today: fc.constant(TODAY),
});

/** The input keys of every fixed field of this form, by field name, with every option on. */
function keysByField(kind: FormKind): Map<string, string[]> {
  const all = (kind === 'customer' ? customerFormFieldsSchema : studentFormFieldsSchema).parse({
    fields: FIXED_FIELDS[kind].map((f) => ({ OCRFormFieldNameID: f.id, State: f.name === 'firstName' || f.name === 'lastName' ? 'Mandatory' : 'Optional' })),
  });
  return new Map(describeFormFields(kind, all, { canSelectCustomMedicalCondition: true }).map((f) => [f.name, f.inputs.map((i) => i.key)]));
}

const UNIVERSE = Object.fromEntries(
  (['customer', 'student'] as const).map((kind) => [kind, [...[...keysByField(kind).values()].flat(), 'Gender', 'PreferredDays', ...[1, 2, 3, 4, 5, 6].map((id) => `custom_field_${id}`)]]),
) as Record<FormKind, string[]>;

/** Every key any configuration of this form could use. */
function universe(kind: FormKind): string[] {
  return UNIVERSE[kind];
}

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', '  ', null, undefined, 'TBD', 'Y', 'n', 'NSW', '2015-06-01', '2030-01-01', '+61412345678', '04 12', 'a@b.io', 'A b@c', 'Ann=', ...GENDER_TYPES),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[0-9]{1,3}(,[0-9]{1,3}){0,3}$/),
  fc.integer({ min: -2, max: 45 }),
  fc.boolean(),
  fc.array(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom('1', '7', 'x')), { maxLength: 3 }),
);

const KEEP = Symbol('keep');

/**
 * A filled-in form with some of its inputs replaced by anything at all, anything sent for the
 * fields it hides, keys no form knows, and custom field values as a record holds them.
 */
function payloadArb(kind: FormKind, descriptors: FormFieldDescriptor[]): fc.Arbitrary<FormValues> {
  const visible = new Set(descriptors.flatMap((f) => f.inputs.map((i) => i.key)));
  const keep = fc.constant(KEEP);
  const overrides = fc.record(Object.fromEntries(universe(kind).map((k) => [k, visible.has(k) ? fc.oneof({ arbitrary: keep, weight: 6 }, { arbitrary: valueArb, weight: 1 }) : valueArb])), {
    requiredKeys: [],
  });
  const entries = fc.array(fc.record({ CustomFieldID: fc.integer({ min: 1, max: 7 }), CustomFieldItemID: fc.option(fc.integer({ min: 1, max: 9 })), FieldValue: valueArb }), {
    maxLength: 3,
  });
  const extra = fc.record({ [LIST_KEY[kind]]: entries, ClientID: fc.integer(), company_id: fc.integer() }, { requiredKeys: [] });
  return fc.tuple(overrides, extra).map(([o, e]) => {
    const changed = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== KEEP));
    return { ...e, ...validValues(descriptors), ...changed } as FormValues;
  });
}

/** The keys a parsed payload of this configuration holds: its inputs, the gender letter, the custom values. */
function expectedKeys(kind: FormKind, descriptors: FormFieldDescriptor[]): string[] {
  const keys = descriptors.filter((f) => !f.custom).flatMap((f) => f.inputs.map((i) => i.key));
  if (descriptors.some((f) => f.name === 'gender')) keys.push('Gender');
  if (descriptors.some((f) => f.custom)) keys.push(LIST_KEY[kind]);
  return keys.sort();
}

/** A value each input accepts. */
function validValues(descriptors: FormFieldDescriptor[]): FormValues {
  const byKey: Record<string, unknown> = {
    Email: 'ann@example.io',
    Email2: 'ann@example.io',
    PhoneHome: '0299990000',
    PhoneWork: '+61299990000',
    PhoneMobile: '0412345678',
    PhoneMobile2: '0412345678',
    Fax: '0299990001',
    DOB: '2015-06-01',
    GenderType: 'Male',
    PendingDays: [1, 3],
    AdditionalMedicalConditions: '',
  };
  return Object.fromEntries(
    descriptors.flatMap((f) =>
      f.inputs.map((i) => {
        if (i.key in byKey) return [i.key, byKey[i.key]];
        const first = i.items?.[0]?.value;
        switch (i.kind) {
          case 'checkbox':
            return [i.key, false];
          case 'select':
            return [i.key, first ?? 1];
          case 'multiSelect':
            return [i.key, [first ?? 1]];
          case 'yesNo':
            return [i.key, 'Y'];
          default:
            return [i.key, 'Abc'];
        }
      }),
    ),
  );
}

const kinds: FormKind[] = ['customer', 'student'];

describe.each(kinds)('the %s form, under any configuration', (kind) => {
  const caseArb = fc
    .record({ fields: formFieldsArb(kind), context: contextArb })
    .chain(({ fields, context }) => payloadArb(kind, describeFormFields(kind, fields, context)).map((payload) => ({ fields, context, payload })));

  it('accepts a payload only with exactly the configured fields', () => {
    fc.assert(
      fc.property(caseArb, ({ fields, context, payload }) => {
        const result = buildFormSchema(kind, fields, context).safeParse(payload);
        if (result.success) expect(Object.keys(result.data).sort()).toEqual(expectedKeys(kind, describeFormFields(kind, fields, context)));
      }),
      RUNS,
    );
  });

  it('never lets a hidden field into the output', () => {
    const byField = keysByField(kind);
    fc.assert(
      fc.property(caseArb, ({ fields, context, payload }) => {
        // Read from the configuration itself: a field is hidden when it is not listed or listed as Hidden.
        const shown = new Set(fields.fields.filter((f) => f.State !== 'Hidden').map((f) => f.field_name.OCRFormFieldName));
        const hidden = [...byField].filter(([name]) => name !== 'firstName' && name !== 'lastName' && !shown.has(name)).flatMap(([, keys]) => keys);
        const result = buildFormSchema(kind, fields, context).safeParse(payload);
        if (!result.success) return;
        const data = result.data as Record<string, unknown>;
        for (const key of hidden) expect(data).not.toHaveProperty(key);
        if (!shown.has('gender')) expect(data).not.toHaveProperty('Gender');
        if (!context.canSelectCustomMedicalCondition) expect(data).not.toHaveProperty('AdditionalMedicalConditions');
        const enabled = fields.custom_fields.filter((c) => c.Enabled).map((c) => c.CustomFieldID);
        const values = (data[LIST_KEY[kind]] ?? []) as { CustomFieldID: number }[];
        expect(values.map((v) => v.CustomFieldID)).toEqual(enabled);
      }),
      RUNS,
    );
  });

  it('is not moved by anything sent for a hidden field', () => {
    fc.assert(
      fc.property(caseArb, fc.func(valueArb), ({ fields, context, payload }, noise) => {
        const visible = new Set(describeFormFields(kind, fields, context).flatMap((f) => f.inputs.map((i) => i.key)));
        const noisy: FormValues = { ...payload };
        universe(kind)
          .filter((k) => !visible.has(k) && k !== 'PreferredDays' && !k.startsWith('custom_field_'))
          .forEach((k, i) => (noisy[k] = noise(k, i)));
        const schema = buildFormSchema(kind, fields, context);
        const [a, b] = [schema.safeParse(payload), schema.safeParse(noisy)];
        expect(b.success).toBe(a.success);
        if (a.success && b.success) expect(b.data).toEqual(a.data);
        else expect(b.error?.issues).toEqual(a.error?.issues);
      }),
      RUNS,
    );
  });

  it('reports problems only on the inputs the form shows', () => {
    fc.assert(
      fc.property(caseArb, ({ fields, context, payload }) => {
        const visible = new Set(describeFormFields(kind, fields, context).flatMap((f) => f.inputs.map((i) => i.key)));
        const result = buildFormSchema(kind, fields, context).safeParse(payload);
        for (const issue of result.error?.issues ?? []) {
          expect(issue.path).toHaveLength(1);
          expect(visible.has(String(issue.path[0]))).toBe(true);
          expect(issue.message).not.toMatch(/^Invalid input|expected/);
        }
      }),
      RUNS,
    );
  });

  it('parses its own output to the same output', () => {
    fc.assert(
      fc.property(caseArb, ({ fields, context, payload }) => {
        const schema = buildFormSchema(kind, fields, context);
        const once = schema.safeParse(payload);
        if (!once.success) return;
        const twice = schema.safeParse(JSON.parse(JSON.stringify(once.data)));
        expect(twice.success && twice.data).toEqual(once.data);
      }),
      RUNS,
    );
  });

  it('fills an edit form from what it saved that saves the same again', () => {
    fc.assert(
      fc.property(caseArb, ({ fields, context, payload }) => {
        const schema = buildFormSchema(kind, fields, context);
        const saved = schema.safeParse(payload);
        if (!saved.success) return;
        const again = schema.safeParse(formValuesFromRecord(describeFormFields(kind, fields, context), saved.data));
        expect(again.success && again.data).toEqual(saved.data);
      }),
      RUNS,
    );
  });

  it('accepts a filled-in form, and refuses it when any required input is blanked', () => {
    fc.assert(
      fc.property(formFieldsArb(kind), contextArb, fc.nat(), (fields, context, pick) => {
        const descriptors = describeFormFields(kind, fields, context);
        const schema = buildFormSchema(kind, fields, context);
        const filled = validValues(descriptors);
        expect(schema.safeParse(filled).error?.issues ?? []).toEqual([]);
        // GenderOther is required only when Other is chosen, which the filled form does not.
        const required = descriptors.flatMap((f) => f.inputs).filter((i) => i.required && i.key !== 'GenderOther');
        if (required.length === 0) return;
        const input = required[pick % required.length]!;
        const blank = input.kind === 'multiSelect' ? [] : '';
        const result = schema.safeParse({ ...filled, [input.key]: blank });
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.path[0])).toEqual([input.key]);
        expect(result.error?.issues[0]?.message).toMatch(/is required$|^At least one preferred day must be selected$/);
      }),
      RUNS,
    );
  });
});

describe('the schema type', () => {
  it('is a zod schema a form resolver and a route can take', () => {
    const schema = buildFormSchema('customer', customerFormFieldsSchema.parse({}));
    expect(schema).toBeInstanceOf(z.ZodType);
  });
});
