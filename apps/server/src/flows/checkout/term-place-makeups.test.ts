import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeupsAnswer } from '@portal/shared/class-schemas';
import { startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, companyIdOf, emptyClass, familyWithChild, idempotencyKey as key, makeupCredit, tokenise } from '../../test/payment-fixtures.ts';

/** A term place bought in a class the child has a make-up booked into: the make-up's session is the term's, its credit given back. */
describe.each(testEngines())('a term place over a booked make-up on %s', (engine) => {
  let t: TestApp;
  let splash: number;
  let classIds: number[];
  const db = () => t.runtime.ctx.db;

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = await companyIdOf(t, 'SPLASH');
    classIds = await classesWithSessionsAhead(t, splash, { limit: 2, order: 'asc' });
  });
  afterAll(() => t.close());

  it('buying the term gives the make-up’s credit back, so the session is not paid for twice', async () => {
    const classId = await emptyClass(t, splash, classIds[0]!, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(t);
    // The class's last session: one the term place bought now covers, whatever the hour of the run.
    const last = await db().selectFrom('class_sessions').select('date').where('company_id', '=', splash).where('class_id', '=', classId).orderBy('date', 'desc').executeTakeFirstOrThrow();
    const credit = await makeupCredit(t, { companyId: splash, clientId: family.clientId, studentId: family.studentId, classId, date: last.date, booked: true });

    const paid = await family.browser.post(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: family.studentId }], cardToken: await tokenise(family.browser) },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);

    const places = await db()
      .selectFrom('enrolments')
      .select(['kind', 'status', 'end_date'])
      .where('company_id', '=', splash)
      .where('class_id', '=', classId)
      .where('student_id', '=', family.studentId)
      .where('status', '!=', 'cancelled')
      .execute();
    expect(places).toEqual([{ kind: 'ongoing', status: 'active', end_date: null }]);
    const makeups = (await family.browser.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(makeups).toEqual([expect.objectContaining({ MakeupID: credit.creditId, Status: 'available', BookedDate: null })]);
  });

  it('a casual session bought leaves a make-up on another date booked', async () => {
    const classId = await emptyClass(t, splash, classIds[1]!, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(t);
    const sessions = await db()
      .selectFrom('class_sessions')
      .select('date')
      .where('company_id', '=', splash)
      .where('class_id', '=', classId)
      .where('status', '=', 'scheduled')
      .orderBy('date', 'desc')
      .limit(2)
      .execute();
    const [last, before] = [sessions[0]!.date, sessions[1]!.date];
    await makeupCredit(t, { companyId: splash, clientId: family.clientId, studentId: family.studentId, classId, date: last, booked: true, lessonFormatId: null });
    const paid = await family.browser.post(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: family.studentId, casual: true, dates: [before] }], cardToken: await tokenise(family.browser), ocrProfileId: 2 },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);
    const makeups = (await family.browser.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(makeups).toEqual([expect.objectContaining({ Status: 'used', BookedDate: last })]);
  });
});
