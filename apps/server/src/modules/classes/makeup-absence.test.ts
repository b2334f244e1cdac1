import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MakeupsAnswer, MakeupSessionsAnswer } from '@portal/shared/class-schemas';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

describe.each(testEngines())('an absence from a booked make-up on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
  });
  afterAll(() => t.close());

  it('reads as absent on the make-ups list and on the child’s page', async () => {
    const credit = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.Status === 'available' && m.StudentName === 'Noah Mitchell')!;
    const sessions = (await parent.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.MakeupID}`)).body.sessions;
    const target = sessions.at(-1)!;
    expect((await parent.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: target.SessionID })).status).toBe(200);
    const booked = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.MakeupID === credit.MakeupID)!;
    expect(booked).toMatchObject({ Status: 'used', BookedDate: target.Date, BookedClass: target.ClassName, BookedAbsence: null });

    const reasons = await parent.get<{ reasons: { id: number; name: string }[] }>(`/api/classes/get-absence-reasons?session_id=${target.SessionID}&student_id=${credit.StudentID}`);
    expect(reasons.status, JSON.stringify(reasons.body)).toBe(200);
    const reason = reasons.body.reasons[0]!;
    const notified = await parent.post('/api/classes/notify-absence', { session_id: target.SessionID, student_id: credit.StudentID, reason_id: reason.id });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);

    const after = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.MakeupID === credit.MakeupID)!;
    expect(after).toMatchObject({ Status: 'used', BookedDate: target.Date, BookedAbsence: reason.name });
    const student = (await parent.get<StudentRecord>(`/api/student/${credit.StudentID}`)).body;
    const makeupPlace = student.bookedClasses.find((c) => c.Kind === 'temporary' && c.StartDate === target.Date)!;
    expect(makeupPlace.next_session).toEqual({ SessionID: target.SessionID, Date: target.Date, Absent: true });
    // The other make-up credit booked in the demo, with no absence, stays booked.
    expect((await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.filter((m) => m.MakeupID !== credit.MakeupID && m.Status === 'used').every((m) => m.BookedAbsence === null)).toBe(
      true,
    );
  });
});
