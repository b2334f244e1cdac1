import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CompanyConfig } from '../company-config.ts';
import { CUSTOMER_FIELDS, STUDENT_FIELDS, customerFormFieldsSchema, studentFormFieldsSchema, type CustomFieldConfigInput, type FieldState, type FormKind } from '../form-config.ts';
import { labelledMessages } from '../messages.ts';
import { formContextFromConfig, type FormContext } from './form-context.ts';
import { buildFormSchema, describeFormFields, formPayload, formValuesFromRecord, initialFormValues, missingConfigurations } from './form-schema.ts';
import { DATE_INPUT_MIN, GENDER_TYPES, type FormValues } from './form-types.ts';
import { isValidPastDate, locationPostcode, replaceEarlyYear } from './value-rules.ts';

const TODAY = '2026-11-23';

type States = Partial<Record<string, FieldState | { State: FieldState; DisplayName: string }>>;

/** A form configuration naming fields by their spec names. */
function formFields(kind: FormKind, states: States, custom: CustomFieldConfigInput[] = []) {
  const catalogue: readonly { id: number; name: string }[] = kind === 'customer' ? CUSTOMER_FIELDS : STUDENT_FIELDS;
  const fields = Object.entries(states).map(([name, s]) => {
    const def = catalogue.find((f) => f.name === name);
    if (!def) throw new Error(`no ${kind} field ${name}`);
    return typeof s === 'string' ? { OCRFormFieldNameID: def.id, State: s } : { OCRFormFieldNameID: def.id, ...s };
  });
  return (kind === 'customer' ? customerFormFieldsSchema : studentFormFieldsSchema).parse({ fields, custom_fields: custom });
}

function schemaOf(kind: FormKind, states: States, context: FormContext = {}, custom: CustomFieldConfigInput[] = []) {
  return buildFormSchema(kind, formFields(kind, states, custom), { today: TODAY, ...context });
}

/** The messages by field key, as a form would show them. */
function errorsOf(schema: z.ZodType, value: FormValues): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

function dataOf(schema: z.ZodType, value: FormValues): Record<string, unknown> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data as Record<string, unknown>;
}

const NAMES = { FirstName: 'Ann', LastName: 'Lee' };

describe('names (S6, S7, S9)', () => {
  const schema = schemaOf('customer', {});

  it('are required, and whitespace counts as blank', () => {
    expect(errorsOf(schema, {})).toEqual({ FirstName: 'First name is required', LastName: 'Last name is required' });
    expect(errorsOf(schema, { FirstName: '   ', LastName: '' })).toEqual({ FirstName: 'First name is required', LastName: 'Last name is required' });
    expect(errorsOf(schema, { FirstName: null, LastName: undefined })).toEqual({ FirstName: 'First name is required', LastName: 'Last name is required' });
  });

  it('are required on the student form too, even when the configuration leaves them out', () => {
    expect(errorsOf(schemaOf('student', {}), { FirstName: ' ' })).toEqual({ FirstName: 'First name is required', LastName: 'Last name is required' });
  });

  it('are trimmed (S27)', () => {
    expect(dataOf(schema, { FirstName: ' Ann ', LastName: '\tLee\n' })).toEqual({ FirstName: 'Ann', LastName: 'Lee' });
  });

  it('refuse \\ < > = but allow a comma and a double quote (X3)', () => {
    for (const bad of ['Ann=', 'A<b', 'A>b', 'A\\b']) {
      expect(errorsOf(schema, { FirstName: bad, LastName: 'Lee' })).toEqual({ FirstName: 'Name must not contain \\, <, >, or =' });
    }
    expect(dataOf(schema, { FirstName: 'Ann "Jo"', LastName: 'Smith, Jr' })).toEqual({ FirstName: 'Ann "Jo"', LastName: 'Smith, Jr' });
  });

  it('are at most 100 characters', () => {
    expect(errorsOf(schema, { FirstName: 'a'.repeat(101), LastName: 'Lee' })).toEqual({ FirstName: 'First name must be at most 100 characters' });
    expect(errorsOf(schema, { FirstName: 'a'.repeat(100), LastName: 'Lee' })).toEqual({});
  });

  it('refuse a control character (a pasted NUL) with the server’s message, on the field, before anything is sent', () => {
    for (const bad of ['Mia\u0000', 'Mi\u0007a', 'Mia\u001b[0m']) {
      expect(errorsOf(schemaOf('student', {}), { FirstName: bad, LastName: 'Lee' })).toEqual({ FirstName: 'Please remove the invisible control character from this text.' });
    }
  });

  it('carry a renamed label into the message', () => {
    const renamed = schemaOf('customer', { firstName: { State: 'Mandatory', DisplayName: 'Given name' } });
    expect(errorsOf(renamed, { LastName: 'Lee' })).toEqual({ FirstName: 'Given name is required' });
  });
});

describe('e-mail (S1, S2, S3)', () => {
  const mandatory = schemaOf('customer', { email: 'Mandatory', email2: 'Mandatory' });
  const optional = schemaOf('customer', { email: 'Optional', email2: 'Optional' });

  it('is required when mandatory', () => {
    expect(errorsOf(mandatory, { ...NAMES, Email: ' ', Email2: '' })).toEqual({ Email: 'Email is required', Email2: 'Secondary email is required' });
  });

  it('is null when optional and empty', () => {
    expect(dataOf(optional, { ...NAMES, Email: '  ' })).toEqual({ ...NAMES, Email: null, Email2: null });
  });

  it('must look like an address', () => {
    for (const bad of ['a b@c.io', 'abc.io', 'a@b', '@b.io', 'a@@b.io']) {
      expect(errorsOf(optional, { ...NAMES, Email: bad, Email2: bad })).toEqual({ Email: 'Invalid email address', Email2: 'Invalid email address' });
    }
  });

  it('is trimmed and lower-cased', () => {
    expect(dataOf(mandatory, { ...NAMES, Email: ' Ann@Example.IO ', Email2: 'B@B.IO' })).toMatchObject({ Email: 'ann@example.io', Email2: 'b@b.io' });
  });

  it('is at most 254 characters', () => {
    const long = `${'a'.repeat(250)}@b.io`;
    expect(errorsOf(optional, { ...NAMES, Email: long })).toEqual({ Email: 'Email must be at most 254 characters' });
  });

  it('is the student e-mail too', () => {
    const student = schemaOf('student', { email: 'Mandatory' });
    expect(errorsOf(student, { ...NAMES })).toEqual({ Email: 'Email is required' });
    expect(errorsOf(student, { ...NAMES, Email: 'abc.io' })).toEqual({ Email: 'Invalid email address' });
  });
});

describe('phones and fax (S19–S25, X4)', () => {
  const all = { homePhone: 'Mandatory', workPhone: 'Mandatory', mobilePhone: 'Mandatory', mobilePhone2: 'Mandatory', fax: 'Mandatory' } as const;
  const phones = ['PhoneHome', 'PhoneWork', 'PhoneMobile', 'PhoneMobile2'];

  it('are required when mandatory, with the mobile label in the message', () => {
    expect(errorsOf(schemaOf('customer', all), NAMES)).toEqual({
      PhoneHome: 'Home phone is required',
      PhoneWork: 'Work phone is required',
      PhoneMobile: 'Mobile phone is required',
      PhoneMobile2: 'Secondary Mobile phone is required',
      Fax: 'Fax is required',
    });
    expect(errorsOf(schemaOf('customer', all, { labels: { mobile: 'Cell' } }), { ...NAMES, PhoneHome: '1', PhoneWork: '1', Fax: '1' })).toEqual({
      PhoneMobile: 'Cell phone is required',
      PhoneMobile2: 'Secondary Cell phone is required',
    });
  });

  it('take an optional leading + then digits only', () => {
    const schema = schemaOf('customer', all);
    for (const bad of ['04 1234', '04-12', '(02)1234', '+', '12+3', '0412a']) {
      const values = Object.fromEntries(phones.map((k) => [k, bad]));
      expect(errorsOf(schema, { ...NAMES, ...values, Fax: '1' })).toEqual(Object.fromEntries(phones.map((k) => [k, 'Please enter valid numbers only'])));
    }
    for (const good of ['0412345678', '+61412345678']) {
      const values = Object.fromEntries(phones.map((k) => [k, good]));
      expect(dataOf(schema, { ...NAMES, ...values, Fax: '1' })).toMatchObject(values);
    }
  });

  it('take a phone number sent as a JSON number', () => {
    expect(dataOf(schemaOf('customer', all), { ...NAMES, PhoneHome: 412, PhoneWork: '1', PhoneMobile: '1', PhoneMobile2: '1', Fax: 2 })).toMatchObject({
      PhoneHome: '412',
      Fax: '2',
    });
  });

  it('fax takes digits only, no +', () => {
    const schema = schemaOf('customer', { fax: 'Optional' });
    expect(errorsOf(schema, { ...NAMES, Fax: '+6112' })).toEqual({ Fax: 'Please enter valid numbers only' });
    expect(errorsOf(schema, { ...NAMES, Fax: '12a' })).toEqual({ Fax: 'Please enter valid numbers only' });
    expect(dataOf(schema, { ...NAMES, Fax: ' 0299 ' })).toEqual({ ...NAMES, Fax: '0299' });
  });

  it('are null when optional and empty', () => {
    const optional = schemaOf('customer', { homePhone: 'Optional', workPhone: 'Optional', mobilePhone: 'Optional', mobilePhone2: 'Optional', fax: 'Optional' });
    expect(dataOf(optional, { ...NAMES, PhoneHome: '', PhoneWork: null })).toEqual({
      ...NAMES,
      PhoneHome: null,
      PhoneWork: null,
      PhoneMobile: null,
      PhoneMobile2: null,
      Fax: null,
    });
  });

  it('the student mobile uses the mobile label too', () => {
    expect(errorsOf(schemaOf('student', { mobile: 'Mandatory' }, { labels: { mobile: 'Cell' } }), NAMES)).toEqual({ PhoneMobile: 'Cell phone is required' });
    expect(errorsOf(schemaOf('student', { mobile: 'Optional' }), { ...NAMES, PhoneMobile: '04-12' })).toEqual({ PhoneMobile: 'Please enter valid numbers only' });
  });
});

describe('gender (S28–S30)', () => {
  it('is required when mandatory', () => {
    expect(errorsOf(schemaOf('customer', { gender: 'Mandatory' }), NAMES)).toEqual({ GenderType: 'Gender is required' });
    expect(errorsOf(schemaOf('student', { gender: 'Mandatory' }), { ...NAMES, GenderType: ' ' })).toEqual({ GenderType: 'Gender is required' });
  });

  it('takes the four choices, each sent as its first letter', () => {
    const schema = schemaOf('student', { gender: 'Optional' });
    const letters = GENDER_TYPES.map((g) => dataOf(schema, { ...NAMES, GenderType: g, GenderOther: 'Non-binary' }).Gender);
    expect(letters).toEqual(['M', 'F', 'N', 'O']);
    expect(errorsOf(schema, { ...NAMES, GenderType: 'X' })).toEqual({ GenderType: 'Please select an option' });
  });

  it('Other needs the free text, and only Other keeps it', () => {
    const schema = schemaOf('customer', { gender: 'Optional' });
    expect(errorsOf(schema, { ...NAMES, GenderType: 'Other', GenderOther: '  ' })).toEqual({ GenderOther: 'Please specify gender' });
    expect(dataOf(schema, { ...NAMES, GenderType: 'Other', GenderOther: ' Non-binary ' })).toEqual({
      ...NAMES,
      GenderType: 'Other',
      GenderOther: 'Non-binary',
      Gender: 'O',
    });
    expect(dataOf(schema, { ...NAMES, GenderType: 'Female', GenderOther: 'stale text' })).toEqual({ ...NAMES, GenderType: 'Female', GenderOther: null, Gender: 'F' });
  });

  it('is null, with no letter, when optional and empty', () => {
    expect(dataOf(schemaOf('customer', { gender: 'Optional' }), { ...NAMES, GenderType: '' })).toEqual({ ...NAMES, GenderType: null, GenderOther: null, Gender: null });
  });
});

describe('address (S31–S35, X21, X22, C10, C18)', () => {
  const blank = { Address1: '', Suburb: '', State: '', Postcode: '' };

  it('needs line 1, suburb, state and postcode when mandatory, with the configured labels', () => {
    expect(errorsOf(schemaOf('customer', { address: 'Mandatory' }), { ...NAMES, ...blank })).toEqual({
      Address1: 'Address line 1 is required',
      Suburb: 'Suburb is required',
      State: 'State is required',
      Postcode: 'Postcode is required',
    });
    const labels = { suburb: 'Town', state: 'County', postcode: 'ZIP' };
    expect(errorsOf(schemaOf('customer', { address: 'Mandatory' }, { labels }), { ...NAMES, ...blank })).toEqual({
      Address1: 'Address line 1 is required',
      Suburb: 'Suburb is required',
      State: 'County is required',
      Postcode: 'ZIP is required',
    });
  });

  it('keeps the postcode required when locations supply postcodes (X21)', () => {
    expect(errorsOf(schemaOf('customer', { address: 'Mandatory' }, { locationsHavePostcodes: true }), { ...NAMES, Address1: 'a', Suburb: 'b', State: 'c' })).toEqual({
      Postcode: 'Postcode is required',
    });
  });

  it('never requires line 2, and is all null when optional and empty', () => {
    expect(dataOf(schemaOf('customer', { address: 'Optional' }), { ...NAMES, ...blank })).toEqual({
      ...NAMES,
      Address1: null,
      Address2: null,
      Suburb: null,
      State: null,
      Postcode: null,
    });
  });

  it('is trimmed', () => {
    const data = dataOf(schemaOf('customer', { address: 'Mandatory' }), { ...NAMES, Address1: ' 1 Main St ', Suburb: ' Bondi ', State: ' NSW ', Postcode: ' 2026 ' });
    expect(data).toMatchObject({ Address1: '1 Main St', Address2: null, Suburb: 'Bondi', State: 'NSW', Postcode: '2026' });
  });

  it('makes the state a choice from the state list when there is one', () => {
    const schema = schemaOf('customer', { address: 'Optional' }, { states: ['NSW', 'VIC'] });
    expect(errorsOf(schema, { ...NAMES, State: 'Tasmania' })).toEqual({ State: 'Please select an option' });
    expect(dataOf(schema, { ...NAMES, State: 'VIC' })).toMatchObject({ State: 'VIC' });
    const state = describeFormFields('customer', formFields('customer', { address: 'Optional' }), { states: ['NSW', 'VIC'] })
      .find((f) => f.name === 'address')
      ?.inputs.find((i) => i.key === 'State');
    expect(state).toMatchObject({
      kind: 'select',
      items: [
        { value: 'NSW', label: 'NSW' },
        { value: 'VIC', label: 'VIC' },
      ],
    });
  });

  it('drops the parts registration does not allow (C18)', () => {
    const context = { addressParts: { suburb: false, postcode: false } };
    const schema = schemaOf('customer', { address: 'Mandatory' }, context);
    expect(errorsOf(schema, { ...NAMES })).toEqual({ Address1: 'Address line 1 is required', State: 'State is required' });
    expect(dataOf(schema, { ...NAMES, Address1: 'a', State: 'b', Suburb: 'x', Postcode: 'y' })).toEqual({ ...NAMES, Address1: 'a', Address2: null, State: 'b' });
  });

  it('on the student form, "Use your address" leaves the lines to the client\'s address (E15)', () => {
    const schema = schemaOf('student', { address: 'Mandatory' });
    expect(errorsOf(schema, { ...NAMES, AddrSameAsClient: false })).toEqual({
      Address1: 'Address line 1 is required',
      Suburb: 'Suburb is required',
      State: 'State is required',
      Postcode: 'Postcode is required',
    });
    expect(dataOf(schema, { ...NAMES, AddrSameAsClient: true, Address1: '<typed before ticking>', Postcode: 'not checked' })).toEqual({
      ...NAMES,
      AddrSameAsClient: true,
      Address1: null,
      Address2: null,
      Suburb: null,
      State: null,
      Postcode: null,
    });
  });
});

describe('postcode from the chosen location (C19, E16, decision 028)', () => {
  const locations = [
    { Suburb: 'Bondi', State: 'NSW', Postcode: '2026' },
    { Suburb: 'Maroubra', State: 'NSW', Postcode: '2035' },
    { Suburb: 'Richmond', State: 'VIC', Postcode: '3121' },
    { Suburb: 'Richmond', State: 'NSW', Postcode: '2753' },
    { Suburb: 'Nowhere', State: 'NSW', Postcode: '' },
  ];
  const on: FormContext = { locationsHavePostcodes: true, locations };
  const address = { ...NAMES, Address1: '1 Beach Rd' };

  it("takes the location's postcode over the one given, on the customer and the student form", () => {
    for (const kind of ['customer', 'student'] as const) {
      const data = dataOf(schemaOf(kind, { address: 'Mandatory' }, on), { ...address, Suburb: ' bondi ', State: 'NSW', Postcode: '9999' });
      expect(data.Postcode).toBe('2026');
    }
  });

  it('fills a missing mandatory postcode, so it is not required', () => {
    expect(dataOf(schemaOf('customer', { address: 'Mandatory' }, on), { ...address, Suburb: 'Maroubra', State: 'NSW', Postcode: '' }).Postcode).toBe('2035');
  });

  it('matches the state too, and keeps the typed postcode when no location supplies one', () => {
    const schema = schemaOf('customer', { address: 'Mandatory' }, on);
    expect(dataOf(schema, { ...address, Suburb: 'Richmond', State: 'VIC', Postcode: '1' }).Postcode).toBe('3121');
    expect(dataOf(schema, { ...address, Suburb: 'Richmond', State: 'NSW', Postcode: '1' }).Postcode).toBe('2753');
    expect(dataOf(schema, { ...address, Suburb: 'Nowhere', State: 'NSW', Postcode: '1234' }).Postcode).toBe('1234');
    expect(dataOf(schema, { ...address, Suburb: 'Bondi', State: 'VIC', Postcode: '1234' }).Postcode).toBe('1234');
    expect(errorsOf(schema, { ...address, Suburb: 'Elsewhere', State: 'NSW', Postcode: '' })).toEqual({ Postcode: 'Postcode is required' });
  });

  it('answers no postcode when the suburb is ambiguous without a state', () => {
    const source = { suburbKey: 'Suburb', stateKey: 'State', locations };
    expect(locationPostcode(source, { Suburb: 'Richmond', State: '' })).toBeNull();
    expect(locationPostcode(source, { Suburb: 'Bondi', State: '' })).toBe('2026');
    expect(locationPostcode(source, { Suburb: '', State: 'NSW' })).toBeNull();
  });

  it('does nothing with the switch off', () => {
    const off = { ...on, locationsHavePostcodes: false };
    expect(dataOf(schemaOf('customer', { address: 'Mandatory' }, off), { ...address, Suburb: 'Bondi', State: 'NSW', Postcode: '9999' }).Postcode).toBe('9999');
    const postcode = describeFormFields('customer', formFields('customer', { address: 'Mandatory' }), off)[2]?.inputs.find((i) => i.key === 'Postcode');
    expect(postcode?.fromLocation).toBeUndefined();
  });

  it('applies to the billing address and tells the renderer where to look', () => {
    const fields = describeFormFields('customer', formFields('customer', { address: 'Mandatory', billingAddress: 'Mandatory' }), on);
    const billing = fields.find((f) => f.kind === 'billingAddress')?.inputs.find((i) => i.key === 'BillingPostcode');
    expect(billing?.fromLocation).toMatchObject({ suburbKey: 'BillingSuburb', stateKey: 'BillingState' });
    const data = dataOf(schemaOf('customer', { address: 'Mandatory', billingAddress: 'Mandatory' }, on), {
      ...address,
      Suburb: 'Bondi',
      State: 'NSW',
      Postcode: '',
      BillingAddrSame: false,
      BillingAddress1: '2 Road',
      BillingSuburb: 'Richmond',
      BillingState: 'VIC',
      BillingPostcode: '',
    });
    expect([data.Postcode, data.BillingPostcode]).toEqual(['2026', '3121']);
  });
});

describe('billing address (S36, K11)', () => {
  const billing = { BillingAddress1: '', BillingSuburb: '', BillingState: '', BillingPostcode: '' };

  it('needs its lines when mandatory and not the same as the address', () => {
    expect(errorsOf(schemaOf('customer', { billingAddress: 'Mandatory' }), { ...NAMES, BillingAddrSame: false, ...billing })).toEqual({
      BillingAddress1: 'Billing address line 1 is required',
      BillingSuburb: 'Billing suburb is required',
      BillingState: 'Billing State is required',
      BillingPostcode: 'Billing Postcode is required',
    });
    expect(errorsOf(schemaOf('customer', { billingAddress: 'Mandatory' }, { labels: { state: 'County', postcode: 'ZIP' } }), NAMES)).toMatchObject({
      BillingState: 'Billing County is required',
      BillingPostcode: 'Billing ZIP is required',
    });
  });

  it('needs no billing postcode when locations supply postcodes', () => {
    const schema = schemaOf('customer', { billingAddress: 'Mandatory' }, { locationsHavePostcodes: true });
    expect(errorsOf(schema, { ...NAMES, BillingAddress1: 'a', BillingSuburb: 'b', BillingState: 'c' })).toEqual({});
  });

  it('is neither validated nor kept when it is the same as the address', () => {
    const schema = schemaOf('customer', { billingAddress: 'Mandatory' });
    expect(dataOf(schema, { ...NAMES, BillingAddrSame: true, BillingAddress1: 'x', BillingState: 'y' })).toEqual({
      ...NAMES,
      BillingAddrSame: true,
      BillingAddress1: null,
      BillingAddress2: null,
      BillingSuburb: null,
      BillingState: null,
      BillingPostcode: null,
    });
  });

  it('is optional when optional', () => {
    expect(dataOf(schemaOf('customer', { billingAddress: 'Optional' }), NAMES)).toMatchObject({ BillingAddrSame: false, BillingAddress1: null });
  });
});

describe('notes and registration id (S37, S38, E12)', () => {
  it('notes are required when mandatory and kept trimmed', () => {
    const schema = schemaOf('student', { notes: 'Mandatory' });
    expect(errorsOf(schema, { ...NAMES, Notes: ' ' })).toEqual({ Notes: 'Notes is required' });
    expect(dataOf(schema, { ...NAMES, Notes: ' Allergic to bees ' })).toEqual({ ...NAMES, Notes: 'Allergic to bees' });
    expect(errorsOf(schema, { ...NAMES, Notes: 'n'.repeat(2001) })).toEqual({ Notes: 'Notes must be at most 2000 characters' });
  });

  it('a renamed field says its own name', () => {
    expect(errorsOf(schemaOf('customer', { notes: { State: 'Mandatory', DisplayName: 'Comments' } }), NAMES)).toEqual({ Notes: 'Comments is required' });
  });

  it('the registration id is read-only, never required, and "TBD" is no id', () => {
    const fields = formFields('student', { regID: 'Mandatory' });
    const schema = buildFormSchema('student', fields, { today: TODAY });
    expect(dataOf(schema, NAMES)).toEqual({ ...NAMES, RegID: null });
    expect(dataOf(schema, { ...NAMES, RegID: 'TBD' })).toEqual({ ...NAMES, RegID: null });
    expect(dataOf(schema, { ...NAMES, RegID: ' S-0042 ' })).toEqual({ ...NAMES, RegID: 'S-0042' });
    expect(describeFormFields('student', fields).find((f) => f.name === 'regID')).toMatchObject({ readOnly: true, required: false, inputs: [{ key: 'RegID', readOnly: true }] });
  });
});

describe('date of birth (S39–S41, X24, U26)', () => {
  const schema = schemaOf('student', { dateOfBirth: 'Mandatory' });

  it('is required when mandatory', () => {
    expect(errorsOf(schema, NAMES)).toEqual({ DOB: 'Date of birth is required' });
    expect(errorsOf(schema, { ...NAMES, DOB: ' ' })).toEqual({ DOB: 'Date of birth is required' });
  });

  it('must be a real date, yyyy-mm-dd, year 1000–9999, not in the future', () => {
    for (const bad of ['2026-11-24', '2030-01-01', '2020-13-01', '999-01-01', '0999-01-01', '2020-00-10', '2020-01-32', '2020-01-00', '2023-02-31', '2015-02-29', '2020-1-5', '01/06/2015', 'soon']) {
      expect(errorsOf(schema, { ...NAMES, DOB: bad }), bad).toEqual({ DOB: 'Please enter a valid date' });
    }
    for (const good of ['2015-06-01', TODAY, '2016-02-29', '1901-01-01']) {
      expect(dataOf(schema, { ...NAMES, DOB: ` ${good} ` }).DOB).toBe(good);
    }
  });

  it('S43: a year at or before 1900 is replaced by the year ten years back, same month and day', () => {
    expect(dataOf(schema, { ...NAMES, DOB: '1899-05-01' }).DOB).toBe('2016-05-01');
    expect(dataOf(schema, { ...NAMES, DOB: '1900-12-31' }).DOB).toBe('2016-12-31');
    expect(dataOf(schema, { ...NAMES, DOB: '1000-01-01' }).DOB).toBe('2016-01-01');
    expect(dataOf(schema, { ...NAMES, DOB: '1901-01-01' }).DOB).toBe('1901-01-01');
    // 29 February in a year that has none becomes the 28th.
    expect(replaceEarlyYear('1896-02-29', '2027-03-01')).toBe('2017-02-28');
    expect(replaceEarlyYear('1896-02-29', TODAY)).toBe('2016-02-29');
    // An edit form shows a stored early year replaced, so the year list (100 years) holds it.
    const descriptors = describeFormFields('student', formFields('student', { dateOfBirth: 'Mandatory' }), { today: TODAY });
    expect(formValuesFromRecord(descriptors, { ...NAMES, DOB: '1899-05-01' }).DOB).toBe('2016-05-01');
  });

  it('is null when optional and empty', () => {
    expect(dataOf(schemaOf('student', { dateOfBirth: 'Optional' }), { ...NAMES, DOB: '' })).toEqual({ ...NAMES, DOB: null });
  });

  it('without a given today, refuses the day after tomorrow and accepts yesterday anywhere on earth', () => {
    const schema = buildFormSchema('student', formFields('student', { dateOfBirth: 'Mandatory' }));
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf(schema, { ...NAMES, DOB: day(2) })).toEqual({ DOB: 'Please enter a valid date' });
    expect(errorsOf(schema, { ...NAMES, DOB: day(-1) })).toEqual({});
  });

  it('isValidPastDate follows the same rules', () => {
    expect(isValidPastDate('2020-02-29', TODAY)).toBe(true);
    expect(isValidPastDate('2021-02-29', TODAY)).toBe(false);
    expect(isValidPastDate('2026-11-24', TODAY)).toBe(false);
  });

  it('offers the picker 1900-01-01 to today', () => {
    const dob = describeFormFields('student', formFields('student', { dateOfBirth: 'Optional' }), { today: TODAY }).find((f) => f.name === 'dateOfBirth');
    expect(dob?.inputs[0]).toMatchObject({ key: 'DOB', kind: 'date', min: DATE_INPUT_MIN, max: TODAY });
  });
});

describe('student lists (S44–S48, E8, E17, E19)', () => {
  const lists = {
    medical_conditions: [
      { FieldValueID: 3, DisplayName: 'Asthma' },
      { FieldValueID: 7, DisplayName: 'Epilepsy' },
    ],
    referral_sources: [{ FieldValueID: 12, DisplayName: 'Friend' }],
    school: [{ FieldValueID: 20, DisplayName: 'Bondi Public' }],
    venues: [{ FieldValueID: 30, DisplayName: 'Main pool' }],
    standards: [{ FieldValueID: 40, DisplayName: 'Beginner' }],
  };
  const all = { medicalConditions: 'Mandatory', referralSource: 'Mandatory', school: 'Mandatory', venue: 'Mandatory', standard: 'Mandatory' } as const;

  it('are required when mandatory and their list has items', () => {
    expect(errorsOf(schemaOf('student', all, { lists, labels: { standard: 'Stage' } }), NAMES)).toEqual({
      StandardID: 'Stage is required',
      MedicalConditionIDs: 'Medical condition is required',
      ReferralSourceID: 'Referral source is required',
      SchoolID: 'School is required',
      VenueID: 'Venue is required',
    });
  });

  it('are required when the lists are not given', () => {
    expect(Object.keys(errorsOf(schemaOf('student', all), NAMES))).toHaveLength(5);
  });

  it('are not required when their list is empty, and the form names what is missing instead', () => {
    const empty = { medical_conditions: [], referral_sources: [], school: [], venues: [], standards: [] };
    expect(errorsOf(schemaOf('student', all, { lists: empty }), NAMES)).toEqual({});
    const names = missingConfigurations('student', formFields('student', all), { lists: empty });
    expect(names).toEqual(['Medical conditions', 'Referral source', 'School']);
    expect(labelledMessages.missingConfigurations(names)).toBe('The following configurations are missing in this account: Medical conditions, Referral source, School');
    expect(missingConfigurations('student', formFields('student', all), { lists })).toEqual([]);
    expect(missingConfigurations('student', formFields('student', { school: 'Optional' }), { lists: empty })).toEqual([]);
  });

  it('send ids as numbers (E8), medical conditions as an ascending comma list (E17)', () => {
    const data = dataOf(schemaOf('student', all, { lists }), {
      ...NAMES,
      StandardID: 40,
      MedicalConditionIDs: ['7', 3, '3'],
      ReferralSourceID: '12',
      SchoolID: ' 20 ',
      VenueID: 30,
    });
    expect(data).toEqual({ ...NAMES, StandardID: 40, MedicalConditionIDs: '3,7', ReferralSourceID: 12, SchoolID: 20, VenueID: 30 });
  });

  it('take a comma list as well as an array', () => {
    expect(dataOf(schemaOf('student', all, { lists }), { ...NAMES, StandardID: 40, MedicalConditionIDs: '7,3', ReferralSourceID: 12, SchoolID: 20, VenueID: 30 }).MedicalConditionIDs).toBe('3,7');
  });

  it('refuse what is not an id', () => {
    const schema = schemaOf('student', { referralSource: 'Optional', medicalConditions: 'Optional' }, { lists });
    expect(errorsOf(schema, { ...NAMES, ReferralSourceID: 'friend', MedicalConditionIDs: [3, 'x'] })).toEqual({
      ReferralSourceID: 'Please select an option',
      MedicalConditionIDs: 'Please select an option',
    });
    expect(errorsOf(schema, { ...NAMES, ReferralSourceID: -4 })).toEqual({ ReferralSourceID: 'Please select an option' });
    expect(errorsOf(schema, { ...NAMES, ReferralSourceID: 1.5 })).toEqual({ ReferralSourceID: 'Please select an option' });
  });

  it('are null when optional and empty', () => {
    const optional = { medicalConditions: 'Optional', referralSource: 'Optional', school: 'Optional', venue: 'Optional', standard: 'Optional' } as const;
    expect(dataOf(schemaOf('student', optional, { lists }), { ...NAMES, MedicalConditionIDs: [], ReferralSourceID: '' })).toEqual({
      ...NAMES,
      StandardID: null,
      MedicalConditionIDs: null,
      ReferralSourceID: null,
      SchoolID: null,
      VenueID: null,
    });
  });

  it('take an unlisted medical condition only when the company allows it (S49, E17)', () => {
    const allowed = schemaOf('student', { medicalConditions: 'Mandatory' }, { lists, canSelectCustomMedicalCondition: true });
    expect(dataOf(allowed, { ...NAMES, AdditionalMedicalConditions: ' Hay fever ' })).toEqual({ ...NAMES, MedicalConditionIDs: null, AdditionalMedicalConditions: 'Hay fever' });
    expect(errorsOf(allowed, { ...NAMES, AdditionalMedicalConditions: ' ' })).toEqual({ MedicalConditionIDs: 'Medical condition is required' });
    const refused = schemaOf('student', { medicalConditions: 'Optional' }, { lists });
    expect(dataOf(refused, { ...NAMES, AdditionalMedicalConditions: 'Hay fever' })).toEqual({ ...NAMES, MedicalConditionIDs: null });
  });

  it('give the pickers their items', () => {
    const fields = describeFormFields('student', formFields('student', all), { lists });
    expect(fields.find((f) => f.name === 'school')?.inputs[0]?.items).toEqual([{ value: 20, label: 'Bondi Public' }]);
    expect(fields.find((f) => f.name === 'medicalConditions')?.inputs[0]).toMatchObject({
      kind: 'multiSelect',
      items: [
        { value: 3, label: 'Asthma' },
        { value: 7, label: 'Epilepsy' },
      ],
    });
  });
});

describe('preferred days (S50, E18, X23)', () => {
  it('need at least one day when mandatory', () => {
    const schema = schemaOf('student', { preferredDays: 'Mandatory' });
    expect(errorsOf(schema, { ...NAMES, PendingDays: [] })).toEqual({ PendingDays: 'At least one preferred day must be selected' });
    expect(errorsOf(schema, { ...NAMES, PendingDays: '' })).toEqual({ PendingDays: 'At least one preferred day must be selected' });
  });

  it('are sent as day codes, ascending, comma-joined', () => {
    const schema = schemaOf('student', { preferredDays: 'Optional' });
    expect(dataOf(schema, { ...NAMES, PendingDays: [3, 1] }).PendingDays).toBe('1,3');
    expect(dataOf(schema, { ...NAMES, PendingDays: '7,1,1' }).PendingDays).toBe('1,7');
    expect(dataOf(schema, { ...NAMES, PendingDays: [] }).PendingDays).toBeNull();
    expect(errorsOf(schema, { ...NAMES, PendingDays: [8] })).toEqual({ PendingDays: 'Please select an option' });
    expect(errorsOf(schema, { ...NAMES, PendingDays: [0] })).toEqual({ PendingDays: 'Please select an option' });
  });

  it('accept PreferredDays as another name', () => {
    expect(dataOf(schemaOf('student', { preferredDays: 'Optional' }), { ...NAMES, PreferredDays: [5, 2] }).PendingDays).toBe('2,5');
  });
});

describe('custom fields (S51, E20)', () => {
  const text = (extra: Partial<CustomFieldConfigInput> = {}): CustomFieldConfigInput => ({
    CustomFieldID: 1,
    Mandatory: true,
    DisplayName: 'Club name',
    custom_field: { FieldName: 'club', FieldType: 0 },
    ...extra,
  });
  const single: CustomFieldConfigInput = {
    CustomFieldID: 2,
    Mandatory: true,
    DisplayName: 'Shirt size',
    DefaultItemID: 22,
    custom_field: {
      FieldName: 'shirt',
      FieldType: 1,
      custom_field_options: [
        { value: 21, label: 'S' },
        { value: 22, label: 'M' },
      ],
    },
  };
  const multi: CustomFieldConfigInput = {
    CustomFieldID: 3,
    Mandatory: true,
    DisplayName: 'Interests',
    DefaultItemID: 31,
    custom_field: {
      FieldName: 'interests',
      FieldType: 2,
      custom_field_options: [
        { value: 31, label: 'Swim' },
        { value: 32, label: 'Dive' },
        { value: 33, label: 'Polo' },
      ],
    },
  };
  const yesNo: CustomFieldConfigInput = { CustomFieldID: 4, Mandatory: true, DisplayName: 'Photos allowed', custom_field: { FieldName: 'photos', FieldType: 3 } };
  const schema = schemaOf('customer', {}, {}, [text(), single, multi, yesNo]);

  it('are required when mandatory, each with its display name', () => {
    expect(errorsOf(schema, { ...NAMES, custom_field_1: '   ', custom_field_3: [] })).toEqual({
      custom_field_1: 'Club name is required',
      custom_field_2: 'Shirt size is required',
      custom_field_3: 'Interests is required',
      custom_field_4: 'Photos allowed is required',
    });
  });

  it('fall back to the field name when there is no display name', () => {
    expect(errorsOf(schemaOf('customer', {}, {}, [text({ DisplayName: '' })]), NAMES)).toEqual({ custom_field_1: 'club is required' });
  });

  it('keep each value by type, as custom field values of the record (K25)', () => {
    const data = dataOf(schema, { ...NAMES, custom_field_1: ' Bondi Icebergs ', custom_field_2: '22', custom_field_3: ['33', 31], custom_field_4: 'y' });
    expect(data).toEqual({
      ...NAMES,
      CustomFieldValues: [
        { CustomFieldID: 1, CustomFieldItemID: null, FieldValue: 'Bondi Icebergs' },
        { CustomFieldID: 2, CustomFieldItemID: 22, FieldValue: '22' },
        { CustomFieldID: 3, CustomFieldItemID: null, FieldValue: '31,33' },
        { CustomFieldID: 4, CustomFieldItemID: null, FieldValue: 'Y' },
      ],
    });
  });

  it('on the student form, as custom_field_values (E20)', () => {
    const student = schemaOf('student', {}, {}, [yesNo]);
    expect(dataOf(student, { ...NAMES, custom_field_4: false })).toEqual({ ...NAMES, custom_field_values: [{ CustomFieldID: 4, CustomFieldItemID: null, FieldValue: 'N' }] });
  });

  it('accept only the options of a drop-down, and Y or N', () => {
    expect(errorsOf(schema, { ...NAMES, custom_field_1: 'x', custom_field_2: 31, custom_field_3: [31, 21], custom_field_4: 'maybe' })).toEqual({
      custom_field_2: 'Please select an option',
      custom_field_3: 'Please select an option',
      custom_field_4: 'Please select an option',
    });
  });

  it('are null when optional and empty', () => {
    const optional = [text({ Mandatory: false }), { ...single, Mandatory: false }, { ...multi, Mandatory: false }, { ...yesNo, Mandatory: false }];
    expect(dataOf(schemaOf('customer', {}, {}, optional), { ...NAMES, custom_field_1: '', custom_field_3: [] }).CustomFieldValues).toEqual([
      { CustomFieldID: 1, CustomFieldItemID: null, FieldValue: null },
      { CustomFieldID: 2, CustomFieldItemID: null, FieldValue: null },
      { CustomFieldID: 3, CustomFieldItemID: null, FieldValue: null },
      { CustomFieldID: 4, CustomFieldItemID: null, FieldValue: null },
    ]);
  });

  it('free text is at most 500 characters', () => {
    expect(errorsOf(schemaOf('customer', {}, {}, [text()]), { ...NAMES, custom_field_1: 'x'.repeat(501) })).toEqual({ custom_field_1: 'Club name must be at most 500 characters' });
  });

  it('a disabled field is not on the form, whatever is sent for it', () => {
    const off = schemaOf('customer', {}, {}, [text({ Enabled: false })]);
    expect(dataOf(off, { ...NAMES, custom_field_1: '<script>' })).toEqual(NAMES);
  });

  it('read the values of a stored record too (custom_field_values or CustomFieldValues)', () => {
    const record = {
      ...NAMES,
      CustomFieldValues: [
        { CustomFieldID: 1, CustomFieldItemID: null, FieldValue: 'Icebergs' },
        { CustomFieldID: 2, CustomFieldItemID: 21, FieldValue: null },
        { CustomFieldID: 3, FieldValue: '32' },
        { CustomFieldID: 4, FieldValue: 'N' },
        { CustomFieldID: 99, FieldValue: 'not configured' },
      ],
    };
    expect(dataOf(schema, record).CustomFieldValues).toEqual([
      { CustomFieldID: 1, CustomFieldItemID: null, FieldValue: 'Icebergs' },
      { CustomFieldID: 2, CustomFieldItemID: 21, FieldValue: '21' },
      { CustomFieldID: 3, CustomFieldItemID: null, FieldValue: '32' },
      { CustomFieldID: 4, CustomFieldItemID: null, FieldValue: 'N' },
    ]);
    // A form key wins over the array.
    expect(dataOf(schema, { ...record, custom_field_1: 'Typed' }).CustomFieldValues).toContainEqual({ CustomFieldID: 1, CustomFieldItemID: null, FieldValue: 'Typed' });
  });

  it('describe their kind, items and default option', () => {
    const fields = describeFormFields('customer', formFields('customer', {}, [text(), single, multi, yesNo]));
    expect(fields.filter((f) => f.custom).map((f) => [f.name, f.id, f.kind, f.label, f.required])).toEqual([
      ['custom_field_1', 1, 'text', 'Club name', true],
      ['custom_field_2', 2, 'select', 'Shirt size', true],
      ['custom_field_3', 3, 'multiSelect', 'Interests', true],
      ['custom_field_4', 4, 'yesNo', 'Photos allowed', true],
    ]);
    expect(fields.find((f) => f.id === 4)?.inputs[0]?.items).toEqual([
      { value: 'Y', label: 'Yes' },
      { value: 'N', label: 'No' },
    ]);
    expect(initialFormValues(fields)).toEqual({ FirstName: '', LastName: '', custom_field_1: '', custom_field_2: 22, custom_field_3: [31], custom_field_4: '' });
  });
});

describe('hidden and unlisted fields', () => {
  it('are neither validated nor kept, whatever the client sends', () => {
    const schema = schemaOf('customer', { workPhone: 'Hidden', email: 'Optional' });
    const sent = { ...NAMES, PhoneWork: 'not a phone', Fax: '!!', Email2: 'bad', Notes: 'x'.repeat(5000), GenderType: 'X', BillingAddrSame: 'yes', RegID: 'R1' };
    expect(dataOf(schema, sent)).toEqual({ ...NAMES, Email: null });
  });

  it('drop keys no form knows', () => {
    expect(dataOf(schemaOf('customer', {}), { ...NAMES, ClientID: 5, company_id: 2, __proto__: { polluted: true } })).toEqual(NAMES);
  });

  it('are not described', () => {
    const names = describeFormFields('student', formFields('student', { school: 'Hidden', notes: 'Optional' })).map((f) => f.name);
    expect(names).toEqual(['firstName', 'lastName', 'notes']);
  });
});

describe('the schema as a contract', () => {
  const every = Object.fromEntries(CUSTOMER_FIELDS.filter((f) => f.id > 2).map((f) => [f.name, 'Optional' as const]));

  it('parses its own output to the same output, so the server can parse what the form submits', () => {
    const schema = schemaOf('customer', every, {}, [
      {
        CustomFieldID: 5,
        custom_field: {
          FieldName: 'Club',
          FieldType: 2,
          custom_field_options: [
            { value: 1, label: 'A' },
            { value: 2, label: 'B' },
          ],
        },
      },
    ]);
    const once = dataOf(schema, {
      ...NAMES,
      GenderType: 'Other',
      GenderOther: ' x ',
      Email: ' A@B.IO ',
      PhoneHome: '+612',
      BillingAddrSame: true,
      custom_field_5: ['2', 1],
      RegID: 'TBD',
    });
    expect(dataOf(schema, once)).toEqual(once);
  });

  it('E8, S27, N34: is sent with every empty value as "", which parses as null does', () => {
    const studentEvery = Object.fromEntries(STUDENT_FIELDS.filter((f) => f.id > 16).map((f) => [f.name, 'Optional' as const]));
    const custom: CustomFieldConfigInput[] = [
      { CustomFieldID: 7, custom_field: { FieldName: 'Notes too', FieldType: 0 } },
      { CustomFieldID: 8, custom_field: { FieldName: 'Size', FieldType: 1, custom_field_options: [{ value: 1, label: 'S' }] } },
      { CustomFieldID: 9, custom_field: { FieldName: 'Goals', FieldType: 2, custom_field_options: [{ value: 1, label: 'A' }] } },
      { CustomFieldID: 10, custom_field: { FieldName: 'Photos', FieldType: 3 } },
    ];
    const schema = schemaOf('student', studentEvery, {}, custom);
    const parsed = dataOf(schema, { FirstName: ' Ann ', LastName: 'Lee', MedicalConditionIDs: [], PendingDays: [], SchoolID: 5, AddrSameAsClient: false });
    const sent = formPayload(parsed);
    expect(sent).toMatchObject({
      FirstName: 'Ann',
      DOB: '',
      GenderType: '',
      Gender: '',
      RegID: '',
      MedicalConditionIDs: '',
      PendingDays: '',
      ReferralSourceID: '',
      SchoolID: 5,
      AddrSameAsClient: false,
    });
    expect(Object.values(sent).filter((v) => v === null)).toEqual([]);
    expect(sent.custom_field_values).toEqual([7, 8, 9, 10].map((id) => ({ CustomFieldID: id, CustomFieldItemID: '', FieldValue: '' })));
    expect(formPayload({ list: [], ids: [1, null] })).toEqual({ list: '', ids: [1, ''] });
    // What is sent parses to what was parsed, as null would.
    expect(dataOf(schema, sent)).toEqual(parsed);
    expect(dataOf(schema, { ...sent, DOB: null, MedicalConditionIDs: null, custom_field_values: [] })).toEqual(parsed);
  });

  it('refuses a value of the wrong JSON type with a message', () => {
    expect(errorsOf(schemaOf('customer', every), { ...NAMES, Notes: { a: 1 }, BillingAddrSame: 'yes' })).toEqual({
      Notes: 'Please enter a valid value',
      BillingAddrSame: 'Please enter a valid value',
    });
    expect(schemaOf('customer', {}).safeParse('Ann').success).toBe(false);
  });

  it('reports every failing field at once, as a form shows them', () => {
    const schema = schemaOf('customer', { email: 'Mandatory', homePhone: 'Optional', gender: 'Mandatory' });
    expect(errorsOf(schema, { FirstName: '', LastName: 'a=b', Email: 'x', PhoneHome: 'y' })).toEqual({
      FirstName: 'First name is required',
      LastName: 'Name must not contain \\, <, >, or =',
      GenderType: 'Gender is required',
      PhoneHome: 'Please enter valid numbers only',
      Email: 'Invalid email address',
    });
  });

  it('can be written as JSON schema for the API document', () => {
    const json = z.toJSONSchema(schemaOf('student', { notes: 'Optional', school: 'Mandatory' }), { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    expect(Object.keys(json.properties ?? {})).toEqual(['FirstName', 'LastName', 'SchoolID', 'Notes']);
  });
});

describe('descriptors', () => {
  it('list the visible fields in the spec order, then the custom fields in configured order', () => {
    const fields = describeFormFields(
      'customer',
      formFields('customer', { notes: 'Optional', email: 'Mandatory', gender: 'Optional', address: 'Hidden' }, [
        { CustomFieldID: 9, custom_field: { FieldName: 'b', FieldType: 0 } },
        { CustomFieldID: 4, custom_field: { FieldName: 'a', FieldType: 0 } },
      ]),
    );
    expect(fields.map((f) => f.name)).toEqual(['firstName', 'lastName', 'gender', 'email', 'notes', 'custom_field_9', 'custom_field_4']);
    expect(fields.map((f) => f.required)).toEqual([true, true, false, true, false, false, false]);
  });

  it('use the company labels: renamed fields, the mobile, state and postcode labels', () => {
    const fields = describeFormFields(
      'customer',
      formFields('customer', { mobilePhone: 'Optional', mobilePhone2: 'Optional', address: 'Optional', homePhone: { State: 'Optional', DisplayName: 'Landline' } }),
      { labels: { mobile: 'Cell', mobile2: 'Cell #2', state: 'County', postcode: 'ZIP', suburb: 'Town' } },
    );
    expect(fields.map((f) => f.label)).toEqual(['First name', 'Last name', 'Address', 'Landline', 'Cell', 'Cell #2']);
    expect(fields.find((f) => f.name === 'address')?.inputs.map((i) => i.label)).toEqual(['Address line 1', 'Address line 2', 'Town', 'County', 'ZIP']);
  });

  it('mark the inputs required as the schema does', () => {
    const fields = describeFormFields('customer', formFields('customer', { address: 'Mandatory', billingAddress: 'Mandatory' }), { locationsHavePostcodes: true });
    const required = fields.flatMap((f) => f.inputs.filter((i) => i.required).map((i) => i.key));
    expect(required).toEqual(['FirstName', 'LastName', 'Address1', 'Suburb', 'State', 'Postcode', 'BillingAddress1', 'BillingSuburb', 'BillingState']);
  });

  it('are plain data a server can answer and a client can cache', () => {
    const fields = describeFormFields('student', formFields('student', Object.fromEntries(STUDENT_FIELDS.filter((f) => f.id > 16).map((f) => [f.name, 'Optional' as const]))), { today: TODAY });
    expect(JSON.parse(JSON.stringify(fields))).toEqual(fields);
  });

  it('start a new student with RegID "TBD" (E12)', () => {
    expect(initialFormValues(describeFormFields('student', formFields('student', { regID: 'Optional' })))).toEqual({ FirstName: '', LastName: '', RegID: 'TBD' });
  });

  it("preselect the default state and a profile's default items (C12, N10)", () => {
    const lists = {
      school: [
        { FieldValueID: 20, DisplayName: 'A' },
        { FieldValueID: 21, DisplayName: 'B', IsDefault: true },
      ],
      medical_conditions: [
        { FieldValueID: 3, DisplayName: 'Asthma', IsDefault: true },
        { FieldValueID: 7, DisplayName: 'Epilepsy' },
      ],
    };
    const fields = formFields('student', { address: 'Optional', school: 'Optional', medicalConditions: 'Optional' });
    expect(initialFormValues(describeFormFields('student', fields, { lists, defaultState: 'NSW', states: ['NSW', 'VIC'] }))).toMatchObject({
      State: 'NSW',
      SchoolID: 21,
      MedicalConditionIDs: [3],
    });
    expect(initialFormValues(describeFormFields('student', fields, { defaultState: 'Ohio', states: ['NSW'] }))).toMatchObject({ State: '' });
    const billing = describeFormFields('customer', formFields('customer', { address: 'Optional', billingAddress: 'Optional' }), { defaultState: 'Kent' });
    expect(initialFormValues(billing)).toMatchObject({ State: 'Kent', BillingState: '' });
  });

  it('start a new form empty and unticked', () => {
    const fields = describeFormFields('student', formFields('student', { address: 'Optional', preferredDays: 'Optional', gender: 'Optional' }));
    expect(initialFormValues(fields)).toEqual({
      FirstName: '',
      LastName: '',
      GenderType: '',
      GenderOther: '',
      AddrSameAsClient: false,
      Address1: '',
      Address2: '',
      Suburb: '',
      State: '',
      Postcode: '',
      PendingDays: [],
    });
  });
});

describe('formValuesFromRecord', () => {
  const custom: CustomFieldConfigInput[] = [
    {
      CustomFieldID: 5,
      DefaultItemID: 51,
      custom_field: {
        FieldName: 'Interests',
        FieldType: 2,
        custom_field_options: [
          { value: 51, label: 'A' },
          { value: 52, label: 'B' },
        ],
      },
    },
    { CustomFieldID: 6, custom_field: { FieldName: 'Photos', FieldType: 3 } },
  ];
  const fields = formFields('student', { regID: 'Optional', gender: 'Optional', address: 'Optional', medicalConditions: 'Optional', school: 'Optional', preferredDays: 'Optional' }, custom);
  const descriptors = describeFormFields('student', fields);

  it('fills an edit form from a stored student (E29)', () => {
    const record = {
      StudentID: 8,
      FirstName: 'Mia',
      LastName: 'Lee',
      RegID: null,
      GenderType: 'Female',
      GenderOther: null,
      AddrSameAsClient: true,
      Address1: null,
      MedicalConditionIDs: '3,7',
      SchoolID: 20,
      PendingDays: '1,3',
      custom_field_values: [{ CustomFieldID: 6, FieldValue: 'Y' }],
    };
    expect(formValuesFromRecord(descriptors, record)).toEqual({
      FirstName: 'Mia',
      LastName: 'Lee',
      RegID: 'TBD',
      GenderType: 'Female',
      GenderOther: '',
      AddrSameAsClient: true,
      Address1: '',
      Address2: '',
      Suburb: '',
      State: '',
      Postcode: '',
      MedicalConditionIDs: [3, 7],
      SchoolID: 20,
      PendingDays: [1, 3],
      custom_field_5: [],
      custom_field_6: 'Y',
    });
  });

  it('leaves an empty stored value empty rather than preselecting a default', () => {
    const withDefaults = describeFormFields('student', fields, { defaultState: 'NSW', lists: { school: [{ FieldValueID: 20, DisplayName: 'A', IsDefault: true }] } });
    expect(formValuesFromRecord(withDefaults, { ...NAMES, State: null, SchoolID: null })).toMatchObject({ State: '', SchoolID: '', custom_field_5: [] });
  });

  it('gives back the same record when the form is saved untouched', () => {
    const schema = buildFormSchema('student', fields, { today: TODAY });
    const saved = dataOf(schema, { ...NAMES, RegID: 'S-1', GenderType: 'Other', GenderOther: 'x', MedicalConditionIDs: [7, 3], PendingDays: [2], custom_field_5: [52, 51] });
    expect(dataOf(schema, formValuesFromRecord(descriptors, saved))).toEqual(saved);
  });
});

describe('formContextFromConfig (X10, X19, C10, C11, C18)', () => {
  const config = (over: { ServerLocation?: string; CountryCode?: string; MobilePhoneLabel?: string; custom?: boolean } = {}) =>
    ({
      ServerLocation: over.ServerLocation ?? 'AU',
      States: ['NSW'],
      LocationsHavePostcodes: true,
      StandardName: 'Stage',
      localization: {
        CountryCode: over.CountryCode ?? 'AU',
        SuburbLabel: 'Town',
        StateLabel: '',
        PostcodeLabel: 'ZIP',
        MobilePhoneLabel: over.MobilePhoneLabel ?? '',
        StateList: [],
        AllowSuburbInRegistration: false,
        AllowStateInRegistration: true,
        AllowPostcodeInRegistration: true,
      },
      ocr_config: { CanSelectCustomMedicalCondition: over.custom ?? false },
      lists: { medical_conditions: [{ FieldValueID: 1, DisplayName: 'Asthma', OCRFieldValueID: null }], referral_sources: [], school: [], venues: [], standards: [] },
    }) as unknown as CompanyConfig;

  it('labels the mobile Cell in the US and Mobile elsewhere, unless the company names it', () => {
    expect(formContextFromConfig(config({ ServerLocation: 'US' })).labels).toMatchObject({ mobile: 'Cell', mobile2: 'Cell #2' });
    expect(formContextFromConfig(config({ CountryCode: 'US' })).labels).toMatchObject({ mobile: 'Cell' });
    expect(formContextFromConfig(config()).labels).toMatchObject({ mobile: 'Mobile', mobile2: 'Mobile #2' });
    expect(formContextFromConfig(config({ ServerLocation: 'US', MobilePhoneLabel: 'Handy' })).labels).toMatchObject({ mobile: 'Handy', mobile2: 'Handy #2' });
  });

  it('takes the localization labels, with the defaults for blank ones, and StandardName', () => {
    expect(formContextFromConfig(config()).labels).toEqual({ suburb: 'Town', state: 'State', postcode: 'ZIP', mobile: 'Mobile', mobile2: 'Mobile #2', standard: 'Stage' });
  });

  it('carries the locations (C19, decision 028), none when the config has none', () => {
    const locations = [{ Suburb: 'Bondi', State: 'NSW', Postcode: '2026' }];
    expect(formContextFromConfig({ ...config(), locations }).locations).toEqual(locations);
    expect(formContextFromConfig(config()).locations).toEqual([]);
  });

  it('uses States when there is no StateList', () => {
    expect(formContextFromConfig(config()).states).toEqual(['NSW']);
  });

  it('applies the registration flags only to registration forms (C18)', () => {
    expect(formContextFromConfig(config()).addressParts).toBeUndefined();
    expect(formContextFromConfig(config(), { registration: true }).addressParts).toEqual({ suburb: false, state: true, postcode: true });
  });

  it("lets a profile's custom medical condition switch win over ocr_config's (X10)", () => {
    expect(formContextFromConfig(config({ custom: true })).canSelectCustomMedicalCondition).toBe(true);
    expect(formContextFromConfig(config({ custom: true }), { profile: { CanSelectCustomMedicalCondition: false } }).canSelectCustomMedicalCondition).toBe(false);
    expect(formContextFromConfig(config({ custom: false }), { profile: { CanSelectCustomMedicalCondition: null } }).canSelectCustomMedicalCondition).toBe(false);
  });

  it("lets a profile's DefaultState and lists win over the company's (X10, N10)", () => {
    const base = config();
    (base.ocr_config as { DefaultState: string }).DefaultState = 'VIC';
    expect(formContextFromConfig(base).defaultState).toBe('VIC');
    const profile = { DefaultState: 'NSW', lists: { school: [{ FieldValueID: 5, DisplayName: 'Profile school', IsDefault: true }], all_standards: [] } };
    const context = formContextFromConfig(base, { profile });
    expect(context.defaultState).toBe('NSW');
    expect(context.lists?.school).toEqual(profile.lists.school);
    expect(context.lists?.standards).toEqual([]);
    expect(context.lists?.medical_conditions).toEqual(base.lists.medical_conditions);
  });

  it('gives a US student form "Cell phone is required" end to end (C11)', () => {
    const schema = buildFormSchema('student', formFields('student', { mobile: 'Mandatory' }), formContextFromConfig(config({ ServerLocation: 'US' })));
    expect(errorsOf(schema, NAMES)).toEqual({ PhoneMobile: 'Cell phone is required' });
  });
});
