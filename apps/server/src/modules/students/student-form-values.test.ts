import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyConfig } from '@portal/shared/company-config';
import { CUSTOMER_FIELDS, STUDENT_FIELDS, type CustomFieldConfigInput } from '@portal/shared/form-config';
import type { CustomerRecord } from '@portal/shared/my-details-schemas';
import type { StudentListAnswer, StudentRecord } from '@portal/shared/student-schemas';
import { Browser, changeCompanySettings, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';

/** Custom fields of all four types (E20, X18): free text, single and multiple selection, yes or no. */
function customFields(first: number): CustomFieldConfigInput[] {
  const options = [
    { value: 1, label: 'Small' },
    { value: 2, label: 'Large' },
  ];
  return [
    { CustomFieldID: first, custom_field: { FieldName: 'Experience', FieldType: 0 } },
    { CustomFieldID: first + 1, DefaultItemID: 2, custom_field: { FieldName: 'Size', FieldType: 1, custom_field_options: options } },
    { CustomFieldID: first + 2, custom_field: { FieldName: 'Goals', FieldType: 2, custom_field_options: options } },
    { CustomFieldID: first + 3, custom_field: { FieldName: 'Photos allowed', FieldType: 3 } },
  ];
}

const optional = (fields: readonly { id: number }[], from: number) => fields.filter((f) => f.id >= from).map((f) => ({ OCRFormFieldNameID: f.id, State: 'Optional' as const }));
const names = (fields: readonly { id: number }[]) => fields.slice(0, 2).map((f) => ({ OCRFormFieldNameID: f.id, State: 'Mandatory' as const }));

/** A company of this test's own: every form field shown and optional, custom conditions allowed, one family with one student. */
function bundle(code: string, email: string): CompanyBundleInput {
  return {
    company: {
      code,
      customer_id: 300_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: `Forms ${code}`,
      config: {
        CompanyDisplayName: `Forms ${code}`,
        ServerLocation: 'AU',
        switches: { CustomerPortalActive: true, AllowStudentEdit: true },
        ocr_config: { CanSelectCustomMedicalCondition: true },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: Object.fromEntries(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((shade) => [shade, '#0e7490'])) as never,
      },
    },
    lists: { medical_conditions: [{ name: 'Asthma' }, { name: 'Eczema' }], referral_sources: [{ name: 'A friend' }], school: [{ name: 'Bay Public' }], standards: [{ name: 'Beginner' }] },
    venues: [{ key: 'pool', name: 'Bay Pool' }],
    form_configuration: {
      customer: { fields: [...names(CUSTOMER_FIELDS), ...optional(CUSTOMER_FIELDS, 3)], custom_fields: customFields(11) },
      student: { fields: [...names(STUDENT_FIELDS), ...optional(STUDENT_FIELDS, 17)], custom_fields: customFields(21) },
    },
    customers: [
      {
        email,
        password: EXAMPLE_PASSWORD,
        clients: [
          {
            key: 'kim',
            first_name: 'Kim',
            last_name: 'Park',
            custom_fields: [
              { id: 11, value: 'Swam at school' },
              { id: 12, item_id: 1 },
              { id: 13, value: '1,2' },
              { id: 14, value: 'Y' },
            ],
            students: [
              {
                key: 'joon',
                first_name: 'Joon',
                last_name: 'Park',
                dob: '2017-02-03',
                gender: 'Male',
                custom_field_values: [
                  { CustomFieldID: 21, FieldValue: 'Floats' },
                  { CustomFieldID: 22, FieldValue: '2' },
                  { CustomFieldID: 23, FieldValue: '1,2' },
                  { CustomFieldID: 24, FieldValue: 'N' },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

type Values = Record<string, unknown>;

/** What the form sends back for a stored student: the record's own keys, nothing the server answers besides. */
function studentForm(record: StudentRecord): Values {
  const { StudentID: _id, bookedClasses: _b, Location: _l, Gender: _g, Standard: _s, profile_picture: _p, ...form } = record;
  return form;
}

/** Every empty value of a payload as `empty`, the way a client sends it ("" from the portal, null from an older one). */
function emptiesAs(payload: Values, empty: '' | null): Values {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      v === null || v === '' ? empty : Array.isArray(v) ? v.map((e: unknown) => (typeof e === 'object' && e !== null ? emptiesAs(e as Values, empty) : e)) : v,
    ]),
  );
}

describe.each(testEngines())('student and customer form values on %s', (engine) => {
  let t: TestApp;
  let family: Browser;
  let studentId: number;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const code = `FV${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `kim.${code.toLowerCase()}@example.com`;
    companyId = await importBundle(t, bundle(code, email));
    family = new Browser(t.server);
    await family.signIn(code, email, EXAMPLE_PASSWORD);
    studentId = (await family.get<StudentListAnswer>('/api/student/get-all')).body.students[0]!.StudentID;
  });
  afterAll(() => t?.close());

  const studentRow = () => t.runtime.ctx.db.selectFrom('students').selectAll().where('id', '=', studentId).executeTakeFirstOrThrow();
  const clientRow = async () => {
    const db = t.runtime.ctx.db;
    const client = await db.selectFrom('clients').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const custom = await db.selectFrom('client_custom_field_values').selectAll().where('client_id', '=', client.id).orderBy('custom_field_id').execute();
    // The version moves on with each save (decision 145): the rest is compared.
    const { updated_at: _u, details_version: _v, ...row } = client as Values;
    return { row, custom };
  };

  it('E20: the bundle carries custom values of all four types; the record answers them and saves them again unchanged', async () => {
    const record = (await family.get<StudentRecord>(`/api/student/${studentId}`)).body;
    expect(record.custom_field_values).toEqual([
      { CustomFieldID: 21, CustomFieldItemID: null, FieldValue: 'Floats' },
      { CustomFieldID: 22, CustomFieldItemID: 2, FieldValue: '2' },
      { CustomFieldID: 23, CustomFieldItemID: null, FieldValue: '1,2' },
      { CustomFieldID: 24, CustomFieldItemID: null, FieldValue: 'N' },
    ]);
    const changed = { ...studentForm(record), custom_field_values: [], custom_field_21: 'Dives', custom_field_22: 1, custom_field_23: [2], custom_field_24: 'Y' };
    const saved = await family.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${studentId}`, changed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.updatedStudent.custom_field_values.map((v) => v.FieldValue)).toEqual(['Dives', '1', '2', 'Y']);
    const details = (await family.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client;
    expect(details.CustomFieldValues.map((v) => [v.CustomFieldID, v.FieldValue ?? String(v.CustomFieldItemID)])).toEqual([
      [11, 'Swam at school'],
      [12, '1'],
      [13, '1,2'],
      [14, 'Y'],
    ]);
  });

  it('E8, S27, N34: a student saved with empty values as "" is stored exactly as one saved with null', async () => {
    const record = (await family.get<StudentRecord>(`/api/student/${studentId}`)).body;
    const blanked = { ...studentForm(record), Notes: '', RegID: '', MedicalConditionIDs: '', PendingDays: '', ReferralSourceID: '', SchoolID: '', VenueID: '', custom_field_values: [] };
    const emptyCustom = { custom_field_21: '', custom_field_22: '', custom_field_23: '', custom_field_24: '' };
    const answers: Omit<StudentRecord, 'Version'>[] = [];
    const rows: Values[] = [];
    for (const empty of ['', null] as const) {
      const body = { ...emptiesAs(blanked, empty), ...emptiesAs(emptyCustom, empty), Notes: ' Likes lanes ' };
      const res = await family.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${studentId}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Each save moves the version on (decision 145): the rest is compared.
      const { Version: _version, ...answer } = res.body.updatedStudent;
      answers.push(answer);
      const { updated_at: _u, details_version: _v, ...row } = (await studentRow()) as Values;
      rows.push(row);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(rows[0]).toEqual(rows[1]);
    // Trimmed, and every emptied value empty in the record (null), whichever way it came.
    expect(answers[0]).toMatchObject({ Notes: 'Likes lanes', RegID: null, MedicalConditionIDs: null, PendingDays: null, ReferralSourceID: null, SchoolID: null, custom_field_values: [] });
  });

  it('E8, S27: the customer form saved with empty values as "" is stored exactly as one saved with null', async () => {
    const details = (await family.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client;
    const form = {
      ClientID: details.ClientID,
      FirstName: ' Kim ',
      LastName: 'Park',
      Email: details.Email,
      GenderType: '',
      RegID: '',
      PhoneHome: '',
      PhoneWork: '',
      PhoneMobile: '',
      Fax: '',
      Email2: '',
      Address1: '',
      Address2: '',
      Suburb: '',
      State: '',
      Postcode: '',
      BillingAddrSame: false,
      BillingAddress1: '',
      BillingSuburb: '',
      BillingState: '',
      BillingPostcode: '',
      Notes: '',
      CustomFieldValues: [11, 12, 13, 14].map((id) => ({ CustomFieldID: id, CustomFieldItemID: '', FieldValue: '' })),
    };
    const stored: Awaited<ReturnType<typeof clientRow>>[] = [];
    for (const empty of ['', null] as const) {
      const res = await family.post<{ updatedClient: CustomerRecord }>('/api/customer/update-details', emptiesAs(form, empty));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.updatedClient).toMatchObject({ FirstName: 'Kim', PhoneHome: null, Notes: null, CustomFieldValues: [] });
      stored.push(await clientRow());
    }
    expect(stored[0]).toEqual(stored[1]);
  });

  it('E9, L7: a condition typed in joins the company’s medical-condition list, ticked for the student; it is answered once', async () => {
    const config = async () => (await family.get<CompanyConfig>('/api/company/get-config')).body.lists.medical_conditions.map((c) => c.DisplayName);
    const before = await config();
    const record = (await family.get<StudentRecord>(`/api/student/${studentId}`)).body;
    const asthma = (await t.runtime.ctx.db.selectFrom('list_items').select('id').where('company_id', '=', companyId).where('display_name', '=', 'Asthma').executeTakeFirstOrThrow()).id;
    const typed = await family.post<{ message: string; updatedStudent: StudentRecord; newMedicalCondition?: { FieldValueID: number; DisplayName: string } }>(`/api/student/update/${studentId}`, {
      ...studentForm(record),
      MedicalConditionIDs: [asthma],
      AdditionalMedicalConditions: ' Bee sting allergy ',
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.message).toBe('Student updated');
    const added = typed.body.newMedicalCondition!;
    expect(added).toEqual({ FieldValueID: expect.any(Number), DisplayName: 'Bee sting allergy', OCRFieldValueID: null });
    expect(await config()).toEqual([...before, 'Bee sting allergy']);
    expect(typed.body.updatedStudent.MedicalConditionIDs).toBe([Number(asthma), added.FieldValueID].sort((a, b) => a - b).join(','));
    expect(typed.body.updatedStudent.AdditionalMedicalConditions).toBeNull();

    // Typed again (case aside): ticked, not added twice, nothing new to answer.
    const again = await family.post<{ newMedicalCondition?: unknown; updatedStudent: StudentRecord }>(`/api/student/update/${studentId}`, {
      ...studentForm(typed.body.updatedStudent),
      MedicalConditionIDs: '',
      AdditionalMedicalConditions: 'bee STING allergy',
    });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('newMedicalCondition');
    expect(again.body.updatedStudent.MedicalConditionIDs).toBe(String(added.FieldValueID));
    expect(await config()).toEqual([...before, 'Bee sting allergy']);
  });

  it('E6, E9: a condition typed in while adding a student joins the list as an edit’s does, ticked for the new student', async () => {
    const config = async () => (await family.get<CompanyConfig>('/api/company/get-config')).body.lists.medical_conditions.map((c) => c.DisplayName);
    const before = await config();
    const eczema = (await t.runtime.ctx.db.selectFrom('list_items').select('id').where('company_id', '=', companyId).where('display_name', '=', 'Eczema').executeTakeFirstOrThrow()).id;
    const added = await family.post<{ message: string; student: StudentRecord; newMedicalCondition?: { FieldValueID: number; DisplayName: string } }>('/api/student/add', {
      FirstName: 'Rae',
      LastName: 'Park',
      MedicalConditionIDs: [eczema],
      AdditionalMedicalConditions: ' Peanut allergy ',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const item = added.body.newMedicalCondition!;
    expect(item).toEqual({ FieldValueID: expect.any(Number), DisplayName: 'Peanut allergy', OCRFieldValueID: null });
    expect(await config()).toEqual([...before, 'Peanut allergy']);
    expect(added.body.student).toMatchObject({ MedicalConditionIDs: [Number(eczema), item.FieldValueID].sort((a, b) => a - b).join(','), AdditionalMedicalConditions: null });
  });

  it('C34 (decision 066): AllowEdit is answered as the company sets it, and editing the details and the students does not depend on it', async () => {
    const allowEdit = (on: boolean) =>
      changeCompanySettings<{ switches: Record<string, boolean> }>(t, companyId, (settings) => {
        settings.switches.AllowEdit = on;
      });
    await allowEdit(false);
    try {
      const config = (await family.get<CompanyConfig>('/api/company/get-config')).body as unknown as Record<string, unknown>;
      expect(config.AllowEdit).toBe(false);
      const record = (await family.get<StudentRecord>(`/api/student/${studentId}`)).body;
      expect((await family.post(`/api/student/update/${studentId}`, { ...studentForm(record), Notes: 'Edited' })).status).toBe(200);
      const details = (await family.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client;
      expect((await family.post('/api/customer/update-details', { ClientID: details.ClientID, FirstName: 'Kim', LastName: 'Park', Email: details.Email })).status).toBe(200);
    } finally {
      await allowEdit(true);
    }
  });
});
