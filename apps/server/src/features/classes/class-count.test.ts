import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSearchAnswer } from '@portal/shared/class-schemas';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { companyIdOf } from '../../test/payment-fixtures.ts';

/** F15: IncludeTemporaryEnrolmentsInCount decides whether make-ups count in the class count shown (decision 023). */
describe.each(testEngines())('the shown class count and make-ups on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let parent: Browser;
  const db = () => t.runtime.deps.db;
  const NAME = 'Seahorse – Thursday 4:00 pm';

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
  });
  afterAll(() => t.close());

  async function includeMakeups(value: boolean) {
    const row = await db().selectFrom('companies').select('settings').where('id', '=', splash).executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings) as { ocr_config: Record<string, unknown> };
    settings.ocr_config.IncludeTemporaryEnrolmentsInCount = value;
    await db()
      .updateTable('companies')
      .set((eb) => ({ settings: JSON.stringify(settings), settings_version: eb('settings_version', '+', 1) }))
      .where('id', '=', splash)
      .execute();
  }
  const shown = async () => (await parent.post<ClassSearchAnswer>('/api/classes', { limit: 100 })).body.classes.find((c) => c.Name === NAME)!;

  it('F15: one ongoing enrolment and one make-up in the next session: the count is 2 with the switch on, 1 with it off', async () => {
    const cls = await db().selectFrom('classes').select(['id', 'capacity']).where('company_id', '=', splash).where('name', '=', NAME).executeTakeFirstOrThrow();
    const students = await db().selectFrom('students').select('id').where('company_id', '=', splash).orderBy('id').limit(2).execute();
    await db().deleteFrom('enrolments').where('company_id', '=', splash).where('class_id', '=', cls.id).execute();
    await db().deleteFrom('waitlist_entries').where('company_id', '=', splash).where('class_id', '=', cls.id).execute();
    await db().updateTable('classes').set({ capacity: 5, enrolled_count: 1 }).where('company_id', '=', splash).where('id', '=', cls.id).execute();
    await includeMakeups(false);
    const next = (await shown()).dates[0]!;
    expect(next).toBeTruthy();
    await db()
      .insertInto('enrolments')
      .values([
        { company_id: splash, class_id: cls.id, student_id: students[0]!.id, start_date: '2020-01-01', end_date: null, status: 'active', kind: 'ongoing', hold_until: null, created_at: null },
        { company_id: splash, class_id: cls.id, student_id: students[1]!.id, start_date: next, end_date: next, status: 'temporary', kind: 'temporary', hold_until: null, created_at: null },
      ])
      .execute();

    expect(await shown()).toMatchObject({ ClassCount: 1, PlacesLeft: 4 });
    await includeMakeups(true);
    expect(await shown()).toMatchObject({ ClassCount: 2, PlacesLeft: 3 });
    // The filter form says which rule is in force.
    const fields = await parent.get<{ IncludeTemporaryEnrolmentsInCount: boolean }>('/api/classes/get-class-fields?ocr_profile_id=2');
    expect(fields.body.IncludeTemporaryEnrolmentsInCount).toBe(true);
  });
});
