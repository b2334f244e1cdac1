import { describe, expect, it } from 'vitest';
import type { MakeupsAnswer } from '@portal/shared/class-schemas';
import { testEngines } from '../../test/api-harness.ts';
import { emptyClass, familyWithChild, idempotencyKey as key, makeupCredit, sessionDates, splashClassesApp, tokenise } from '../../test/payment-fixtures.ts';

/** A term place bought in a class the child has a make-up booked into: the make-up's session is the term's, its credit given back. */
describe.each(testEngines())('a term place over a booked make-up on %s', (engine) => {
  const app = splashClassesApp(engine, 2);
  const { db } = app;

  it('buying the term gives the make-up’s credit back, so the session is not paid for twice', async () => {
    const classId = await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(app.t);
    // The class's last session: one the term place bought now covers, whatever the hour of the run.
    const [last] = (await sessionDates(app.t, app.splash, classId, { limit: 1, order: 'desc' })) as [string];
    const credit = await makeupCredit(app.t, { companyId: app.splash, clientId: family.clientId, studentId: family.studentId, classId, date: last, booked: true });

    const paid = await family.browser.post(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: family.studentId }], cardToken: await tokenise(family.browser) },
      { 'idempotency-key': key() },
    );
    expect(paid.status).toBe(200);

    const places = await db()
      .selectFrom('enrolments')
      .select(['kind', 'status', 'end_date'])
      .where('company_id', '=', app.splash)
      .where('class_id', '=', classId)
      .where('student_id', '=', family.studentId)
      .where('status', '!=', 'cancelled')
      .execute();
    expect(places).toEqual([{ kind: 'ongoing', status: 'active', end_date: null }]);
    const makeups = (await family.browser.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(makeups).toEqual([expect.objectContaining({ MakeupID: credit.creditId, Status: 'available', BookedDate: null })]);
  });

  it('a casual session bought leaves a make-up on another date booked', async () => {
    const classId = await emptyClass(app.t, app.splash, app.classIds[1]!, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(app.t);
    const [last, before] = (await sessionDates(app.t, app.splash, classId, { limit: 2, order: 'desc' })) as [string, string];
    await makeupCredit(app.t, { companyId: app.splash, clientId: family.clientId, studentId: family.studentId, classId, date: last, booked: true, lessonFormatId: null });
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
