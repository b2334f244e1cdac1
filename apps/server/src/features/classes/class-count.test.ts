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
    // This test writes to the tables between two searches: no answer may be kept (the cache has its own test below).
    t = await startTestApp(engine, { CLASS_SEARCH_CACHE_MS: 0 });
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

/** Decision 044: a search answer is shared for CLASS_SEARCH_CACHE_MS (its expiry: lib/short-lived-cache.test.ts). */
describe.each(testEngines())('the class search answer kept for a short time on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let parent: Browser;
  let other: Browser;
  const db = () => t.runtime.deps.db;
  async function changeSettings(change: (settings: { switches: Record<string, boolean> }) => void) {
    const row = await db().selectFrom('companies').select('settings').where('id', '=', splash).executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings) as { switches: Record<string, boolean> };
    change(settings);
    await db()
      .updateTable('companies')
      .set((eb) => ({ settings: JSON.stringify(settings), settings_version: eb('settings_version', '+', 1) }))
      .where('id', '=', splash)
      .execute();
  }

  beforeAll(async () => {
    // Long enough that nothing here expires by time, whatever the machine's speed.
    t = await startTestApp(engine, { CLASS_SEARCH_CACHE_MS: 60_000 });
    splash = await companyIdOf(t, 'SPLASH');
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
    other = new Browser(t.server);
    await other.signIn('SPLASH', 'family@example.com');
  });
  afterAll(() => t.close());

  it('answers every family of the company asking the same search from one answer; another search, or new settings, search again', async () => {
    const search = (b: Browser, body: Record<string, unknown> = {}) => b.post<ClassSearchAnswer>('/api/classes', { limit: 100, ...body });
    const before = (await search(parent)).body;
    const target = before.classes.find((c) => c.PlacesLeft > 1)!;
    await db().updateTable('classes').set({ capacity: target.Capacity + 5 }).where('company_id', '=', splash).where('id', '=', target.ClassID).execute();
    const grown = { Capacity: target.Capacity + 5, PlacesLeft: target.PlacesLeft + 5 };

    expect((await search(other)).body).toEqual(before);
    expect((await search(parent, { sort: 'Venue' })).body.classes.find((c) => c.ClassID === target.ClassID)).toMatchObject(grown);
    await changeSettings(() => {});
    expect((await search(other)).body.classes.find((c) => c.ClassID === target.ClassID)).toMatchObject(grown);
  });

  it('obeys a switch at once: class reservations switched off are refused, switched on again answered', async () => {
    expect((await parent.post('/api/classes', {})).status).toBe(200);
    await changeSettings((settings) => {
      settings.switches.OnlineClassReservationsEnabled = false;
    });
    expect((await parent.post('/api/classes', {})).status).toBe(403);
    await changeSettings((settings) => {
      settings.switches.OnlineClassReservationsEnabled = true;
    });
    expect((await parent.post('/api/classes', {})).status).toBe(200);
  });
});
