import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { demoBundleBeforeClassProfiles } from '../../test/demo-before-class-profiles.ts';
import { importCompanyBundle } from '../../modules/import/import.service.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';

describe.each(testEngines())('migration 046 on a %s database of the previous release', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('merges active items named alike into the oldest, re-pointing every student, then refuses a new one', async () => {
    t = await createTestDatabase(engine, { upTo: '045-enrolment-paid-cents' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 046
    const db = t.db as any;
    const { companyId } = await importCompanyBundle(t.db, demoBundleBeforeClassProfiles(0));
    const other = (await importCompanyBundle(t.db, demoBundleBeforeClassProfiles(1))).companyId;
    const item = async (company: number, list: string, name: string, active = 1) =>
      Number((await db.insertInto('list_items').values({ company_id: company, list_name: list, display_name: name, ocr_field_value_id: null, active, sort_order: 50 }).returning('id').executeTakeFirstOrThrow()).id);

    // Two families typed the same condition at once, a third again later with its own spacing and case.
    const hay = await item(companyId, 'medical_conditions', 'Hay fever');
    const hay2 = await item(companyId, 'medical_conditions', 'hay fever');
    const hay3 = await item(companyId, 'medical_conditions', ' HAY FEVER ');
    const retired = await item(companyId, 'medical_conditions', 'Hay Fever', 0);
    const bees = await item(companyId, 'medical_conditions', 'Bee sting allergy');
    const school = await item(companyId, 'school', 'Bay Public');
    const school2 = await item(companyId, 'school', 'bay public');
    const elsewhere = await item(other, 'medical_conditions', 'hay fever');

    const students = await db.selectFrom('students').select('id').where('company_id', '=', companyId).orderBy('id').limit(4).execute();
    expect(students).toHaveLength(4);
    const [a, b, c, d] = students.map((s: { id: number }) => Number(s.id));
    const tick = (id: number, set: object) => db.updateTable('students').set(set).where('id', '=', id).execute();
    await tick(a, { medical_condition_ids: `${hay2},${bees}`, school_id: school2 });
    await tick(b, { medical_condition_ids: `${hay},${hay3}`, school_id: school });
    await tick(c, { medical_condition_ids: String(retired), school_id: null });
    await tick(d, { medical_condition_ids: '', school_id: null });
    const untouched = await db.selectFrom('students').select(['id', 'medical_condition_ids', 'school_id', 'standard_id']).where('id', 'not in', [a, b, c, d]).orderBy('id').execute();
    const otherStudents = await db.selectFrom('students').select(['id', 'medical_condition_ids']).where('company_id', '=', other).orderBy('id').execute();

    await migrateToLatest(t);

    const active = async (company: number, list: string) =>
      (await t!.db.selectFrom('list_items').select(['id', 'display_name', 'active']).where('company_id', '=', company).where('list_name', '=', list).where('id', '>=', hay).orderBy('id').execute()).map((i) => ({ ...i, id: Number(i.id) }));
    expect(await active(companyId, 'medical_conditions')).toEqual([
      { id: hay, display_name: 'Hay fever', active: 1 },
      { id: hay2, display_name: 'hay fever', active: 0 },
      { id: hay3, display_name: ' HAY FEVER ', active: 0 },
      { id: retired, display_name: 'Hay Fever', active: 0 },
      { id: bees, display_name: 'Bee sting allergy', active: 1 },
    ]);
    expect(await active(companyId, 'school')).toEqual([
      { id: school, display_name: 'Bay Public', active: 1 },
      { id: school2, display_name: 'bay public', active: 0 },
    ]);
    expect(await active(other, 'medical_conditions')).toEqual([{ id: elsewhere, display_name: 'hay fever', active: 1 }]);

    const row = (id: number) => t!.db.selectFrom('students').select(['medical_condition_ids', 'school_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row(a)).toEqual({ medical_condition_ids: [hay, bees].sort((x, y) => x - y).join(','), school_id: school });
    expect(await row(b)).toEqual({ medical_condition_ids: String(hay), school_id: school });
    expect(await row(c)).toEqual({ medical_condition_ids: String(retired), school_id: null });
    expect(await row(d)).toEqual({ medical_condition_ids: '', school_id: null });
    expect(await t.db.selectFrom('students').select(['id', 'medical_condition_ids', 'school_id', 'standard_id']).where('id', 'not in', [a, b, c, d]).orderBy('id').execute()).toEqual(untouched);
    expect(await t.db.selectFrom('students').select(['id', 'medical_condition_ids']).where('company_id', '=', other).orderBy('id').execute()).toEqual(otherStudents);

    // From now on the list refuses a second active "hay fever", and still takes an inactive one.
    await expect(item(companyId, 'medical_conditions', 'HAY FEVER ')).rejects.toThrow(/unique/i);
    await expect(item(companyId, 'medical_conditions', 'HAY FEVER ', 0)).resolves.toEqual(expect.any(Number));
  });
});
