import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classSearchSchema, type ClassSearchAnswer } from '@portal/shared/class-schemas';
import { Browser, changeCompanySettings, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { companyIdOf } from '../../test/payment-fixtures.ts';
import { findCompanyById } from '../company/company.service.ts';
import { cachedClassSearch } from './class-search.service.ts';

/** F15: IncludeTemporaryEnrolmentsInCount decides whether make-ups count in the class count shown (decision 023). */
describe.each(testEngines())('the shown class count and make-ups on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let parent: Browser;
  const db = () => t.runtime.ctx.db;
  const NAME = 'Seahorse – Thursday';

  beforeAll(async () => {
    // This test writes to the tables between two searches: no answer may be kept (the cache has its own test below).
    t = await startTestApp(engine, { CLASS_SEARCH_CACHE_MS: 0 });
    splash = await companyIdOf(t, 'SPLASH');
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
  });
  afterAll(() => t.close());

  const includeMakeups = (value: boolean) =>
    changeCompanySettings(t, splash, (settings) => {
      settings.ocr_config!.IncludeTemporaryEnrolmentsInCount = value;
    });
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

/** Decision 044: a search answer is shared for CLASS_SEARCH_CACHE_MS (kept by lru-cache, which expires it). */
describe.each(testEngines())('the class search answer kept for a short time on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let parent: Browser;
  let other: Browser;
  const db = () => t.runtime.ctx.db;
  const changeSettings = (change: (settings: Record<string, Record<string, unknown>>) => void) => changeCompanySettings(t, splash, change);

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

  it('answers every family of the company asking the same search from one answer; a company alike in all but its rows, another search, or new settings, search again', async () => {
    const search = (b: Browser, body: Record<string, unknown> = {}) => b.post<ClassSearchAnswer>('/api/classes', { limit: 100, ...body });
    // One company minute throughout (the minute is part of the key); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = (await search(parent, { days: [4, 2] })).body;
      const target = before.classes.find((c) => c.PlacesLeft > 1)!;
      await db()
        .updateTable('classes')
        .set({ capacity: target.Capacity + 5 })
        .where('company_id', '=', splash)
        .where('id', '=', target.ClassID)
        .execute();
      const grown = { Capacity: target.Capacity + 5, PlacesLeft: target.PlacesLeft + 5 };

      expect((await search(other, { days: [2, 4] })).body).toEqual(before);
      expect((await search(parent, { days: [2, 4], sort: 'Venue' })).body.classes.find((c) => c.ClassID === target.ClassID)).toMatchObject(grown);
      // Two companies alike in everything but their rows (settings, version, time zone): each its own answer.
      const [first, second] = await Promise.all([ownCompany(t), ownCompany(t)]);
      for (const own of [first!, second!]) {
        await changeCompanySettings(t, own.companyId, (settings) => {
          Object.assign(settings.switches!, { AllowOCR: true, OnlineClassReservationsEnabled: true });
        });
      }
      const visitors = [new Browser(t.server), new Browser(t.server)];
      await visitors[0]!.enterCompany(first!.code);
      await visitors[1]!.enterCompany(second!.code);
      const answers = [await search(visitors[0]!), await search(visitors[1]!)];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const [one, two] = answers.map((a) => a.body.classes) as [ClassSearchAnswer['classes'], ClassSearchAnswer['classes']];
      expect(one.length).toBeGreaterThan(0);
      expect(two.map((c) => c.Name)).toEqual(one.map((c) => c.Name));
      expect(two.filter((c) => one.some((o) => o.ClassID === c.ClassID))).toEqual([]);
      await changeSettings(() => {});
      expect((await search(other, { days: [2, 4] })).body.classes.find((c) => c.ClassID === target.ClassID)).toMatchObject(grown);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one search among families asking a new search at the same moment', async () => {
    const search = (page: number) => parent.post<ClassSearchAnswer>('/api/classes', { limit: 5, page });
    const queriesOf = async (work: () => Promise<unknown>) => {
      const before = t.queryCount();
      await work();
      return t.queryCount() - before;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const searched = await queriesOf(() => search(2));
      const kept = await queriesOf(() => search(2));
      expect(searched).toBeGreaterThan(kept);
      const together = await queriesOf(() => Promise.all(Array.from({ length: 6 }, () => search(3))));
      expect(together).toBe(searched + 5 * kept);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers every search that runs while newer ones push it out of the bound', async () => {
    const search = cachedClassSearch(60_000, 2);
    const company = (await findCompanyById(t.runtime.ctx, splash))!;
    const pages = [1, 2, 3, 4, 5];
    const answers = await Promise.allSettled(pages.map((page) => search(t.runtime.ctx, company, classSearchSchema.parse({ limit: 2, page }))));
    expect(answers.map((a) => a.status)).toEqual(pages.map(() => 'fulfilled'));
  });

  it('obeys a switch at once: class reservations switched off are refused, switched on again answered', async () => {
    expect((await parent.post('/api/classes', {})).status).toBe(200);
    await changeSettings((settings) => {
      settings.switches!.OnlineClassReservationsEnabled = false;
    });
    expect((await parent.post('/api/classes', {})).status).toBe(403);
    await changeSettings((settings) => {
      settings.switches!.OnlineClassReservationsEnabled = true;
    });
    expect((await parent.post('/api/classes', {})).status).toBe(200);
  });
});
