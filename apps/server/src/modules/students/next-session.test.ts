import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnrolmentsPage } from '@portal/shared/class-schemas';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { Browser, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { companyIdOf } from '../../test/payment-fixtures.ts';
import { addDays, nowIso } from '../../lib/time.ts';
import { zonedInstant } from '../classes/class-time.ts';

/**
 * "Next session" counts only a session that is not over (decision 081): today's session is the
 * next one until its end time in the company's time zone (SPLASH: Australia/Sydney), then the
 * following one is. Both answers that carry it say so: the student's record and the enrolments.
 */
describe.each(testEngines())('the next session of a booked class on %s', (engine) => {
  let t: TestApp;
  let family: { email: string; password: string };
  let studentId: number;
  /** Two scheduled sessions of the class a week apart, the first one some weeks ahead. */
  let first: { id: number; date: string; start_time: string };
  let following: string;
  let minutes: number;
  const db = () => t.runtime.ctx.db;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const splash = await companyIdOf(t, 'SPLASH');
    const who = await registerCustomer(t, { email: `next.${Date.now()}.${engine}@example.com` });
    family = who;
    const cls = await db().selectFrom('classes').select(['id', 'duration_minutes']).where('company_id', '=', splash).where('name', '=', 'Seahorse – Tuesday').executeTakeFirstOrThrow();
    minutes = cls.duration_minutes;
    const sessions = await db()
      .selectFrom('class_sessions')
      .select(['id', 'date', 'start_time'])
      .where('company_id', '=', splash)
      .where('class_id', '=', cls.id)
      .where('status', '=', 'scheduled')
      .where('date', '>', addDays(new Date().toISOString().slice(0, 10), 7))
      .orderBy('date')
      .limit(2)
      .execute();
    [first] = sessions as [typeof first];
    following = sessions[1]!.date;
    const student = await db()
      .insertInto('students')
      .values({ company_id: splash, client_id: who.clientId, first_name: 'Ruby', last_name: 'Ng', dob: '2018-02-02', gender: 'Female', standard: '', profile_picture: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    studentId = student.id;
    await db()
      .insertInto('enrolments')
      .values({
        company_id: splash,
        class_id: cls.id,
        student_id: studentId,
        start_date: addDays(first.date, -14),
        end_date: null,
        status: 'active',
        kind: 'ongoing',
        hold_until: null,
        created_at: nowIso(),
      })
      .execute();
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  /** A browser signed in at a wall-clock time of the first session's day (or another) in Sydney (UTC+10 or +11). */
  async function at(clock: string, day = first.date): Promise<Browser> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(zonedInstant('Australia/Sydney', day, clock));
    const browser = new Browser(t.server);
    await browser.signIn('SPLASH', family.email, family.password);
    return browser;
  }
  const plus = (hhmm: string, add: number) => {
    const [h = 0, m = 0] = hhmm.split(':').map(Number);
    const total = h * 60 + m + add;
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  };
  async function nextSessions(browser: Browser) {
    const record = await browser.get<StudentRecord>(`/api/student/${studentId}`);
    expect(record.status).toBe(200);
    const enrolments = await browser.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${studentId}&filter=current&page=1&limit=10`);
    expect(enrolments.status).toBe(200);
    return { record: record.body.bookedClasses[0]?.next_session?.Date, enrolments: enrolments.body.enrollments[0]?.next_session };
  }

  it('a session later today is the next one', async () => {
    expect(await nextSessions(await at(plus(first.start_time, -60)))).toEqual({ record: first.date, enrolments: first.date });
  });

  it('a session under way is still the next one until it ends', async () => {
    expect(await nextSessions(await at(plus(first.start_time, minutes - 1)))).toEqual({ record: first.date, enrolments: first.date });
  });

  it('a session that ended earlier today is not: the following one is next', async () => {
    expect(await nextSessions(await at(plus(first.start_time, minutes + 1)))).toEqual({ record: following, enrolments: following });
  });

  it('a next session the family said the child will miss says so in both answers, and the one after does not', async () => {
    // The day before: in time to notify, whatever the company's cut-off.
    const browser = await at('09:00', addDays(first.date, -1));
    const reasons = await browser.get<{ reasons: { id: number }[] }>(`/api/classes/get-absence-reasons?session_id=${first.id}&student_id=${studentId}`);
    expect(reasons.status, JSON.stringify(reasons.body)).toBe(200);
    const notified = await browser.post('/api/classes/notify-absence', { session_id: first.id, student_id: studentId, reason_id: reasons.body.reasons[0]!.id });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    const record = await browser.get<StudentRecord>(`/api/student/${studentId}`);
    expect(record.body.bookedClasses[0]?.next_session).toMatchObject({ Date: first.date, Absent: true });
    const enrolments = await browser.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${studentId}&filter=current&page=1&limit=10`);
    expect(enrolments.body.enrollments[0]).toMatchObject({ next_session: first.date, next_absent: true });
    // Once it is over, the next session is the following one, which the child will attend.
    const later = await at(plus(first.start_time, minutes + 1));
    const after = await later.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${studentId}&filter=current&page=1&limit=10`);
    expect(after.body.enrollments[0]).toMatchObject({ next_session: following, next_absent: false });
  });
});
