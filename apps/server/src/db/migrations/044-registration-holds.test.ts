import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from '../migrate.ts';
import { demoBundleBeforeClassProfiles } from '../../test/demo-before-class-profiles.ts';
import { importCompanyBundle } from '../../modules/import/import.service.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';

describe.each(testEngines())('migration 044 on a %s database of the previous release', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('keeps every enrolment, lets a registration hold a place with no student, and never a row with neither', async () => {
    t = await createTestDatabase(engine, { upTo: '043-waiting-room-admissions' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 044
    const db = t.db as any;
    const now = new Date().toISOString();
    await importCompanyBundle(t.db, demoBundleBeforeClassProfiles(0));
    const before = await db.selectFrom('enrolments').select(['id', 'company_id', 'class_id', 'student_id', 'status', 'kind']).orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const { company_id: company, class_id: cls } = before[0];

    await migrateToLatest(t);

    expect(await t.db.selectFrom('enrolments').select(['id', 'company_id', 'class_id', 'student_id', 'status', 'kind']).where('registration_id', 'is', null).orderBy('id').execute()).toEqual(before);
    // Every index the table had is kept, and the new one made.
    const indexes =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'enrolments' and sql is not null`.execute(t.db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'enrolments' and schemaname = current_schema()`.execute(t.db);
    expect(indexes.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['enrolments_student', 'enrolments_class', 'enrolments_holds', 'enrolments_registration']));
    const registration = (
      await t.db
        .insertInto('registrations')
        .values({ company_id: company, profile_id: 1, token_hash: 'h', email: 'new@example.com', email_verified_at: now, created_at: now, expires_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const hold = { company_id: company, class_id: cls, start_date: '2026-12-01', status: 'held', hold_until: now, created_at: now };
    await t.db
      .insertInto('enrolments')
      .values({ ...hold, student_id: null, registration_id: registration })
      .execute();
    await expect(
      t.db
        .insertInto('enrolments')
        .values({ ...hold, student_id: null, registration_id: null })
        .execute(),
    ).rejects.toThrow(/check|constraint/i);
    // The registration's holds go with it.
    await t.db.deleteFrom('registrations').where('id', '=', registration).execute();
    expect(await t.db.selectFrom('enrolments').select('id').where('student_id', 'is', null).execute()).toEqual([]);
    expect(await t.db.selectFrom('enrolments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: before.length });
  });
});
