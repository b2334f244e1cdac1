import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSearchAnswer, EnrolmentsPage, MakeupsAnswer, ClassSessionsAnswer, MakeupSessionsAnswer, WaitlistAnswer } from '@portal/shared/class-schemas';
import { classMessages } from '@portal/shared/class-schemas';
import { Browser, changeCompanySettings, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { newStudent } from '../../test/payment-fixtures.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';

describe.each(testEngines())('classes on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  let family: Browser;
  let splash: number;
  let parentClient: number;
  const db = () => t.runtime.ctx.db;
  const classId = async (name: string) => (await db().selectFrom('classes').select('id').where('company_id', '=', splash).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const studentId = async (first: string) => (await db().selectFrom('students').select('id').where('company_id', '=', splash).where('first_name', '=', first).executeTakeFirstOrThrow()).id;
  const search = (b: Browser, body: Record<string, unknown> = {}) => b.post<ClassSearchAnswer>('/api/classes', body);
  const setSwitch = (name: 'CanNotifyAbsence' | 'CanTakeMakeups', value: boolean) =>
    changeCompanySettings(t, splash, (settings) => {
      settings.switches![name] = value;
    });

  beforeAll(async () => {
    t = await startTestApp(engine);
    splash = (await db().selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow()).id;
    parent = new Browser(t.server);
    parentClient = (await parent.signIn('SPLASH', 'parent@example.com')).user.ClientID;
    family = new Browser(t.server);
    await family.signIn('SPLASH', 'family@example.com');
  });
  afterAll(() => t.close());

  it('F1: customer class calls need a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const url of ['/api/classes/get-makeups', '/api/classes/get-student-enrollments?id=1', '/api/classes/get-class-sessions?class_id=1&student_id=1', '/api/classes/calendar-feed']) {
      expect((await b.get(url)).status).toBe(401);
    }
    expect((await b.post('/api/classes/notify-absence', { session_id: 1, student_id: 1, reason_id: 1 })).status).toBe(401);
    expect((await b.post('/api/classes/book-makeup', { makeup_id: 1, session_id: 1 })).status).toBe(401);
  });

  it('F9, F10: search filters, sorts and pages; a full class says so', async () => {
    const all = await search(parent, { limit: 100 });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(13);
    const byDay = all.body.classes.map((c) => `${c.Day}|${c.Time}`);
    expect([...byDay].sort()).toEqual(byDay);
    const turtle = all.body.classes.find((c) => c.Name === 'Turtle – Saturday')!;
    expect(turtle).toMatchObject({ Capacity: 2, ClassCount: 2, PlacesLeft: 0, IsFull: true, Staff: 'Tom Baxter', Price: 2250 });
    expect(turtle.dates.length).toBeGreaterThan(0);

    const fields = await parent.get<{ venues: { id: number; name: string }[]; standards: { id: number; name: string }[]; AllowCasualEnrolments: boolean }>(
      '/api/classes/get-class-fields?ocr_profile_id=2',
    );
    expect(fields.status).toBe(200);
    expect(fields.body.AllowCasualEnrolments).toBe(true);
    const maroubra = fields.body.venues.find((v) => v.name.includes('Maroubra'))!;
    const seahorse = fields.body.standards.find((s) => s.name === 'Seahorse')!;
    const filtered = await search(parent, { venues: [maroubra.id], standards: [seahorse.id], days: [4], times_of_day: ['afternoon'] });
    expect(filtered.body.classes.map((c) => c.Name)).toEqual(['Seahorse – Thursday']);
    const forAge = await search(parent, { age: 12, limit: 100 });
    expect(forAge.body.classes.every((c) => (c.MinAge ?? 0) <= 12 && (c.MaxAge ?? 99) >= 12)).toBe(true);
    expect(forAge.body.classes.some((c) => c.Name.startsWith('Starfish'))).toBe(false);

    const staff = await search(parent, { sort: 'Staff', limit: 100 });
    const staffNames = staff.body.classes.map((c) => c.Staff);
    expect([...staffNames].sort()).toEqual(staffNames);
    const venue = await search(parent, { sort: 'Venue', limit: 100 });
    const venues = venue.body.classes.map((c) => c.Venue);
    expect([...venues].sort()).toEqual(venues);
    const count = await search(parent, { sort: 'ClassCountAndPrice', limit: 100 });
    const counts = count.body.classes.map((c) => c.ClassCount);
    expect(counts[0]).toBeLessThanOrEqual(counts.at(-1)!);

    const page2 = await search(parent, { limit: 5, page: 2 });
    expect(page2.body).toMatchObject({ current_page: 2, total_pages: Math.ceil(all.body.total / 5) });
    expect(page2.body.classes.map((c) => c.ClassID)).toEqual(all.body.classes.slice(5, 10).map((c) => c.ClassID));

    // The statement is compiled once per filter shape: the same shape with other values, and
    // lists of other lengths, answer their own classes; a page past the end still has the total.
    const [one, two] = fields.body.venues;
    const atOne = await search(parent, { venues: [one!.id], limit: 100 });
    const atTwo = await search(parent, { venues: [two!.id], limit: 100 });
    const atBoth = await search(parent, { venues: [one!.id, two!.id], limit: 100 });
    expect(atOne.body.classes.every((c) => c.VenueID === one!.id) && atTwo.body.classes.every((c) => c.VenueID === two!.id)).toBe(true);
    expect(atBoth.body.total).toBe(atOne.body.total + atTwo.body.total);
    expect(atBoth.body.classes.map((c) => c.ClassID).sort()).toEqual([...atOne.body.classes, ...atTwo.body.classes].map((c) => c.ClassID).sort());
    const past = await search(parent, { limit: 100, page: 50 });
    expect(past.body).toMatchObject({ current_page: 50, total: all.body.total, classes: [] });

    expect((await search(parent, { sort: 'Price' })).status).toBe(400);
    expect((await parent.get('/api/classes/ocr-profiles/2')).body).toMatchObject({ profile: { OCRProfileID: 2, AllowCasualEnrolments: true, registrationImage: null } });
    // N6: the profile's picture for the registration's side panel.
    expect((await parent.get<{ profile: { registrationImage: string } }>('/api/classes/ocr-profiles/1')).body.profile.registrationImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await parent.get('/api/classes/ocr-profiles/99')).status).toBe(404);
  });

  it('the students the classes pages offer are the session client’s, with their age', async () => {
    const res = await parent.get<{ students: { FirstName: string; Age: number | null }[] }>('/api/classes/get-students');
    const names = res.body.students.map((s) => s.FirstName);
    expect(names).toEqual(expect.arrayContaining(['Ella', 'Noah']));
    expect(names).not.toContain('Mia');
    expect(res.body.students[0]!.Age).toBeGreaterThanOrEqual(8);
  });

  it('each student the classes pages offer names the classes it has a term place in', async () => {
    const res = await parent.get<{ students: { FirstName: string; ClassIDs: number[] }[] }>('/api/classes/get-students');
    const classesOf = (name: string) => res.body.students.find((s) => s.FirstName === name)!.ClassIDs;
    expect(classesOf('Ella')).toContain(await classId('Seahorse – Tuesday'));
    expect(classesOf('Noah')).not.toContain(await classId('Seahorse – Tuesday'));
  });

  it('a student’s classes are its term places still running or to come: not one ended, one only held, nor one session', async () => {
    const own = await registerCustomer(t, { email: `classids.${Date.now().toString(36)}@example.com` });
    const kid = await newStudent(t, splash, own.clientId, 'Ivy');
    const [running, ended, held, casual, later] = (await db().selectFrom('classes').select('id').where('company_id', '=', splash).orderBy('id').limit(5).execute()).map((c) => c.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const place = (class_id: number, row: { kind: 'ongoing' | 'casual'; status: string; start_date: string; end_date: string | null; hold_until?: string }) => ({
      company_id: splash,
      class_id,
      student_id: kid,
      created_at: null,
      registration_id: null,
      hold_until: null,
      ...row,
    });
    await db()
      .insertInto('enrolments')
      .values([
        place(running, { kind: 'ongoing', status: 'active', start_date: '2026-01-01', end_date: null }),
        place(ended, { kind: 'ongoing', status: 'active', start_date: '2026-01-01', end_date: '2026-02-01' }),
        place(held, { kind: 'ongoing', status: 'held', start_date: '2026-01-01', end_date: null, hold_until: '2999-01-01T00:00:00.000Z' }),
        place(casual, { kind: 'casual', status: 'active', start_date: '2999-01-01', end_date: '2999-01-01' }),
        place(later, { kind: 'ongoing', status: 'active', start_date: '2999-01-01', end_date: null }),
      ])
      .execute();
    const res = await own.browser.get<{ students: { StudentID: number; ClassIDs: number[] }[] }>('/api/classes/get-students');
    expect(res.body.students.find((s) => s.StudentID === kid)!.ClassIDs.sort((a, b) => a - b)).toEqual([running, later].sort((a, b) => a - b));
  });

  it('F12: enrolled students answer only for the session client; another client_id is a 404', async () => {
    const tue = await classId('Seahorse – Tuesday');
    const own = await parent.post<{ students: { FirstName: string }[] }>('/api/ocr/get-students-enrolled-in-class', { client_id: parentClient, class_id: tue });
    expect(own.body.students.map((s) => s.FirstName)).toEqual(['Ella']);
    const other = await parent.post('/api/ocr/get-students-enrolled-in-class', { client_id: parentClient + 1, class_id: tue });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Ella');
  });

  it('F12: a child whose place is only held by the family’s cart is not "already enrolled"', async () => {
    const tue = await classId('Seahorse – Tuesday');
    const held = await db()
      .insertInto('enrolments')
      .values({
        company_id: splash,
        class_id: tue,
        student_id: await studentId('Noah'),
        start_date: '2026-01-01',
        status: 'held',
        kind: 'ongoing',
        hold_until: '2999-01-01T00:00:00.000Z',
        created_at: null,
        end_date: null,
        registration_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const own = await parent.post<{ students: { FirstName: string }[] }>('/api/ocr/get-students-enrolled-in-class', { client_id: parentClient, class_id: tue });
      expect(own.body.students.map((s) => s.FirstName)).toEqual(['Ella']);
    } finally {
      await db().deleteFrom('enrolments').where('id', '=', held.id).execute();
    }
  });

  it('F11, F13: a class item is checked on the server: twice, full, casual, another family’s student', async () => {
    const ella = await studentId('Ella');
    const noah = await studentId('Noah');
    const mia = await studentId('Mia');
    const tue = await classId('Seahorse – Tuesday');
    const turtle = await classId('Turtle – Saturday');
    const dolphin = await classId('Dolphin – Monday');
    const twice = await parent.post('/api/classes/validate-class-item', { class_id: tue, student_id: ella });
    expect(twice).toMatchObject({ status: 409, body: { message: 'Ella Mitchell is already enrolled in Seahorse – Tuesday.' } });
    const full = await parent.post('/api/classes/validate-class-item', { class_id: turtle, student_id: noah });
    expect(full).toMatchObject({ status: 409, body: { message: classMessages.classFull('Turtle – Saturday') } });
    // Under the holiday profile (which sells casual sessions) Dolphin is no class of its own: casual is refused.
    const notItsProfile = await parent.post('/api/classes/validate-class-item', { class_id: dolphin, student_id: noah, kind: 'casual', ocr_profile_id: 2, dates: [] });
    expect(notItsProfile).toMatchObject({ status: 403, body: { message: classMessages.casualNotAllowed } });
    // A class that names no profile is every profile's (decision 134): Dolphin made so, for the casual checks below.
    await t.runtime.ctx.db.deleteFrom('class_profiles').where('class_id', '=', dolphin).execute();
    const casualOff = await parent.post('/api/classes/validate-class-item', { class_id: dolphin, student_id: noah, kind: 'casual', ocr_profile_id: 1, dates: [] });
    expect(casualOff).toMatchObject({ status: 403, body: { message: classMessages.casualNotAllowed } });
    const ok = await parent.post<{ item: { dates: string[]; unit_price: number } }>('/api/classes/validate-class-item', { class_id: dolphin, student_id: noah });
    expect(ok.status).toBe(200);
    expect(ok.body.item.unit_price).toBe(2250);
    const date = ok.body.item.dates[1]!;
    const casual = await parent.post<{ item: { dates: string[]; unit_price: number } }>('/api/classes/validate-class-item', {
      class_id: dolphin,
      student_id: noah,
      kind: 'casual',
      ocr_profile_id: 2,
      dates: [date],
    });
    expect(casual.body.item).toMatchObject({ dates: [date], unit_price: 2800 });
    const notOffered = await parent.post('/api/classes/validate-class-item', { class_id: dolphin, student_id: noah, kind: 'casual', ocr_profile_id: 2, dates: ['2020-01-01'] });
    expect(notOffered.status).toBe(422);
    expect((await parent.post('/api/classes/validate-class-item', { class_id: dolphin, student_id: mia })).status).toBe(404);
  });

  it('F3: enrolments current, future, past; another family’s student is a 404', async () => {
    const ella = await studentId('Ella');
    const noah = await studentId('Noah');
    const current = await parent.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${ella}&filter=current&page=1&limit=10`);
    // Ella's term places; her make-up, in next week's Thursday class, is still to come.
    const places = current.body.enrollments;
    expect(places.map((e) => e.ClassName).sort()).toEqual(['Seahorse – Saturday', 'Seahorse – Tuesday']);
    expect(places[0]!.next_session).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const hers = await parent.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${ella}&filter=future&page=1&limit=10`);
    const makeup = hers.body.enrollments.find((e) => e.Type === 'temporary')!;
    expect([makeup.ClassName, makeup.StartDate, makeup.EndDate, makeup.next_session]).toEqual(['Seahorse – Thursday', makeup.StartDate, makeup.StartDate, makeup.StartDate]);
    const future = await parent.get<EnrolmentsPage>(`/api/classes/get-student-enrollments?id=${noah}&filter=future`);
    // The holiday intensive is a block of sessions the family bought, not a make-up.
    expect(future.body.enrollments.map((e) => [e.ClassName, e.Type])).toEqual([['Holiday intensive – Starfish', 'ongoing']]);
    expect((await parent.get(`/api/classes/get-student-enrollments?id=${await studentId('Mia')}`)).status).toBe(404);
  });

  it('F4, F5: sessions, reasons, an absence before the cut-off earns a make-up; a second one and another family’s are refused', async () => {
    const ella = await studentId('Ella');
    const sat = await classId('Seahorse – Saturday');
    const sessions = await parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${sat}&student_id=${ella}`);
    const next = sessions.body.sessions.find((s) => s.CanNotifyAbsence)!;
    expect(sessions.body.sessions.some((s) => s.Past && !s.CanNotifyAbsence)).toBe(true);
    const reasons = await parent.get<{ reasons: { id: number; name: string }[]; earns_makeup: boolean }>(`/api/classes/get-absence-reasons?session_id=${next.SessionID}`);
    expect(reasons.body).toMatchObject({
      earns_makeup: true,
      reasons: [
        { id: 1, name: 'Illness' },
        { id: 2, name: 'Holiday' },
        { id: 3, name: 'School event' },
        { id: 4, name: 'Other' },
      ],
    });
    expect((await family.post('/api/classes/notify-absence', { session_id: next.SessionID, student_id: ella, reason_id: 2 })).status).toBe(404);
    expect((await family.get(`/api/classes/get-absence-reasons?session_id=${next.SessionID}`)).status).toBe(404);

    const before = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.length;
    /** Ella's rows of the home's Upcoming Classes on the session's date, over every page: whether each is marked absent. */
    const upcoming = async () => {
      const found: boolean[] = [];
      for (let page = 1, pages = 1; page <= pages; page += 1) {
        const answer = (await parent.get<{ total_pages: number; upcoming_classes: { date: string; student_name: string; absent: boolean }[] }>(`/api/home/get-upcoming-classes?page=${page}`)).body;
        pages = answer.total_pages;
        found.push(...answer.upcoming_classes.filter((u) => u.date.startsWith(next.Date) && u.student_name.startsWith('Ella')).map((u) => u.absent));
      }
      return found;
    };
    const upcomingBefore = await upcoming();
    const res = await parent.post<{ message: string; makeup: { Status: string; MissedDate: string } }>('/api/classes/notify-absence', { session_id: next.SessionID, student_id: ella, reason_id: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: classMessages.absenceSaved, makeup: { Status: 'available', MissedDate: next.Date } });
    const row = await db().selectFrom('absences').select(['reason', 'client_id']).where('company_id', '=', splash).where('session_id', '=', next.SessionID).executeTakeFirstOrThrow();
    expect(row).toEqual({ reason: 'Holiday', client_id: parentClient });
    expect((await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups).toHaveLength(before + 1);
    const after = await parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${sat}&student_id=${ella}`);
    expect(after.body.sessions.find((s) => s.SessionID === next.SessionID)).toMatchObject({ Absent: true, AbsenceReason: 'Holiday', CanNotifyAbsence: false });
    // The home's Upcoming Classes still lists a session the child will miss, marked absent (as the Enrollments page marks it).
    expect(upcomingBefore).toEqual([false]);
    expect(await upcoming()).toEqual([true]);
    const again = await parent.post('/api/classes/notify-absence', { session_id: next.SessionID, student_id: ella, reason_id: 1 });
    expect(again).toMatchObject({ status: 409, body: { message: classMessages.absenceAlready } });
    const past = sessions.body.sessions.find((s) => s.Past && s.Status === 'scheduled')!;
    expect(await parent.post('/api/classes/notify-absence', { session_id: past.SessionID, student_id: ella, reason_id: 1 })).toMatchObject({
      status: 422,
      body: { message: classMessages.absenceTooLate },
    });
  });

  it('F5: a make-up session’s reasons promise no new credit, and its absence earns none', async () => {
    const ella = await studentId('Ella');
    const noah = await studentId('Noah');
    const thursday = await classId('Seahorse – Thursday');
    // The seed books Ella a make-up into next week's Thursday class: ahead of its cut-off whatever the day.
    const madeUp = await db()
      .selectFrom('enrolments')
      .innerJoin('class_sessions as cs', (j) => j.onRef('cs.class_id', '=', 'enrolments.class_id').onRef('cs.date', '=', 'enrolments.start_date'))
      .select('cs.id')
      .where('enrolments.company_id', '=', splash)
      .where('enrolments.class_id', '=', thursday)
      .where('enrolments.student_id', '=', ella)
      .where('enrolments.kind', '=', 'temporary')
      .executeTakeFirstOrThrow();
    const asked = await parent.get<{ earns_makeup: boolean }>(`/api/classes/get-absence-reasons?session_id=${madeUp.id}&student_id=${ella}`);
    expect(asked).toMatchObject({ status: 200, body: { earns_makeup: false } });
    // A child of the family who is not in the session has no reasons to ask for.
    expect((await parent.get(`/api/classes/get-absence-reasons?session_id=${madeUp.id}&student_id=${noah}`)).status).toBe(404);
    const before = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups.length;
    const res = await parent.post('/api/classes/notify-absence', { session_id: madeUp.id, student_id: ella, reason_id: 1 });
    expect(res).toMatchObject({ status: 200, body: { makeup: null } });
    expect((await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups).toHaveLength(before);
  });

  it('F6, F7: switches are enforced by the server', async () => {
    const ella = await studentId('Ella');
    const sat = await classId('Seahorse – Saturday');
    const sessions = await parent.get<ClassSessionsAnswer>(`/api/classes/get-class-sessions?class_id=${sat}&student_id=${ella}`);
    const open = sessions.body.sessions.filter((s) => s.CanNotifyAbsence)[0]!;
    await setSwitch('CanNotifyAbsence', false);
    try {
      expect((await parent.post('/api/classes/notify-absence', { session_id: open.SessionID, student_id: ella, reason_id: 1 })).status).toBe(403);
      expect((await parent.get(`/api/classes/get-absence-reasons?session_id=${open.SessionID}`)).status).toBe(403);
    } finally {
      await setSwitch('CanNotifyAbsence', true);
    }
    await setSwitch('CanTakeMakeups', false);
    try {
      expect((await parent.get('/api/classes/get-makeups')).status).toBe(403);
      expect((await parent.post('/api/classes/book-makeup', { makeup_id: 1, session_id: open.SessionID })).status).toBe(403);
    } finally {
      await setSwitch('CanTakeMakeups', true);
    }
  });

  it('F7, F8: make-ups list, sessions of the same format and level with a place, booking once; another client’s credit is a 404', async () => {
    const makeups = (await parent.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(makeups.some((m) => m.Status === 'used' && m.BookedClass === 'Seahorse – Thursday')).toBe(true);
    const credit = makeups.find((m) => m.Status === 'available' && m.StudentName === 'Noah Mitchell')!;
    expect(credit.LessonFormat).toBe('Group lesson (30 min)');
    expect((await family.get(`/api/classes/get-makeup-sessions?makeup_id=${credit.MakeupID}`)).status).toBe(404);
    const sessions = (await parent.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.MakeupID}`)).body.sessions;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.PlacesLeft > 0)).toBe(true);
    expect(sessions.some((s) => s.ClassName.startsWith('Junior squad'))).toBe(false);
    // Noah is a Starfish: his make-up is in a Starfish class (decision 076).
    expect(sessions.some((s) => s.ClassName.startsWith('Dolphin'))).toBe(false);
    const target = sessions.find((s) => s.ClassName === 'Starfish – Sunday')!;
    expect((await family.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: target.SessionID })).status).toBe(404);
    const booked = await parent.post<{ makeup: { Status: string; BookedDate: string } }>('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: target.SessionID });
    expect(booked.status).toBe(200);
    expect(booked.body.makeup).toMatchObject({ Status: 'used', BookedDate: target.Date });
    expect(await parent.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: target.SessionID })).toMatchObject({ status: 409, body: { message: classMessages.makeupUsed } });
    const squad = await db()
      .selectFrom('class_sessions')
      .select('id')
      .where('company_id', '=', splash)
      .where('class_id', '=', await classId('Junior squad – Thursday'))
      .where('date', '>', target.Date)
      .executeTakeFirstOrThrow();
    const other = makeups.find((m) => m.Status === 'available' && m.MakeupID !== credit.MakeupID)!;
    expect(await parent.post('/api/classes/book-makeup', { makeup_id: other.MakeupID, session_id: squad.id })).toMatchObject({ status: 422, body: { message: classMessages.makeupFormat } });
  });

  it('capacity: 20 concurrent make-up bookings for the last place, exactly one succeeds', async () => {
    const fri = await classId('Shark – Friday');
    const session = await db()
      .selectFrom('class_sessions')
      .select(['id', 'date'])
      .where('company_id', '=', splash)
      .where('class_id', '=', fri)
      .where('date', '>', new Date().toISOString().slice(0, 10))
      .orderBy('date')
      .limit(1)
      .offset(1)
      .executeTakeFirstOrThrow();
    await db().updateTable('classes').set({ capacity: 1 }).where('company_id', '=', splash).where('id', '=', fri).execute();
    const format = (await db().selectFrom('classes').select('lesson_format_id').where('id', '=', fri).executeTakeFirstOrThrow()).lesson_format_id;
    const now = new Date().toISOString();
    const credits: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = await db()
        .insertInto('students')
        .values({ company_id: splash, client_id: parentClient, first_name: `Racer${i}`, last_name: 'Mitchell', dob: null, gender: '', standard: 'Shark', profile_picture: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const c = await db()
        .insertInto('makeup_credits')
        .values({ company_id: splash, client_id: parentClient, student_id: s.id, absence_id: null, lesson_format_id: format, expires_on: '2999-01-01', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      credits.push(c.id);
    }
    const answers = await Promise.all(credits.map((id) => parent.post('/api/classes/book-makeup', { makeup_id: id, session_id: session.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === classMessages.sessionFull)).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const rows = await db().selectFrom('enrolments').select('id').where('company_id', '=', splash).where('class_id', '=', fri).where('start_date', '=', session.date).execute();
    expect(rows).toHaveLength(1);
    const used = await db().selectFrom('makeup_credits').select('id').where('id', 'in', credits).where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);
  });

  it('waitlist: join a full class, see the position; a freed place is offered by the minute’s sweep, then passes on', async () => {
    const turtle = await classId('Turtle – Saturday');
    const noah = await studentId('Noah');
    const dolphin = await classId('Dolphin – Monday');
    expect(await parent.post('/api/classes/join-waitlist', { class_id: dolphin, student_id: noah })).toMatchObject({ status: 409, body: { message: classMessages.waitlistNotFull } });
    const joined = await parent.post<WaitlistAnswer>('/api/classes/join-waitlist', { class_id: turtle, student_id: noah });
    expect(joined.body.entries).toMatchObject([{ ClassID: turtle, StudentName: 'Noah Mitchell', Position: 2, Status: 'waiting' }]);
    expect((await parent.post('/api/classes/join-waitlist', { class_id: turtle, student_id: noah })).status).toBe(409);

    const leo = await studentId('Leo');
    await db().updateTable('enrolments').set({ end_date: '2000-01-01' }).where('company_id', '=', splash).where('class_id', '=', turtle).where('student_id', '=', leo).execute();
    await runMinuteJobs(t.runtime.ctx);
    const offered = await db().selectFrom('waitlist_entries').select(['status', 'client_id', 'student_id']).where('company_id', '=', splash).where('class_id', '=', turtle).orderBy('id').execute();
    expect(offered.map((o) => o.status)).toEqual(['offered', 'waiting']);
    const note = await db()
      .selectFrom('notification_contacts as nc')
      .innerJoin('notifications as n', 'n.id', 'nc.notification_id')
      .select(['n.title', 'n.tag_data', 'n.content'])
      .where('nc.client_id', '=', offered[0]!.client_id)
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note.title).toBe('A place is free in Turtle – Saturday');
    // It names the child the place is held for (a family may have several on waitlists).
    const child = await db().selectFrom('students').select('first_name').where('id', '=', offered[0]!.student_id).executeTakeFirstOrThrow();
    expect(note.content).toContain(`A place in Turtle – Saturday is held for ${child.first_name} for`);
    // The offer it is about, so the portal links to it (decision 079).
    expect(JSON.parse(note.tag_data ?? 'null')).toEqual({ kind: 'waitlist_offer', class_id: turtle, waitlist_id: expect.any(Number) });
    // Held for the first family: still full to others.
    expect((await parent.post('/api/classes/validate-class-item', { class_id: turtle, student_id: noah })).status).toBe(409);
    // The hold lapses: the next family is offered the place.
    await runMinuteJobs(t.runtime.ctx, new Date(Date.now() + 25 * 3_600_000));
    const mine = await parent.get<WaitlistAnswer>('/api/classes/get-waitlist');
    expect(mine.body.entries).toMatchObject([{ Position: 1, Status: 'offered' }]);
    expect((await parent.post('/api/classes/validate-class-item', { class_id: turtle, student_id: noah })).status).toBe(200);
  });

  it('calendar feed: a secret URL with each session at its instant, revocable', async () => {
    expect((await parent.get('/api/classes/calendar-feed')).body).toEqual({ active: false, created_at: null });
    const made = await parent.post<{ url: string }>('/api/classes/calendar-feed');
    expect(made.status).toBe(200);
    const path = new URL(made.body.url).pathname;
    const anon = new Browser(t.server);
    const ics = await anon.get<string>(path);
    expect(ics.status).toBe(200);
    expect(String(ics.headers['content-type'])).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain('Ella: Seahorse – Saturday');
    // Each session at its instant (in UTC, which every calendar shows in its own zone): the class's
    // 09:30 in Sydney, not 09:30 UTC written as Sydney's (a Saturday 09:30 class read Friday 10:30 PM).
    const event = ics.body.split('BEGIN:VEVENT').find((e) => e.includes('Ella: Seahorse – Saturday'))!;
    const start = /DTSTART[^:]*:(\d{8}T\d{6}Z)/.exec(event)?.[1];
    expect(start, event).toBeDefined();
    const instant = new Date(start!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const wall = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      instant,
    );
    const sessions = await db()
      .selectFrom('class_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.date', 's.start_time'])
      .where('c.company_id', '=', splash)
      .where('c.name', '=', 'Seahorse – Saturday')
      .execute();
    expect(sessions.map((x) => `${x.date}, ${x.start_time.slice(0, 5)}`)).toContain(wall);
    expect(ics.body).toContain('absent');
    const rows = await db().selectFrom('calendar_feeds').select('token_hash').where('client_id', '=', parentClient).execute();
    expect(rows.some((r) => path.includes(r.token_hash))).toBe(false);
    expect((await parent.call('DELETE', '/api/classes/calendar-feed')).status).toBe(200);
    expect((await anon.get(path)).status).toBe(404);
    expect((await anon.get('/api/classes/calendar/not-a-token.ics')).status).toBe(404);
  });
});
