import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentListAnswer, StudentRecord } from '@portal/shared/student-schemas';
import { Browser, changeCompanySettings, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';

/**
 * The level is the school's (decision 076): a parent sees it on the student form and cannot set
 * it, unless the company's classes_setup.ParentsCanSetLevel says they may.
 */
function levelBundle(code: string, email: string, levelState: 'Optional' | 'Mandatory'): CompanyBundleInput {
  return {
    version: 1,
    company: {
      code,
      customer_id: 100_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: 'Level Swim',
      config: {
        CompanyDisplayName: 'Level Swim',
        ServerLocation: 'AU',
        switches: { CustomerPortalActive: true },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: { 50: '#ecfeff', 100: '#cffafe', 200: '#a5f3fc', 300: '#67e8f9', 400: '#22d3ee', 500: '#06b6d4', 600: '#0891b2', 700: '#0e7490', 800: '#155e75', 900: '#164e63', 950: '#083344' },
      },
    },
    lists: { standards: [{ name: 'Starfish' }, { name: 'Squad' }] },
    form_configuration: {
      student: {
        fields: [
          { OCRFormFieldNameID: 15, State: 'Mandatory' },
          { OCRFormFieldNameID: 16, State: 'Mandatory' },
          { OCRFormFieldNameID: 23, State: levelState },
          { OCRFormFieldNameID: 28, State: 'Optional' },
        ],
      },
    },
    customers: [
      {
        email,
        password: EXAMPLE_PASSWORD,
        clients: [{ key: 'jo', first_name: 'Jo', last_name: 'Bennett', phone_mobile: '0400111222', students: [{ key: 'sam', first_name: 'Sam', last_name: 'Bennett', standard: 'Starfish' }] }],
      },
    ],
  } as CompanyBundleInput;
}

describe.each(testEngines())('the level is the school’s (decision 076) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function family(levelState: 'Optional' | 'Mandatory' = 'Optional') {
    const code = `LV${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `jo.${code.toLowerCase()}@example.com`;
    const companyId = await importBundle(t, levelBundle(code, email, levelState));
    const browser = new Browser(t.server);
    await browser.signIn(code, email, EXAMPLE_PASSWORD);
    const list = await browser.get<StudentListAnswer>('/api/student/get-all');
    if (list.status !== 200) throw new Error(JSON.stringify(list.body));
    const sam = list.body.students[0]!;
    const standards = (await browser.get<{ lists: { standards: { FieldValueID: number; DisplayName: string }[] } }>('/api/company/get-config')).body.lists.standards;
    const id = (name: string) => standards.find((s) => s.DisplayName === name)!.FieldValueID;
    const stored = () =>
      t.runtime.ctx.db.selectFrom('students').select(['standard', 'standard_id', 'notes']).where('company_id', '=', companyId).where('id', '=', sam.StudentID).executeTakeFirstOrThrow();
    return { browser, companyId, sam, starfish: id('Starfish'), squad: id('Squad'), stored };
  }

  it('get-config answers ParentsCanSetLevel false unless the company says otherwise', async () => {
    const { browser } = await family();
    const config = await browser.get<{ classes_setup: { ParentsCanSetLevel: boolean; MakeupLevels: string } }>('/api/company/get-config');
    expect(config.body.classes_setup).toMatchObject({ ParentsCanSetLevel: false, MakeupLevels: 'StudentLevel' });
  });

  it('a parent’s update keeps the level the school set, and saves the rest of the form', async () => {
    const { browser, sam, starfish, squad, stored } = await family();
    const record = (await browser.get<StudentRecord>(`/api/student/${sam.StudentID}`)).body;
    expect(record).toMatchObject({ StandardID: starfish, Standard: 'Starfish' });
    const res = await browser.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${sam.StudentID}`, { ...record, StandardID: squad, Notes: 'Loves the deep end' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updatedStudent).toMatchObject({ StandardID: starfish, Standard: 'Starfish', Notes: 'Loves the deep end' });
    expect(await stored()).toMatchObject({ standard: 'Starfish', standard_id: starfish, notes: 'Loves the deep end' });
    // Nor can a parent clear it.
    expect((await browser.post(`/api/student/update/${sam.StudentID}`, { ...record, StandardID: '' })).status).toBe(200);
    expect(await stored()).toMatchObject({ standard: 'Starfish', standard_id: starfish });
  });

  it('a student a parent adds has no level until the school sets one, whatever the form sends', async () => {
    const { browser, squad } = await family();
    const res = await browser.post<{ student: StudentRecord }>('/api/student/add', { FirstName: 'Ava', LastName: 'Bennett', StandardID: squad });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.student).toMatchObject({ FirstName: 'Ava', StandardID: null, Standard: '' });
  });

  it('a mandatory level is not asked of a parent who cannot set it', async () => {
    const { browser } = await family('Mandatory');
    const res = await browser.post<{ student: StudentRecord }>('/api/student/add', { FirstName: 'Ava', LastName: 'Bennett' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.student.StandardID).toBeNull();
  });

  it('with ParentsCanSetLevel on, the parent chooses the level as any other field', async () => {
    const { browser, companyId, sam, squad, stored } = await family();
    await changeCompanySettings(t, companyId, (settings) => {
      settings.classes_setup = { ...settings.classes_setup, ParentsCanSetLevel: true };
    });
    const record = (await browser.get<StudentRecord>(`/api/student/${sam.StudentID}`)).body;
    const res = await browser.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${sam.StudentID}`, { ...record, StandardID: squad });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updatedStudent).toMatchObject({ StandardID: squad, Standard: 'Squad' });
    expect(await stored()).toMatchObject({ standard: 'Squad', standard_id: squad });
  });
});
