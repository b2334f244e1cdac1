import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSearchAnswer } from '@portal/shared/class-schemas';
import { repoRoot } from '../../config/env.ts';
import { Browser, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';
import { BundleValidationError } from '../import/bundle-issues.ts';

const weekly = { weeks_before: 2, weeks_after: 8 };
const holidayWeek = { dates: ['today+21', 'today+22', 'today+23', 'today+24', 'today+25'] };
const EXAMPLE_BUNDLE = path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json');

/** The example school (docs/examples) with a term enrolment and a holiday programme: a term class, a holiday class and a class of no profile. */
function schoolBundle(code: string, email: string): CompanyBundleInput {
  const bundle = JSON.parse(fs.readFileSync(EXAMPLE_BUNDLE, 'utf8')) as CompanyBundleInput & { company: { config: Record<string, unknown> } };
  bundle.company.code = code;
  bundle.company.customer_id = 100_000 + randomBytes(3).readUIntBE(0, 3);
  bundle.company.config.switches = { CustomerPortalActive: true, AllowOCR: true, OnlineClassReservationsEnabled: true, CanTakeNewSignUps: true };
  bundle.company.config.profiles = [
    { OCRProfileID: 1, ProfileName: 'term', DisplayName: 'Term enrolment' },
    { OCRProfileID: 2, ProfileName: 'holiday', DisplayName: 'Holiday intensive', AllowCasualEnrolments: true },
  ];
  bundle.customers![0]!.email = email;
  bundle.lesson_formats = [...(bundle.lesson_formats ?? []), { key: 'holiday45', name: 'Holiday intensive (45 min)', duration_minutes: 45 }];
  bundle.classes = [
    { key: 'term', name: 'Starfish – Monday', profiles: [1], lesson_format: 'group30', venue: 'main', day_of_week: 1, start_time: '16:00', sessions: weekly },
    { key: 'holiday', name: 'Holiday intensive – Starfish', profiles: [2], lesson_format: 'holiday45', venue: 'main', day_of_week: 1, start_time: '11:00', sessions: holidayWeek },
    { key: 'open', name: 'Open swim – Sunday', lesson_format: 'group30', venue: 'main', day_of_week: 7, start_time: '09:00', sessions: weekly },
  ];
  return bundle;
}

describe.each(testEngines())('the classes a registration profile offers (decision 134) on %s', (engine) => {
  let t: TestApp;
  let code: string;
  let parent: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    code = `CP${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `jo.${code.toLowerCase()}@example.com`;
    await importBundle(t, schoolBundle(code, email));
    parent = new Browser(t.server);
    await parent.signIn(code, email, EXAMPLE_PASSWORD);
  });
  afterAll(() => t.close());

  const namesUnder = async (profile?: number) => {
    const res = await parent.post<ClassSearchAnswer>('/api/classes', { limit: 100, ...(profile === undefined ? {} : { ocr_profile_id: profile }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.classes.map((c) => c.Name).sort();
  };
  const idOf = async (name: string) => (await parent.post<ClassSearchAnswer>('/api/classes', { limit: 100 })).body.classes.find((c) => c.Name === name)!.ClassID;

  it('lists under each profile its own classes and those that name no profile', async () => {
    expect(await namesUnder(1)).toEqual(['Open swim – Sunday', 'Starfish – Monday']);
    expect(await namesUnder(2)).toEqual(['Holiday intensive – Starfish', 'Open swim – Sunday']);
    expect(await namesUnder()).toEqual(['Holiday intensive – Starfish', 'Open swim – Sunday', 'Starfish – Monday']);
  });

  it('is imported only with profiles of the company, each named once', async () => {
    const bundle = schoolBundle(`CP${randomBytes(3).toString('hex').toUpperCase()}`, 'kim@example.com');
    bundle.classes![0]!.profiles = [1, 9];
    bundle.classes![1]!.profiles = [2, 2];
    const refused = await importBundle(t, bundle).then(
      () => [],
      (err: unknown) => (err instanceof BundleValidationError ? err.issues : [err]),
    );
    expect(refused).toEqual([
      { path: 'classes.0.profiles.1', message: 'Unknown registration profile 9 (not in company.config.profiles)' },
      { path: 'classes.1.profiles.1', message: 'Profile 2 is listed twice' },
    ]);
  });

  it('refuses a new family’s class its profile does not offer, on the class’s field', async () => {
    const visitor = new Browser(t.server);
    await visitor.enterCompany(code);
    const holiday = await idOf('Holiday intensive – Starfish');
    const open = await idOf('Open swim – Sunday');
    const refused = await visitor.post<{ code: string; errors: unknown }>('/api/ocr/quote', {
      profile: 1,
      classes: [
        { student: 0, ClassID: open },
        { student: 0, ClassID: holiday },
      ],
    });
    expect([refused.status, refused.body.code, refused.body.errors]).toEqual([422, 'CLASS_NOT_OFFERED', [{ field: 'classes.1', message: 'This class is not offered in this registration' }]]);
    expect(
      (
        await visitor.post('/api/ocr/quote', {
          profile: 2,
          classes: [
            { student: 0, ClassID: open },
            { student: 0, ClassID: holiday },
          ],
        })
      ).status,
    ).toBe(200);
  });

  it('sells a casual session only of a class the casual profile offers: another profile’s term class stays a term class', async () => {
    const db = t.runtime.ctx.db;
    const company = await db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const sam = await db.selectFrom('students').select('id').where('company_id', '=', company.id).where('first_name', '=', 'Sam').executeTakeFirstOrThrow();
    const casualOf = async (name: string) => {
      const classId = await idOf(name);
      const session = await db
        .selectFrom('class_sessions')
        .select('date')
        .where('company_id', '=', company.id)
        .where('class_id', '=', classId)
        .where('date', '>', new Date().toISOString().slice(0, 10))
        .orderBy('date')
        .executeTakeFirstOrThrow();
      // Holiday intensive allows casual sessions; the term enrolment does not.
      return parent.post<{ code?: string }>('/api/payment/quote', { classItems: [{ ClassID: classId, StudentID: sam.id, casual: true, dates: [session.date] }], ocrProfileId: 2 });
    };
    const term = await casualOf('Starfish – Monday');
    expect([term.status, term.body.code]).toEqual([403, 'CASUAL_NOT_ALLOWED']);
    expect((await casualOf('Holiday intensive – Starfish')).status).toBe(200);
    expect((await casualOf('Open swim – Sunday')).status).toBe(200);
  });
});
