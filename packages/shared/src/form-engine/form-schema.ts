import { z } from 'zod';
import type { FormFields, FormKind } from '../form-config.ts';
import { resolveFields } from './configured-fields.ts';
import type { Input } from './field-rules.ts';
import type { FormContext, FormListName } from './form-context.ts';
import { DATE_INPUT_MIN, type FormFieldDescriptor, type FormOutput, type FormValues, type InputKind } from './form-types.ts';
import { latestToday, replaceEarlyYear, toId } from './value-rules.ts';

/**
 * One engine for every customer and student form (D2 §1, §3, §5): a form configuration becomes
 * the zod schema of that form's payload and the ordered descriptors a renderer draws. The web
 * form, the server route and the registration flow all parse with the same schema.
 */

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
        // S43: a stored year at or before 1900 is shown replaced, as the picker offers no such year.
        if (i.kind === 'date' && typeof v === 'string') return [i.key, replaceEarlyYear(v, i.max ?? latestToday())];
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

function emptyAsText(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.length === 0 ? '' : value.map(emptyAsText);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyAsText(v)]));
  return value;
}

/**
 * A parsed form as it is sent (E8, S27, N34): every empty value, and every empty list, as "";
 * numbers, ticks and filled values as they are. The schema reads "" as it reads null, so the
 * server stores both alike and keeps taking null from older clients.
 */
export function formPayload(output: object): Record<string, unknown> {
  return emptyAsText(output) as Record<string, unknown>;
}
