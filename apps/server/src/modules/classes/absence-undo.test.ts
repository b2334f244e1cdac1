import { describe, expect, it } from 'vitest';
import { undoMessages, type CancelMakeupAnswer, type ClassSessionsAnswer, type MakeupsAnswer, type MakeupSessionsAnswer } from '@portal/shared/class-schemas';
import { formatDate } from '@portal/shared/date-time-text';
import { testEngines } from '../../test/api-harness.ts';
import { emptyClass, familyWithChild, makeupCredit, sessionDates, splashClassesApp } from '../../test/payment-fixtures.ts';

/**
 * Decision 142: an absence withdrawn and a make-up cancelled before the cut-off, by the family
 * that notified or booked them; the place each gives back or takes again counted under the class's lock.
 */
describe.each(testEngines())('withdrawing an absence and cancelling a make-up on %s', (engine) => {
  const app = splashClassesApp(engine, 10);
  const { db } = app;
  // Two days ahead at least: a session earlier today may be past the cut-off, whatever the hour the test runs.
  const ahead = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  /** A family of the test's own whose child has a term place in a class of its own (`capacity` places), and the class's sessions ahead. */
  async function termPlace(index: number, capacity: number) {
    const classId = await emptyClass(app.t, app.splash, app.classIds[index]!, { capacity, price_cents: 2_000 });
    const family = await familyWithChild(app.t, 'Mila');
    const cls = await db().selectFrom('classes').select('standard').where('id', '=', classId).executeTakeFirstOrThrow();
    await db().updateTable('students').set({ standard: cls.standard }).where('id', '=', family.studentId).execute();
    const [first] = (await sessionDates(app.t, app.splash, classId, { limit: 1 })) as [string];
    await db()
      .insertInto('enrolments')
      .values({ company_id: app.splash, class_id: classId, student_id: family.studentId, start_date: first, end_date: null, status: 'active', kind: 'ongoing', hold_until: null, created_at: null })
      .execute();
    const sessions = await db()
      .selectFrom('class_sessions')
      .select(['id', 'date'])
      .where('class_id', '=', classId)
      .where('status', '=', 'scheduled')
      .where('date', '>=', ahead())
      .orderBy('date')
      .execute();
    return { classId, family, parent: family.browser, sessions };
  }
  const absencesOf = (studentId: number) => db().selectFrom('absences').select(['id', 'session_id']).where('student_id', '=', studentId).execute();
  const creditsOf = (studentId: number) => db().selectFrom('makeup_credits').select(['id', 'used_at', 'used_enrolment_id']).where('student_id', '=', studentId).execute();
  const notify = (who: Awaited<ReturnType<typeof termPlace>>, sessionId: number) =>
    who.parent.post<{ makeup: { MakeupID: number } | null }>('/api/classes/notify-absence', { session_id: sessionId, student_id: who.family.studentId, reason_id: 1 });
  const withdraw = (who: Awaited<ReturnType<typeof termPlace>>, sessionId: number) =>
    who.parent.post<{ code?: string; message: string }>('/api/classes/withdraw-absence', { session_id: sessionId, student_id: who.family.studentId });

  it('an absence withdrawn takes its credit with it; sent again, it answers the same and changes nothing', async () => {
    const who = await termPlace(0, 4);
    const session = who.sessions[0]!;
    const notified = await notify(who, session.id);
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    expect(notified.body.makeup).not.toBeNull();
    const listed = (await who.parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${who.classId}&student_id=${who.family.studentId}`)).body.sessions;
    expect(listed.find((s) => s.SessionID === session.id)).toMatchObject({ Absent: true, CanNotifyAbsence: false, CanWithdrawAbsence: true });

    const first = await withdraw(who, session.id);
    expect([first.status, first.body.message]).toEqual([200, undoMessages.absenceWithdrawn]);
    expect(await absencesOf(who.family.studentId)).toEqual([]);
    expect(await creditsOf(who.family.studentId)).toEqual([]);
    const again = (await who.parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${who.classId}&student_id=${who.family.studentId}`)).body.sessions;
    expect(again.find((s) => s.SessionID === session.id)).toMatchObject({ Absent: false, CanNotifyAbsence: true, CanWithdrawAbsence: false });
    const logged = await db().selectFrom('activity_log').select('summary').where('client_id', '=', who.family.clientId).where('kind', '=', 'absence').execute();
    expect(logged.map((r) => r.summary)).toContain(`Withdrew Mila's absence from ${await className(who.classId)} on ${formatDate(session.date, 'dd/MM/yyyy')}`);

    // The answer lost and the withdrawal sent again: the same answer, nothing else removed.
    const retried = await withdraw(who, session.id);
    expect([retried.status, retried.body.message]).toEqual([200, undoMessages.absenceWithdrawn]);
    // And notified again, it earns a credit again.
    expect((await notify(who, session.id)).body.makeup).not.toBeNull();
  });

  it('refused when the place the absence gave up was taken by a make-up since', async () => {
    const who = await termPlace(1, 1);
    const session = who.sessions[0]!;
    expect((await notify(who, session.id)).status).toBe(200);
    // Another family's child books a make-up into the place given up.
    const other = await familyWithChild(app.t, 'Noor');
    const { standard } = await db().selectFrom('classes').select('standard').where('id', '=', who.classId).executeTakeFirstOrThrow();
    await db().updateTable('students').set({ standard }).where('id', '=', other.studentId).execute();
    const credit = await makeupCredit(app.t, { companyId: app.splash, clientId: other.clientId, studentId: other.studentId, classId: who.classId, date: session.date });
    const offered = (await other.browser.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.creditId}`)).body.sessions;
    expect(offered.find((s) => s.SessionID === session.id)).toMatchObject({ PlacesLeft: 1 });
    expect((await other.browser.post('/api/classes/book-makeup', { makeup_id: credit.creditId, session_id: session.id })).status).toBe(200);

    const refused = await withdraw(who, session.id);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'SESSION_FULL', undoMessages.absencePlaceTaken]);
    expect(await absencesOf(who.family.studentId)).toHaveLength(1);
    expect(await creditsOf(who.family.studentId)).toHaveLength(1);
  });

  it('refused while its credit is booked; the make-up cancelled first, both go, and the credit is free again', async () => {
    const who = await termPlace(2, 4);
    const missed = who.sessions[0]!;
    // The make-up in another class of the same lesson format and level.
    const cls = await db().selectFrom('classes').select(['standard', 'lesson_format_id']).where('id', '=', who.classId).executeTakeFirstOrThrow();
    const otherClass = await emptyClass(app.t, app.splash, app.classIds[5]!, { capacity: 4, price_cents: 2_000, standard: cls.standard, lesson_format_id: cls.lesson_format_id });
    const makeupId = (await notify(who, missed.id)).body.makeup!.MakeupID;
    const offered = (await who.parent.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${makeupId}`)).body.sessions;
    const makeupDay = offered.find((s) => s.ClassID === otherClass && s.Date >= ahead())!;
    const bookedAnswer = await who.parent.post('/api/classes/book-makeup', { makeup_id: makeupId, session_id: makeupDay.SessionID });
    expect(bookedAnswer.status, JSON.stringify(bookedAnswer.body)).toBe(200);
    // An absence notified for the make-up session too: cancelling the make-up removes it with the place.
    expect((await notify(who, makeupDay.SessionID)).status).toBe(200);

    // The list offers no withdrawal while the credit is booked; sent anyway, it says what to do first.
    const listedMissed = (await who.parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${who.classId}&student_id=${who.family.studentId}`)).body.sessions.find(
      (s) => s.SessionID === missed.id,
    );
    expect(listedMissed).toMatchObject({ Absent: true, CanWithdrawAbsence: false, MakeupBooked: true });
    const refused = await withdraw(who, missed.id);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'MAKEUP_USED', undoMessages.absenceMakeupBooked(formatDate(makeupDay.Date, 'dd/MM/yyyy'))]);

    const listed = (await who.parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.find((m) => m.MakeupID === makeupId)!;
    expect(listed).toMatchObject({ Status: 'used', BookedDate: makeupDay.Date, CanCancel: true });
    const [cancelled, twice] = await Promise.all([
      who.parent.post<CancelMakeupAnswer>('/api/classes/cancel-makeup', { makeup_id: makeupId }),
      who.parent.post<{ message: string }>('/api/classes/cancel-makeup', { makeup_id: makeupId }),
    ]);
    expect([cancelled.status, twice.status]).toEqual([200, 200]);
    expect(cancelled.body).toMatchObject({ message: undoMessages.makeupCancelled, makeup: { Status: 'available', BookedDate: null, CanCancel: false } });
    const place = await db().selectFrom('enrolments').select('status').where('student_id', '=', who.family.studentId).where('kind', '=', 'temporary').execute();
    expect(place).toEqual([{ status: 'cancelled' }]);
    expect((await absencesOf(who.family.studentId)).map((a) => a.session_id)).toEqual([missed.id]);
    const logged = await db().selectFrom('activity_log').select('summary').where('client_id', '=', who.family.clientId).where('kind', '=', 'makeup').where('summary', 'like', 'Cancelled%').execute();
    expect(logged).toHaveLength(1);

    expect((await withdraw(who, missed.id)).status).toBe(200);
    expect(await absencesOf(who.family.studentId)).toEqual([]);
    expect(await creditsOf(who.family.studentId)).toEqual([]);
  });

  it('two withdrawals at once: both answered, the absence and its credit gone once', async () => {
    const who = await termPlace(3, 4);
    const session = who.sessions[1]!;
    expect((await notify(who, session.id)).status).toBe(200);
    const answers = await Promise.all([withdraw(who, session.id), withdraw(who, session.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await absencesOf(who.family.studentId)).toEqual([]);
    expect(await creditsOf(who.family.studentId)).toEqual([]);
  });

  it('a withdrawal and a booking of the credit it would remove, at once: one of them, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const who = await termPlace(6 + (round % 2), 4);
      const cls = await db().selectFrom('classes').select(['standard', 'lesson_format_id']).where('id', '=', who.classId).executeTakeFirstOrThrow();
      const otherClass = await emptyClass(app.t, app.splash, app.classIds[8 + (round % 2)]!, { capacity: 4, price_cents: 2_000, standard: cls.standard, lesson_format_id: cls.lesson_format_id });
      const missed = who.sessions[round]!;
      const makeupId = (await notify(who, missed.id)).body.makeup!.MakeupID;
      const target = (await who.parent.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${makeupId}`)).body.sessions.find((s) => s.ClassID === otherClass && s.Date >= ahead())!;
      const [withdrawn, booked] = await Promise.all([withdraw(who, missed.id), who.parent.post('/api/classes/book-makeup', { makeup_id: makeupId, session_id: target.SessionID })]);
      const places = await db().selectFrom('enrolments').select('id').where('student_id', '=', who.family.studentId).where('kind', '=', 'temporary').where('status', '=', 'temporary').execute();
      if (withdrawn.status === 200) {
        expect(booked.status).toBe(booked.status === 404 ? 404 : 409);
        expect([await absencesOf(who.family.studentId), await creditsOf(who.family.studentId), places]).toEqual([[], [], []]);
      } else {
        expect([withdrawn.status, withdrawn.body.code, booked.status]).toEqual([409, 'MAKEUP_USED', 200]);
        expect([(await absencesOf(who.family.studentId)).length, (await creditsOf(who.family.studentId)).length, places.length]).toEqual([1, 1, 1]);
      }
    }
  });

  it('too late after the cut-off, and another family’s absence or make-up is not found', async () => {
    const who = await termPlace(4, 4);
    // A session already run (the class's first week, before the child's place began), with an absence and a make-up booked into it.
    const past = await db()
      .insertInto('class_sessions')
      .values({ company_id: app.splash, class_id: who.classId, date: '2026-01-08', start_time: '16:00', status: 'scheduled' })
      .returning(['id', 'date'])
      .executeTakeFirstOrThrow();
    const stranger = await familyWithChild(app.t, 'Omar');
    await db()
      .insertInto('absences')
      .values({ company_id: app.splash, session_id: past.id, student_id: who.family.studentId, client_id: who.family.clientId, reason: 'Sick', notified_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const late = await withdraw(who, past.id);
    expect([late.status, late.body.code, late.body.message]).toEqual([422, 'TOO_LATE', undoMessages.withdrawTooLate]);
    const ran = await makeupCredit(app.t, { companyId: app.splash, clientId: who.family.clientId, studentId: who.family.studentId, classId: who.classId, date: past.date, booked: true });
    const tooLate = await who.parent.post<{ code: string; message: string }>('/api/classes/cancel-makeup', { makeup_id: ran.creditId });
    expect([tooLate.status, tooLate.body.code, tooLate.body.message]).toEqual([422, 'TOO_LATE', undoMessages.cancelTooLate]);
    expect((await stranger.browser.post('/api/classes/cancel-makeup', { makeup_id: ran.creditId })).status).toBe(404);
    // A session the company cancelled is not the family's to change.
    const cancelled = who.sessions.at(-1)!;
    expect((await notify(who, cancelled.id)).status).toBe(200);
    await db().updateTable('class_sessions').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    const closed = await withdraw(who, cancelled.id);
    expect([closed.status, closed.body.code]).toEqual([422, 'SESSION_NOT_OPEN']);
    const session = who.sessions[0]!;
    expect((await notify(who, session.id)).status).toBe(200);
    const notMine = await stranger.browser.post('/api/classes/withdraw-absence', { session_id: session.id, student_id: who.family.studentId });
    expect(notMine.status).toBe(404);
    expect(await absencesOf(who.family.studentId)).toHaveLength(3);
  });

  const className = async (classId: number) => (await db().selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
});
