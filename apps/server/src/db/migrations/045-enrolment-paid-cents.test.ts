import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { demoBundleBeforeClassProfiles } from '../../test/demo-before-class-profiles.ts';
import { importCompanyBundle } from '../../modules/import/import.service.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';

describe.each(testEngines())('migration 045 on a %s database of the previous release', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('keeps every enrolment with nothing recorded as paid, and records what a place is paid', async () => {
    t = await createTestDatabase(engine, { upTo: '044-registration-holds' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 045
    const db = t.db as any;
    await importCompanyBundle(t.db, demoBundleBeforeClassProfiles(0));
    const before = await db.selectFrom('enrolments').select(['id', 'company_id', 'class_id', 'student_id', 'start_date', 'end_date', 'status', 'kind']).orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);

    await migrateToLatest(t);

    const after = await t.db.selectFrom('enrolments').select(['id', 'company_id', 'class_id', 'student_id', 'start_date', 'end_date', 'status', 'kind', 'paid_cents']).orderBy('id').execute();
    expect(after).toEqual(before.map((e: object) => ({ ...e, paid_cents: null })));
    const { id } = before[0];
    await t.db.updateTable('enrolments').set({ paid_cents: 13_500 }).where('id', '=', id).execute();
    expect(await t.db.selectFrom('enrolments').select('paid_cents').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ paid_cents: 13_500 });
  });
});
