import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { demoBundleBeforeClassProfiles } from '../../test/demo-before-class-profiles.ts';
import { importCompanyBundle } from '../../modules/import/import.service.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';

describe.each(testEngines())('migration 051 on a %s database of the previous release', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it('keeps one open waitlist place (the offer first), invitation and calendar link where there were several, then refuses a second', async () => {
    t = await createTestDatabase(engine, { upTo: '050-cart-id' });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before 051
    const db = t.db as any;
    const { companyId } = await importCompanyBundle(t.db, demoBundleBeforeClassProfiles(0));
    const student = await db.selectFrom('students').select(['id', 'client_id']).where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
    const [cls, cls2] = await db.selectFrom('classes').select('id').where('company_id', '=', companyId).orderBy('id').limit(2).execute();
    const scope = { company_id: companyId, client_id: student.client_id };
    const insert = async (table: string, row: object) => Number((await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id);
    const wait = (status: string, classId: number = cls.id) => insert('waitlist_entries', { ...scope, class_id: classId, student_id: student.id, status, created_at: '2026-11-01T00:00:00.000Z' });
    const invite = (token: string) =>
      insert('guardian_invitations', { ...scope, email: 'bob@example.com', first_name: 'Bob', last_name: 'Ng', role: 'viewer', token_hash: token, created_at: '2026-11-01T00:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z' });
    const feed = (token: string) => insert('calendar_feeds', { ...scope, token_hash: token, created_at: '2026-11-01T00:00:00.000Z' });
    const left = await wait('left');
    const [first, second, third] = [await wait('waiting'), await wait('offered'), await wait('waiting')];
    const [earliest, later] = [await wait('waiting', cls2.id), await wait('waiting', cls2.id)];
    await invite('a');
    const newInvite = await invite('b');
    const [oldFeed, newFeed] = [await feed('a'), await feed('b')];

    await migrateToLatest(t);

    const waitlist = await t.db.selectFrom('waitlist_entries').select(['id', 'status']).where('student_id', '=', student.id).where('class_id', '=', cls.id).orderBy('id').execute();
    // The offer is kept (its family was told of it); the places waiting beside it are closed.
    expect(waitlist.map((w) => [Number(w.id), w.status])).toEqual([
      [left, 'left'],
      [first, 'left'],
      [second, 'offered'],
      [third, 'left'],
    ]);
    const elsewhere = await t.db.selectFrom('waitlist_entries').select(['id', 'status']).where('student_id', '=', student.id).where('class_id', '=', cls2.id).orderBy('id').execute();
    // Only waiting: the earliest keeps the place in line.
    expect(elsewhere.map((w) => [Number(w.id), w.status])).toEqual([
      [earliest, 'waiting'],
      [later, 'left'],
    ]);
    const invitations = await t.db.selectFrom('guardian_invitations').select('id').where('client_id', '=', student.client_id).execute();
    expect(invitations.map((i) => Number(i.id))).toEqual([newInvite]);
    const feeds = await t.db.selectFrom('calendar_feeds').select(['id', 'revoked_at']).where('client_id', '=', student.client_id).orderBy('id').execute();
    expect(feeds.map((f) => [Number(f.id), f.revoked_at !== null])).toEqual([
      [oldFeed, true],
      [newFeed, false],
    ]);

    await expect(wait('waiting')).rejects.toThrow(/unique/i);
    await expect(wait('left')).resolves.toEqual(expect.any(Number));
    await expect(invite('c')).rejects.toThrow(/unique/i);
    await expect(feed('c')).rejects.toThrow(/unique/i);
  });
});
