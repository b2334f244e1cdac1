import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_FIELDS,
  CUSTOM_FIELD_TYPES,
  CustomFieldType,
  DEFAULT_FORM_FIELDS,
  fixedFieldList,
  STUDENT_FIELDS,
  customFieldConfigSchema,
  customerFormFieldsSchema,
  formConfigurationSchema,
  selectFormFields,
  studentFormFieldsSchema,
  type FormConfigurationInput,
} from './form-config.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('fixed field ids', () => {
  it('numbers the customer fields 1–14 in the order of the spec (T43, U16)', () => {
    expect(CUSTOMER_FIELDS.map((f) => [f.id, f.name])).toEqual(
      ['firstName', 'lastName', 'gender', 'regID', 'address', 'billingAddress', 'homePhone', 'workPhone', 'mobilePhone', 'mobilePhone2', 'fax', 'email', 'email2', 'notes'].map((name, i) => [
        i + 1,
        name,
      ]),
    );
  });

  it('numbers the student fields 15–29 in the order of the spec (T37)', () => {
    expect(STUDENT_FIELDS.map((f) => [f.id, f.name])).toEqual(
      ['firstName', 'lastName', 'dateOfBirth', 'gender', 'regID', 'mobile', 'email', 'address', 'standard', 'medicalConditions', 'referralSource', 'school', 'venue', 'notes', 'preferredDays'].map(
        (name, i) => [i + 15, name],
      ),
    );
  });

  it('gives the custom field types the codes 0–3 in the order of their names (X18, T36)', () => {
    expect(CUSTOM_FIELD_TYPES).toEqual(['freeText', 'singleSelectionDD', 'multiSelectionDD', 'yesOrNoDD']);
    expect(CUSTOM_FIELD_TYPES.map((t) => CustomFieldType[t])).toEqual([0, 1, 2, 3]);
  });
});

describe('form fields schema', () => {
  it('fills field_name from the id, as get-form-fields answers it (R11, R33)', () => {
    const parsed = studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 26, State: 'Mandatory' }] });
    expect(parsed.fields).toEqual([{ OCRFormFieldNameID: 26, State: 'Mandatory', field_name: { OCRFormFieldName: 'school' }, DisplayName: null }]);
    expect(parsed.custom_fields).toEqual([]);
  });

  it('parses its own answer to the same value, so the web can validate what the server sends', () => {
    const once = customerFormFieldsSchema.parse({
      fields: [{ OCRFormFieldNameID: 14, State: 'Optional', DisplayName: 'Comments' }],
      custom_fields: [{ CustomFieldID: 4, DisplayName: 'Shirt', custom_field: { FieldName: 'shirt', FieldType: 1, custom_field_options: [{ value: 1, label: 'S' }] } }],
    });
    expect(customerFormFieldsSchema.parse(once)).toEqual(once);
  });

  it('accepts the three states only', () => {
    expect(customerFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 14, State: 'Required' }] }).success).toBe(false);
    for (const State of ['Mandatory', 'Optional', 'Hidden']) {
      expect(customerFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 14, State }] }).success).toBe(true);
    }
  });

  it("refuses an id that is not one of the form's fields", () => {
    expect(messagesOf(customerFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 20, State: 'Optional' }] }))).toEqual(['fields.0.OCRFormFieldNameID: Not a customer field id']);
    expect(messagesOf(studentFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 3, State: 'Optional' }] }))).toEqual(['fields.0.OCRFormFieldNameID: Not a student field id']);
  });

  it('refuses a field listed twice and a field_name that does not match its id', () => {
    expect(
      messagesOf(
        studentFormFieldsSchema.safeParse({
          fields: [
            { OCRFormFieldNameID: 28, State: 'Optional' },
            { OCRFormFieldNameID: 28, State: 'Hidden' },
            { OCRFormFieldNameID: 26, State: 'Optional', field_name: { OCRFormFieldName: 'venue' } },
          ],
        }),
      ),
    ).toEqual(['fields.1.OCRFormFieldNameID: Listed twice', 'fields.2.field_name.OCRFormFieldName: Field 26 is school']);
  });

  it('keeps first and last name mandatory (S6, S7)', () => {
    expect(messagesOf(customerFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 1, State: 'Optional' }] }))).toEqual(['fields.0.State: First and last name are always mandatory']);
    expect(messagesOf(studentFormFieldsSchema.safeParse({ fields: [{ OCRFormFieldNameID: 16, State: 'Hidden' }] }))).toEqual(['fields.0.State: First and last name are always mandatory']);
  });

  it('refuses a custom field listed twice', () => {
    const field = { CustomFieldID: 3, custom_field: { FieldName: 'Club', FieldType: 0 } };
    expect(messagesOf(customerFormFieldsSchema.safeParse({ custom_fields: [field, field] }))).toEqual(['custom_fields: Custom field listed twice']);
  });
});

describe('custom field schema', () => {
  const select = (
    extra: object = {},
    options = [
      { value: 1, label: 'Red' },
      { value: 2, label: 'Blue' },
    ],
  ) => ({
    CustomFieldID: 9,
    custom_field: { FieldName: 'Colour', FieldType: CustomFieldType.singleSelectionDD, custom_field_options: options },
    ...extra,
  });

  it('defaults to enabled, optional, no display name and no default option', () => {
    expect(customFieldConfigSchema.parse(select())).toMatchObject({ Enabled: true, Mandatory: false, DisplayName: '', DefaultItemID: null });
  });

  it('refuses a type outside 0–3', () => {
    expect(customFieldConfigSchema.safeParse({ CustomFieldID: 9, custom_field: { FieldName: 'X', FieldType: 4 } }).success).toBe(false);
  });

  it('needs options for both drop-down types', () => {
    for (const FieldType of [1, 2]) {
      expect(messagesOf(customFieldConfigSchema.safeParse({ CustomFieldID: 9, custom_field: { FieldName: 'X', FieldType } }))).toEqual([
        'custom_field.custom_field_options: A drop-down field needs at least one option',
      ]);
    }
    expect(customFieldConfigSchema.safeParse({ CustomFieldID: 9, custom_field: { FieldName: 'X', FieldType: 0 } }).success).toBe(true);
    expect(customFieldConfigSchema.safeParse({ CustomFieldID: 9, custom_field: { FieldName: 'X', FieldType: 3 } }).success).toBe(true);
  });

  it('refuses option values listed twice', () => {
    expect(
      messagesOf(
        customFieldConfigSchema.safeParse(
          select({}, [
            { value: 1, label: 'Red' },
            { value: 1, label: 'Rot' },
          ]),
        ),
      ),
    ).toEqual(['custom_field.custom_field_options: Option values must be unique']);
  });

  it('needs DefaultItemID to be one of the options (E20)', () => {
    expect(customFieldConfigSchema.safeParse(select({ DefaultItemID: 2 })).success).toBe(true);
    expect(messagesOf(customFieldConfigSchema.safeParse(select({ DefaultItemID: 3 })))).toEqual(['DefaultItemID: The default must be one of the options']);
    const text = { CustomFieldID: 9, DefaultItemID: 1, custom_field: { FieldName: 'X', FieldType: 0 } };
    expect(messagesOf(customFieldConfigSchema.safeParse(text))).toEqual(['DefaultItemID: The default must be one of the options']);
  });
});

describe('default configuration (U16)', () => {
  it('is a valid configuration of each form', () => {
    expect(customerFormFieldsSchema.parse(DEFAULT_FORM_FIELDS.customer)).toEqual(DEFAULT_FORM_FIELDS.customer);
    expect(studentFormFieldsSchema.parse(DEFAULT_FORM_FIELDS.student)).toEqual(DEFAULT_FORM_FIELDS.student);
  });

  it('asks a family for a name, an e-mail and a mobile, and a student for a name and a date of birth', () => {
    const mandatory = (kind: 'customer' | 'student') => DEFAULT_FORM_FIELDS[kind].fields.filter((f) => f.State === 'Mandatory').map((f) => f.field_name.OCRFormFieldName);
    expect(mandatory('customer')).toEqual(['firstName', 'lastName', 'mobilePhone', 'email']);
    expect(mandatory('student')).toEqual(['firstName', 'lastName', 'dateOfBirth']);
  });
});

describe('selectFormFields', () => {
  const fields = (id: number, State: 'Mandatory' | 'Optional' | 'Hidden') => ({ fields: [{ OCRFormFieldNameID: id, State }] });
  const input: FormConfigurationInput = {
    customer: fields(14, 'Optional'),
    student: fields(28, 'Optional'),
    profiles: [
      { OCRProfileID: 7, customer: fields(14, 'Mandatory'), student: fields(28, 'Mandatory') },
      { OCRProfileID: 8, student: fields(28, 'Hidden') },
    ],
  };
  const configuration = formConfigurationSchema.parse(input);
  const stateOf = (f: ReturnType<typeof selectFormFields>) => f.fields[0]?.State;

  it("uses the profile's own form when the profile has one (N9, N19)", () => {
    expect(stateOf(selectFormFields(configuration, 'customer', 7))).toBe('Mandatory');
    expect(stateOf(selectFormFields(configuration, 'student', 8))).toBe('Hidden');
  });

  it("falls back to the company's form when the profile leaves that form out", () => {
    expect(stateOf(selectFormFields(configuration, 'customer', 8))).toBe('Optional');
  });

  it("uses the company's form with no profile id, for the hub's forms (K7, E6), and for an unknown profile", () => {
    expect(stateOf(selectFormFields(configuration, 'customer'))).toBe('Optional');
    expect(stateOf(selectFormFields(configuration, 'student', null))).toBe('Optional');
    expect(stateOf(selectFormFields(configuration, 'student', 99))).toBe('Optional');
  });

  it('uses the default when the company has configured nothing (U16)', () => {
    expect(selectFormFields(null, 'customer')).toBe(DEFAULT_FORM_FIELDS.customer);
    expect(selectFormFields(undefined, 'student', 7)).toBe(DEFAULT_FORM_FIELDS.student);
    const onlyProfiles = formConfigurationSchema.parse({ profiles: [{ OCRProfileID: 7, student: fields(28, 'Mandatory') }] });
    expect(selectFormFields(onlyProfiles, 'student')).toBe(DEFAULT_FORM_FIELDS.student);
    expect(selectFormFields(onlyProfiles, 'customer', 7)).toBe(DEFAULT_FORM_FIELDS.customer);
    expect(stateOf(selectFormFields(onlyProfiles, 'student', 7))).toBe('Mandatory');
  });

  it('refuses a profile configured twice', () => {
    expect(messagesOf(formConfigurationSchema.safeParse({ profiles: [{ OCRProfileID: 7 }, { OCRProfileID: 7 }] }))).toEqual(['profiles: Profile listed twice']);
  });
});

describe('fixedFieldList', () => {
  it('lists the named fields by id in the form order, with a company label where given', () => {
    expect(fixedFieldList('customer', { email: 'Mandatory', firstName: 'Mandatory', mobilePhone: { State: 'Optional', DisplayName: 'Cell phone' } })).toEqual([
      { OCRFormFieldNameID: 1, State: 'Mandatory' },
      { OCRFormFieldNameID: 9, State: 'Optional', DisplayName: 'Cell phone' },
      { OCRFormFieldNameID: 12, State: 'Mandatory' },
    ]);
    expect(fixedFieldList('student', { notes: 'Hidden' })).toEqual([{ OCRFormFieldNameID: 28, State: 'Hidden' }]);
  });
});
