import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_FIELDS } from '@portal/shared/form-config';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { Browser, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';
import { companyBundleSchema } from './company-bundle.ts';

type Student = NonNullable<NonNullable<CompanyBundleInput['customers']>[number]['clients'][number]['students']>[number];

/** A company whose student form asks for gender, with one family whose students are `students`. */
function bundle(code: string, email: string, students: Student[]): CompanyBundleInput {
  return {
    company: {
      code,
      customer_id: 400_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: `Gender ${code}`,
      config: {
        CompanyDisplayName: `Gender ${code}`,
        ServerLocation: 'AU',
        switches: { CustomerPortalActive: true },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: Object.fromEntries(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'].map((shade) => [shade, '#7c3aed'])) as never,
      },
    },
    form_configuration: {
      student: { fields: STUDENT_FIELDS.filter((f) => ['firstName', 'lastName', 'gender'].includes(f.name)).map((f) => ({ OCRFormFieldNameID: f.id, State: 'Mandatory' as const })) },
    },
    customers: [{ email, password: EXAMPLE_PASSWORD, clients: [{ key: 'alex', first_name: 'Alex', last_name: 'Rivera', students }] }],
  };
}

describe('a bundle student’s gender_other', () => {
  it('is refused past 50 characters, as the form refuses it', () => {
    const result = companyBundleSchema.safeParse(bundle('GOLONG', 'a@example.com', [{ key: 'sky', first_name: 'Sky', last_name: 'Rivera', gender: 'Other', gender_other: 'x'.repeat(51) }]));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['customers.0.clients.0.students.0.gender_other']);
  });
});

describe.each(testEngines())('imported students with gender Other on %s', (engine) => {
  let t: TestApp;
  let family: Browser;
  let actions: { type: string; student_id: number | null }[];
  let students: { id: number; first_name: string }[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    const code = `GO${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `alex.${code.toLowerCase()}@example.com`;
    const companyId = await importBundle(
      t,
      bundle(code, email, [
        { key: 'sky', first_name: 'Sky', last_name: 'Rivera', gender: 'Other', gender_other: ' Non-binary ' },
        { key: 'river', first_name: 'River', last_name: 'Rivera', gender: 'Other' },
        { key: 'max', first_name: 'Max', last_name: 'Rivera', gender: 'Male', gender_other: 'Ignored' },
      ]),
    );
    family = new Browser(t.server);
    actions = (await family.signIn(code, email, EXAMPLE_PASSWORD)).actions as typeof actions;
    // The student list waits for the sign-in actions; the ids are read where the import wrote them.
    students = await t.runtime.ctx.db.selectFrom('students').select(['id', 'first_name']).where('company_id', '=', companyId).execute();
  });
  afterAll(() => t?.close());

  const idOf = (name: string) => Number(students.find((s) => s.first_name === name)!.id);

  it('carries the text the form requires: the record answers it, and the student is not one to complete at sign-in', async () => {
    const sky = (await family.get<StudentRecord>(`/api/student/${idOf('Sky')}`)).body;
    expect(sky).toMatchObject({ GenderType: 'Other', GenderOther: 'Non-binary', Gender: 'O' });
    const updates = actions.filter((a) => a.type === 'UpdateStudent').map((a) => a.student_id);
    expect(updates).not.toContain(idOf('Sky'));
    // Without it, the form's "Please specify gender" is unanswered, so the family is asked to complete that student.
    expect(updates).toEqual([idOf('River')]);
  });

  it('is kept only with gender Other', async () => {
    const max = (await family.get<StudentRecord>(`/api/student/${idOf('Max')}`)).body;
    expect(max).toMatchObject({ GenderType: 'Male', GenderOther: null, Gender: 'M' });
  });
});
