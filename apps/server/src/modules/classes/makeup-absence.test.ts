import { describe, expect, it } from 'vitest';
import type { MakeupsAnswer, MakeupSessionsAnswer } from '@portal/shared/class-schemas';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { testEngines } from '../../test/api-harness.ts';
import { emptyClass, familyWithChild, makeupCredit, sessionDates, splashClassesApp } from '../../test/payment-fixtures.ts';

describe.each(testEngines())('an absence from a booked make-up on %s', (engine) => {
  const app = splashClassesApp(engine, 1);
  const { db } = app;

  it('reads as absent on the make-ups list and on the child’s page', async () => {
    // A family of the test's own, its child at the class's level, with two make-up credits: one to book and miss, one booked and kept.
    const classId = await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 6, price_cents: 2_000 });
    const family = await familyWithChild(app.t);
    const parent = family.browser;
    const cls = await db().selectFrom('classes').select('standard').where('id', '=', classId).executeTakeFirstOrThrow();
    await db().updateTable('students').set({ standard: cls.standard }).where('id', '=', family.studentId).execute();
    const [last] = (await sessionDates(app.t, app.splash, classId, { limit: 1, order: 'desc' })) as [string];
    const credit = await makeupCredit(app.t, { companyId: app.splash, clientId: family.clientId, studentId: family.studentId, classId, date: last });
    const kept = await makeupCredit(app.t, { companyId: app.splash, clientId: family.clientId, studentId: family.studentId, classId, date: last, booked: true });

    const sessions = (await parent.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.creditId}`)).body.sessions;
    // Two days ahead at least: a session earlier today may be too late to notify an absence for, whatever the hour the test runs.
    const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const target = sessions.find((s) => s.ClassID === classId && s.Date !== last && s.Date >= ahead)!;
    expect((await parent.post('/api/classes/book-makeup', { makeup_id: credit.creditId, session_id: target.SessionID })).status).toBe(200);
    const booked = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.MakeupID === credit.creditId)!;
    expect(booked).toMatchObject({ Status: 'used', BookedDate: target.Date, BookedClass: target.ClassName, BookedAbsence: null });

    const reasons = await parent.get<{ reasons: { id: number; name: string }[] }>(`/api/classes/get-absence-reasons?session_id=${target.SessionID}&student_id=${family.studentId}`);
    expect(reasons.status, JSON.stringify(reasons.body)).toBe(200);
    const reason = reasons.body.reasons[0]!;
    const notified = await parent.post('/api/classes/notify-absence', { session_id: target.SessionID, student_id: family.studentId, reason_id: reason.id });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);

    const after = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(after.find((m) => m.MakeupID === credit.creditId)).toMatchObject({ Status: 'used', BookedDate: target.Date, BookedAbsence: reason.name });
    const student = (await parent.get<StudentRecord>(`/api/student/${family.studentId}`)).body;
    const makeupPlace = student.bookedClasses.find((c) => c.Kind === 'temporary' && c.StartDate === target.Date)!;
    expect(makeupPlace.next_session).toEqual({ SessionID: target.SessionID, Date: target.Date, Absent: true });
    // The other make-up, booked with no absence, stays booked.
    expect(after.find((m) => m.MakeupID === kept.creditId)).toMatchObject({ Status: 'used', BookedAbsence: null });
  });
});
