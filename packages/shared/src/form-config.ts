import { z } from 'zod';

/**
 * A company's form-field configuration (D2 §3 "Form field configuration", R11, R33, U16):
 * which fixed and custom fields the customer and student forms show, which are mandatory,
 * what the company calls them, per registration profile. The same schema validates the
 * configuration in a company bundle and the get-form-fields answers.
 */

export const FORM_KINDS = ['customer', 'student'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Mandatory means required, Optional shown but not required, Hidden not shown at all. */
export const FIELD_STATES = ['Mandatory', 'Optional', 'Hidden'] as const;
export type FieldState = (typeof FIELD_STATES)[number];

/** The API sends FieldType as 0–3; these are the enum's names in that order (X18, T36). */
export const CUSTOM_FIELD_TYPES = ['freeText', 'singleSelectionDD', 'multiSelectionDD', 'yesOrNoDD'] as const;
export type CustomFieldTypeName = (typeof CUSTOM_FIELD_TYPES)[number];
export const CustomFieldType = { freeText: 0, singleSelectionDD: 1, multiSelectionDD: 2, yesOrNoDD: 3 } as const satisfies Record<CustomFieldTypeName, number>;
export type CustomFieldTypeCode = (typeof CustomFieldType)[CustomFieldTypeName];

interface FixedFieldDefinition<Name extends string = string> {
  readonly id: number;
  readonly name: Name;
  /** The label a form shows when the company has not renamed the field. */
  readonly label: string;
}

/**
 * Customer fixed fields. The spec names them (D1 §3, T43) but gives no numbers (U16):
 * they take 1–14 in the spec's order, below the student fields' 15–29.
 */
export const CUSTOMER_FIELDS = [
  { id: 1, name: 'firstName', label: 'First name' },
  { id: 2, name: 'lastName', label: 'Last name' },
  { id: 3, name: 'gender', label: 'Gender' },
  { id: 4, name: 'regID', label: 'Registration ID' },
  { id: 5, name: 'address', label: 'Address' },
  { id: 6, name: 'billingAddress', label: 'Billing address' },
  { id: 7, name: 'homePhone', label: 'Home phone' },
  { id: 8, name: 'workPhone', label: 'Work phone' },
  { id: 9, name: 'mobilePhone', label: 'Mobile' },
  { id: 10, name: 'mobilePhone2', label: 'Mobile #2' },
  { id: 11, name: 'fax', label: 'Fax' },
  { id: 12, name: 'email', label: 'Email' },
  { id: 13, name: 'email2', label: 'Secondary email' },
  { id: 14, name: 'notes', label: 'Notes' },
] as const satisfies readonly FixedFieldDefinition[];
export type CustomerFieldName = (typeof CUSTOMER_FIELDS)[number]['name'];

/** Student fixed fields 15–29 in the spec's order (D2 §3, T37). */
export const STUDENT_FIELDS = [
  { id: 15, name: 'firstName', label: 'First name' },
  { id: 16, name: 'lastName', label: 'Last name' },
  { id: 17, name: 'dateOfBirth', label: 'Date of birth' },
  { id: 18, name: 'gender', label: 'Gender' },
  { id: 19, name: 'regID', label: 'Registration ID' },
  { id: 20, name: 'mobile', label: 'Mobile' },
  { id: 21, name: 'email', label: 'Email' },
  { id: 22, name: 'address', label: 'Address' },
  { id: 23, name: 'standard', label: 'Level' },
  { id: 24, name: 'medicalConditions', label: 'Medical conditions' },
  { id: 25, name: 'referralSource', label: 'Referral source' },
  { id: 26, name: 'school', label: 'School' },
  { id: 27, name: 'venue', label: 'Venue' },
  { id: 28, name: 'notes', label: 'Notes' },
  { id: 29, name: 'preferredDays', label: 'Preferred days' },
] as const satisfies readonly FixedFieldDefinition[];
export type StudentFieldName = (typeof STUDENT_FIELDS)[number]['name'];

export const FIXED_FIELDS = { customer: CUSTOMER_FIELDS, student: STUDENT_FIELDS } as const;

/** Every person has a name: these two are always shown and always mandatory (S6, S7). */
export const ALWAYS_MANDATORY: readonly string[] = ['firstName', 'lastName'];

export function findFixedField(kind: FormKind, id: number): FixedFieldDefinition | undefined {
  return (FIXED_FIELDS[kind] as readonly FixedFieldDefinition[]).find((f) => f.id === id);
}

const label = z.string().trim().min(1).max(60);

/** A fixed field as get-form-fields answers it; `field_name` may be left out in a bundle. */
export const fixedFieldConfigSchema = z.object({
  OCRFormFieldNameID: z.number().int().positive(),
  State: z.enum(FIELD_STATES),
  field_name: z.object({ OCRFormFieldName: z.string().min(1) }).optional(),
  /** The company's own label for the field; null keeps the standard one. */
  DisplayName: label.nullable().default(null),
});
export type FixedFieldConfigInput = z.input<typeof fixedFieldConfigSchema>;

export const customFieldOptionSchema = z.object({ value: z.number().int().positive(), label: z.string().trim().min(1).max(100) });
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldConfigSchema = z
  .object({
    CustomFieldID: z.number().int().positive(),
    Enabled: z.boolean().default(true),
    Mandatory: z.boolean().default(false),
    DisplayName: z.string().trim().max(60).default(''),
    /** An option of this field preselected on a new form (E20). */
    DefaultItemID: z.number().int().positive().nullable().default(null),
    custom_field: z.object({
      FieldName: label,
      FieldType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      custom_field_options: z.array(customFieldOptionSchema).max(200).default([]),
    }),
  })
  .superRefine((f, ctx) => {
    const { FieldType, custom_field_options: options } = f.custom_field;
    const isList = FieldType === CustomFieldType.singleSelectionDD || FieldType === CustomFieldType.multiSelectionDD;
    if (isList && options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['custom_field', 'custom_field_options'], message: 'A drop-down field needs at least one option' });
    }
    if (new Set(options.map((o) => o.value)).size !== options.length) {
      ctx.addIssue({ code: 'custom', path: ['custom_field', 'custom_field_options'], message: 'Option values must be unique' });
    }
    if (f.DefaultItemID !== null && !(isList && options.some((o) => o.value === f.DefaultItemID))) {
      ctx.addIssue({ code: 'custom', path: ['DefaultItemID'], message: 'The default must be one of the options' });
    }
  });
export type CustomFieldConfig = z.infer<typeof customFieldConfigSchema>;
export type CustomFieldConfigInput = z.input<typeof customFieldConfigSchema>;

function formFieldsSchemaFor(kind: FormKind) {
  return z
    .object({
      fields: z.array(fixedFieldConfigSchema).default([]),
      custom_fields: z.array(customFieldConfigSchema).default([]),
    })
    .superRefine((form, ctx) => {
      const seen = new Set<number>();
      form.fields.forEach((f, i) => {
        const path = ['fields', i];
        const def = findFixedField(kind, f.OCRFormFieldNameID);
        if (!def) {
          ctx.addIssue({ code: 'custom', path: [...path, 'OCRFormFieldNameID'], message: `Not a ${kind} field id` });
          return;
        }
        if (seen.has(def.id)) ctx.addIssue({ code: 'custom', path: [...path, 'OCRFormFieldNameID'], message: 'Listed twice' });
        seen.add(def.id);
        if (f.field_name && f.field_name.OCRFormFieldName !== def.name) {
          ctx.addIssue({ code: 'custom', path: [...path, 'field_name', 'OCRFormFieldName'], message: `Field ${def.id} is ${def.name}` });
        }
        if (ALWAYS_MANDATORY.includes(def.name) && f.State !== 'Mandatory') {
          ctx.addIssue({ code: 'custom', path: [...path, 'State'], message: 'First and last name are always mandatory' });
        }
      });
      const ids = form.custom_fields.map((f) => f.CustomFieldID);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['custom_fields'], message: 'Custom field listed twice' });
    })
    .transform((form) => ({
      fields: form.fields.map((f) => ({ ...f, field_name: { OCRFormFieldName: findFixedField(kind, f.OCRFormFieldNameID)!.name } })),
      custom_fields: form.custom_fields,
    }));
}

/** One form's configuration: the get-form-fields answer (R11 for customers, R33 for students). */
export const customerFormFieldsSchema = formFieldsSchemaFor('customer');
export const studentFormFieldsSchema = formFieldsSchemaFor('student');
export const formFieldsSchemas = { customer: customerFormFieldsSchema, student: studentFormFieldsSchema } as const;
export type FormFields = z.infer<typeof customerFormFieldsSchema>;
export type FormFieldsInput = z.input<typeof customerFormFieldsSchema>;

/**
 * The get-form-fields answer as it leaves the server (R11, R33): the parsed configuration of one
 * form, every default filled in. A plain object schema, so the OpenAPI document can describe it.
 */
export const formFieldsAnswerSchema = z.object({
  fields: z.array(
    z.object({
      OCRFormFieldNameID: z.number().int(),
      State: z.enum(FIELD_STATES),
      field_name: z.object({ OCRFormFieldName: z.string() }),
      DisplayName: z.string().nullable(),
    }),
  ),
  custom_fields: z.array(
    z.object({
      CustomFieldID: z.number().int(),
      Enabled: z.boolean(),
      Mandatory: z.boolean(),
      DisplayName: z.string(),
      DefaultItemID: z.number().int().nullable(),
      custom_field: z.object({
        FieldName: z.string(),
        FieldType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
        custom_field_options: z.array(z.object({ value: z.number().int(), label: z.string() })),
      }),
    }),
  ),
});
export type FormFieldsAnswer = z.infer<typeof formFieldsAnswerSchema>;

/** get-form-fields takes the registration profile's id, or none for the hub's forms (K7, E6). */
export const formFieldsQuerySchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/**
 * A company's whole configuration: the forms the hub uses (no profile id, K7, E6) and any
 * registration profile that configures its own forms (N9, N19). A profile that leaves a form
 * out uses the company's form.
 */
export const formConfigurationSchema = z
  .object({
    customer: customerFormFieldsSchema.optional(),
    student: studentFormFieldsSchema.optional(),
    profiles: z
      .array(
        z.object({
          OCRProfileID: z.number().int().positive(),
          customer: customerFormFieldsSchema.optional(),
          student: studentFormFieldsSchema.optional(),
        }),
      )
      .default([]),
  })
  .superRefine((c, ctx) => {
    const ids = c.profiles.map((p) => p.OCRProfileID);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['profiles'], message: 'Profile listed twice' });
  });
export type FormConfiguration = z.infer<typeof formConfigurationSchema>;
export type FormConfigurationInput = z.input<typeof formConfigurationSchema>;

/** A fixed field's state by its name, with the company's own label where it renames the field. */
export type FixedFieldStates = Partial<Record<string, FieldState | { State: FieldState; DisplayName: string }>>;

/** The fixed fields named in `states`, in the form's order (ids from FIXED_FIELDS). */
export function fixedFieldList(kind: FormKind, states: FixedFieldStates): FixedFieldConfigInput[] {
  return FIXED_FIELDS[kind].flatMap((f) => {
    const state = states[f.name];
    if (state === undefined) return [];
    return [typeof state === 'string' ? { OCRFormFieldNameID: f.id, State: state } : { OCRFormFieldNameID: f.id, ...state }];
  });
}

/** Every fixed field of the form: the ones not named are hidden. */
function fixed(kind: FormKind, states: Partial<Record<string, FieldState>>): FixedFieldConfigInput[] {
  return fixedFieldList(kind, Object.fromEntries(FIXED_FIELDS[kind].map((f) => [f.name, states[f.name] ?? 'Hidden'])));
}

/**
 * The forms of a company that has configured none (U16): what a class business needs to reach
 * a family and look after a child, nothing it would have to explain.
 */
export const DEFAULT_FORM_FIELDS: Readonly<Record<FormKind, FormFields>> = Object.freeze({
  customer: customerFormFieldsSchema.parse({
    fields: fixed('customer', {
      firstName: 'Mandatory',
      lastName: 'Mandatory',
      email: 'Mandatory',
      mobilePhone: 'Mandatory',
      homePhone: 'Optional',
      address: 'Optional',
      notes: 'Optional',
    }),
  }),
  student: studentFormFieldsSchema.parse({
    fields: fixed('student', {
      firstName: 'Mandatory',
      lastName: 'Mandatory',
      dateOfBirth: 'Mandatory',
      gender: 'Optional',
      medicalConditions: 'Optional',
      notes: 'Optional',
    }),
  }),
});

/**
 * The configuration of one form: the profile's own when it has one, else the company's,
 * else the default (U16). No profile id means the hub's forms (K7, E6).
 */
export function selectFormFields(configuration: FormConfiguration | null | undefined, kind: FormKind, profileId?: number | null): FormFields {
  const profile = profileId == null ? undefined : configuration?.profiles.find((p) => p.OCRProfileID === profileId);
  return profile?.[kind] ?? configuration?.[kind] ?? DEFAULT_FORM_FIELDS[kind];
}
