import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { findActiveListItemByName, insertListItem } from './student.repository.ts';
import { Browser, completeSignUpActions, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';

const FAMILIES = 8;

/** A company of this test's own, custom conditions allowed, with FAMILIES families of one client each. */
function bundle(code: string): CompanyBundleInput {
  return {
    company: {
      code,
      customer_id: 400_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: `Race ${code}`,
      config: {
        CompanyDisplayName: `Race ${code}`,
        ServerLocation: 'AU',
        switches: { CustomerPortalActive: true, AllowStudentEdit: true },
        ocr_config: { CanSelectCustomMedicalCondition: true },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: Object.fromEntries(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((shade) => [shade, '#0e7490'])) as never,
      },
    },
    lists: { medical_conditions: [{ name: 'Asthma' }] },
    customers: Array.from({ length: FAMILIES }, (_, i) => ({
      email: `family${i}.${code.toLowerCase()}@example.com`,
      password: EXAMPLE_PASSWORD,
      clients: [{ key: `c${i}`, first_name: `Parent${i}`, last_name: 'Race' }],
    })),
  };
}

describe.each(testEngines())('a condition typed by many families at once on %s', (engine) => {
  let t: TestApp;
  let code: string;
  let companyId: number;
  let families: Browser[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    code = `TR${randomBytes(3).toString('hex').toUpperCase()}`;
    companyId = await importBundle(t, bundle(code));
    families = [];
    for (let i = 0; i < FAMILIES; i++) {
      const family = new Browser(t.server);
      await family.signIn(code, `family${i}.${code.toLowerCase()}@example.com`, EXAMPLE_PASSWORD);
      await completeSignUpActions(family);
      families.push(family);
    }
  });
  afterAll(() => t?.close());

  it('E9 (decision 131): joins the list once, and every family’s new student ticks that one item', async () => {
    const answers = await Promise.all(
      families.map((family, i) =>
        family.post<{ student: StudentRecord; newMedicalCondition?: { FieldValueID: number; DisplayName: string } }>('/api/student/add', {
          FirstName: `Kid${i}`,
          LastName: 'Race',
          DOB: '2019-04-09',
          GenderType: 'Female',
          MedicalConditionIDs: '',
          AdditionalMedicalConditions: i % 2 === 0 ? 'Hay fever ' : ' hay fever',
        }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);

    const items = await t.runtime.ctx.db
      .selectFrom('list_items')
      .select(['id', 'display_name', 'active'])
      .where('company_id', '=', companyId)
      .where('list_name', '=', 'medical_conditions')
      .orderBy('id')
      .execute();
    const hayFever = items.filter((item) => item.display_name.toLowerCase() === 'hay fever');
    expect(hayFever).toHaveLength(1);
    const id = Number(hayFever[0]!.id);
    expect(answers.map((a) => a.body.student.MedicalConditionIDs)).toEqual(answers.map(() => String(id)));
    // Only the family whose request added it is told of a new item.
    const told = answers.filter((a) => a.body.newMedicalCondition !== undefined);
    expect(told).toHaveLength(1);
    expect(told[0]!.body.newMedicalCondition).toMatchObject({ FieldValueID: id });

    const students = await t.runtime.ctx.db.selectFrom('students').select(['medical_condition_ids', 'additional_medical_conditions']).where('company_id', '=', companyId).execute();
    expect(students).toHaveLength(FAMILIES);
    for (const s of students) expect(s).toEqual({ medical_condition_ids: String(id), additional_medical_conditions: null });
  });
  it('decision 131: a second insert of a name the list has, case and spaces aside, adds nothing and answers none (the path the losing request takes)', async () => {
    const db = t.runtime.ctx.db;
    const first = await insertListItem(db, companyId, 'medical_conditions', 'Bee sting');
    expect(first).toEqual(expect.any(Number));
    expect(await insertListItem(db, companyId, 'medical_conditions', ' bee STING ')).toBeUndefined();
    expect(await findActiveListItemByName(db, companyId, 'medical_conditions', 'BEE sting')).toBe(first);
  });
});
