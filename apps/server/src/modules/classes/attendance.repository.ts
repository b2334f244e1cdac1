import type { Db } from '../../db/database.ts';
import { placesIn } from './classes.repository.ts';

// Sessions, absences and make-up credits.

/** Who is in one session: ongoing enrolments covering it less their absences, plus one-session enrolments. */
export async function sessionOccupancy(db: Db, companyId: number, classId: number, date: string, now: string, sessionId: number, countTemporary: boolean, exceptRegistration?: number) {
  const [ongoing, absent, single] = await Promise.all([
    placesIn(db, companyId, [classId], now, exceptRegistration)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'ongoing')
      .where('start_date', '<=', date)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', date)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('absences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow(),
    placesIn(db, companyId, [classId], now, exceptRegistration)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', 'in', countTemporary ? ['casual', 'temporary'] : ['casual'])
      .where('start_date', '=', date)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(ongoing.n) - Number(absent.n) + Number(single.n);
}

export function findSessionsOfClass(db: Db, companyId: number, classId: number) {
  return db.selectFrom('class_sessions').select(['id', 'date', 'start_time', 'status']).where('company_id', '=', companyId).where('class_id', '=', classId).orderBy('date').execute();
}

export function findAbsencesOfStudent(db: Db, companyId: number, studentId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('absences as a')
      // The credit it earned, if booked: withdrawing waits until that make-up is cancelled (decision 142).
      .leftJoin('makeup_credits as m', (j) => j.onRef('m.absence_id', '=', 'a.id').on('m.company_id', '=', companyId))
      .select(['a.id', 'a.session_id', 'a.reason', 'm.used_at as credit_used_at'])
      .where('a.company_id', '=', companyId)
      .where('a.student_id', '=', studentId)
      .where('a.session_id', 'in', sessionIds)
      .execute()
  );
}

export async function insertAbsence(db: Db, row: { company_id: number; session_id: number; student_id: number; client_id: number; reason: string; notified_at: string }) {
  const inserted = await db
    .insertInto('absences')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'session_id', 'student_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

export async function insertMakeupCredit(
  db: Db,
  row: { company_id: number; client_id: number; student_id: number; absence_id: number | null; lesson_format_id: number | null; expires_on: string; created_at: string },
) {
  const inserted = await db.insertInto('makeup_credits').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

function makeupQuery(db: Db, companyId: number, clientId: number) {
  return (
    db
      .selectFrom('makeup_credits as m')
      .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'm.student_id').on('st.company_id', '=', companyId))
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'm.lesson_format_id').on('lf.company_id', '=', companyId))
      .leftJoin('absences as a', (j) => j.onRef('a.id', '=', 'm.absence_id').on('a.company_id', '=', companyId))
      .leftJoin('class_sessions as ms', (j) => j.onRef('ms.id', '=', 'a.session_id').on('ms.company_id', '=', companyId))
      .leftJoin('classes as mc', (j) => j.onRef('mc.id', '=', 'ms.class_id').on('mc.company_id', '=', companyId))
      .leftJoin('enrolments as be', (j) => j.onRef('be.id', '=', 'm.used_enrolment_id').on('be.company_id', '=', companyId))
      // The make-up's session (a class has one session a day): its cut-off, and the absence notified for it.
      .leftJoin('class_sessions as bs', (j) => j.onRef('bs.class_id', '=', 'be.class_id').onRef('bs.date', '=', 'be.start_date').on('bs.company_id', '=', companyId))
      .leftJoin('classes as bc', (j) => j.onRef('bc.id', '=', 'be.class_id').on('bc.company_id', '=', companyId))
      .select([
        'm.id',
        'm.student_id',
        'st.first_name',
        'st.last_name',
        'st.standard as student_level',
        'mc.standard as missed_level',
        'm.lesson_format_id',
        'lf.name as lesson_format',
        'ms.date as missed_date',
        'mc.name as missed_class',
        'm.expires_on',
        'm.used_at',
        'm.used_enrolment_id',
        'be.class_id as booked_class_id',
        'be.start_date as booked_date',
        'bc.name as booked_class',
        'bs.id as booked_session_id',
        'bs.start_time as booked_time',
        // An absence notified for the make-up session itself: the credit was used, and the child will not be there.
        (eb) =>
          eb
            .selectFrom('absences as ba')
            .select('ba.reason')
            .where('ba.company_id', '=', companyId)
            .whereRef('ba.student_id', '=', 'm.student_id')
            .whereRef('ba.session_id', '=', 'bs.id')
            .limit(1)
            .as('booked_absence'),
      ])
      .where('m.company_id', '=', companyId)
      .where('m.client_id', '=', clientId)
  );
}
export type MakeupRow = Awaited<ReturnType<ReturnType<typeof makeupQuery>['execute']>>[number];

export function findMakeups(db: Db, companyId: number, clientId: number) {
  return makeupQuery(db, companyId, clientId).orderBy('m.used_at', 'desc').orderBy('m.expires_on').orderBy('m.id').execute();
}

export function findMakeup(db: Db, companyId: number, clientId: number, makeupId: number) {
  return makeupQuery(db, companyId, clientId).where('m.id', '=', makeupId).executeTakeFirst();
}

/** Marks a credit used, once: false when another booking took it first. */
export async function useMakeupCredit(db: Db, companyId: number, clientId: number, makeupId: number, enrolmentId: number, now: string, today: string): Promise<boolean> {
  const res = await db
    .updateTable('makeup_credits')
    .set({ used_at: now, used_enrolment_id: enrolmentId })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', makeupId)
    .where('used_at', 'is', null)
    .where('expires_on', '>=', today)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Scheduled sessions from `fromDate` (through `toDate`) of classes of one lesson format; with a
 * level, only of classes of that level or of none.
 */
export function findSessionsOfFormat(db: Db, companyId: number, lessonFormatId: number | null, fromDate: string, toDate: string, level: string | null) {
  return db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 's.class_id').on('c.company_id', '=', companyId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
    .select(['s.id', 's.class_id', 's.date', 's.start_time', 'c.name', 'v.name as venue', 'c.duration_minutes', 'c.capacity'])
    .where('s.company_id', '=', companyId)
    .where('s.status', '=', 'scheduled')
    .where('s.date', '>=', fromDate)
    .where('s.date', '<=', toDate)
    .where((eb) => (lessonFormatId === null ? eb('c.lesson_format_id', 'is', null) : eb('c.lesson_format_id', '=', lessonFormatId)))
    .$if(level !== null, (q) => q.where('c.standard', 'in', ['', level ?? '']))
    .orderBy('s.date')
    .orderBy('s.start_time')
    .orderBy('s.id')
    .limit(200)
    .execute();
}

/** The student's enrolments that hold a place now in some classes (their sessions are not make-up places for them). */
export function findStudentPlacesInClasses(db: Db, companyId: number, classIds: number[], studentId: number, now: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return placesIn(db, companyId, classIds, now).select(['class_id', 'start_date', 'end_date']).where('student_id', '=', studentId).execute();
}

/** Per session: ongoing covering it, absences in it, one-session enrolments in it (for many sessions at once). */
export async function occupancyOfSessions(db: Db, companyId: number, sessions: { id: number; class_id: number; date: string }[], now: string) {
  if (sessions.length === 0) return new Map<number, number>();
  const classIds = [...new Set(sessions.map((s) => s.class_id))];
  const dates = sessions.map((s) => s.date);
  const minDate = dates.reduce((a, b) => (a < b ? a : b));
  const [ongoing, absences, singles] = await Promise.all([
    placesIn(db, companyId, classIds, now)
      .select(['class_id', 'start_date', 'end_date'])
      .where('kind', '=', 'ongoing')
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', minDate)]))
      .execute(),
    db
      .selectFrom('absences')
      .select(['session_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', companyId)
      .where(
        'session_id',
        'in',
        sessions.map((s) => s.id),
      )
      .groupBy('session_id')
      .execute(),
    placesIn(db, companyId, classIds, now)
      .select(['class_id', 'start_date', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', 'in', ['casual', 'temporary'])
      .where('start_date', '>=', minDate)
      .groupBy(['class_id', 'start_date'])
      .execute(),
  ]);
  const absent = new Map(absences.map((a) => [a.session_id, Number(a.n)]));
  const single = new Map(singles.map((s) => [`${s.class_id}|${s.start_date}`, Number(s.n)]));
  const result = new Map<number, number>();
  for (const s of sessions) {
    const on = ongoing.filter((e) => e.class_id === s.class_id && e.start_date <= s.date && (e.end_date === null || e.end_date >= s.date)).length;
    result.set(s.id, on - (absent.get(s.id) ?? 0) + (single.get(`${s.class_id}|${s.date}`) ?? 0));
  }
  return result;
}

export async function markMakeupUsed(db: Db, companyId: number, creditId: number, enrolmentId: number, now: string) {
  await db.updateTable('makeup_credits').set({ used_at: now, used_enrolment_id: enrolmentId }).where('company_id', '=', companyId).where('id', '=', creditId).execute();
}

/**
 * The make-ups a student booked into a class on `fromDate` or later, cancelled and their credits
 * given back: an ongoing place in that class from that date covers those sessions (a class change).
 * Answers the dates given back.
 */
export async function giveBackMakeupsInClass(db: Db, companyId: number, classId: number, studentId: number, fromDate: string): Promise<string[]> {
  return giveBackMakeupsCoveredBy(db, companyId, [{ classId, studentId, startDate: fromDate }]);
}

/**
 * The same for several term places at once (a checkout's), in one statement when none had a
 * make-up booked and two when some had. Answers the dates given back.
 */
export async function giveBackMakeupsCoveredBy(db: Db, companyId: number, places: readonly { classId: number; studentId: number; startDate: string }[]): Promise<string[]> {
  if (places.length === 0) return [];
  const cancelled = await db
    .updateTable('enrolments')
    .set({ status: 'cancelled' })
    .where('company_id', '=', companyId)
    .where('kind', '=', 'temporary')
    .where('status', '=', 'temporary')
    .where((eb) => eb.or(places.map((p) => eb.and([eb('class_id', '=', p.classId), eb('student_id', '=', p.studentId), eb('start_date', '>=', p.startDate)]))))
    .returning(['id', 'start_date'])
    .execute();
  if (cancelled.length === 0) return [];
  await db
    .updateTable('makeup_credits')
    .set({ used_at: null, used_enrolment_id: null })
    .where('company_id', '=', companyId)
    .where(
      'used_enrolment_id',
      'in',
      cancelled.map((e) => e.id),
    )
    .execute();
  return cancelled.map((e) => e.start_date).sort();
}

// Withdrawing an absence and cancelling a make-up (decision 142).

/** The absence notified for a student in a session, with the credit it earned (if any) and that credit's booking. */
export function findAbsenceWithCredit(db: Db, companyId: number, sessionId: number, studentId: number) {
  return db
    .selectFrom('absences as a')
    .leftJoin('makeup_credits as m', (j) => j.onRef('m.absence_id', '=', 'a.id').on('m.company_id', '=', companyId))
    .leftJoin('enrolments as be', (j) => j.onRef('be.id', '=', 'm.used_enrolment_id').on('be.company_id', '=', companyId))
    .select(['a.id', 'm.id as credit_id', 'm.used_at', 'be.start_date as booked_date'])
    .where('a.company_id', '=', companyId)
    .where('a.session_id', '=', sessionId)
    .where('a.student_id', '=', studentId)
    .executeTakeFirst();
}

/**
 * Removes an absence and the unused credit it earned; false, removing nothing, when that credit was
 * booked meanwhile (the credit's row is deleted first: a booking of it waits for this, or this finds it used).
 */
export async function deleteAbsence(db: Db, companyId: number, absenceId: number, creditId: number | null): Promise<boolean> {
  if (creditId !== null) {
    const gone = await db.deleteFrom('makeup_credits').where('company_id', '=', companyId).where('id', '=', creditId).where('used_at', 'is', null).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return false;
  }
  await db.deleteFrom('absences').where('company_id', '=', companyId).where('id', '=', absenceId).execute();
  return true;
}

/**
 * Gives a booked credit back, once: its make-up place cancelled and any absence notified for that
 * session removed with it (it gave up a place that is no longer held). False when it was given back already.
 */
export async function releaseMakeupCredit(db: Db, companyId: number, clientId: number, makeup: { id: number; student_id: number; used_enrolment_id: number; booked_session_id: number | null }) {
  const res = await db
    .updateTable('makeup_credits')
    .set({ used_at: null, used_enrolment_id: null })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', makeup.id)
    .where('used_enrolment_id', '=', makeup.used_enrolment_id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.updateTable('enrolments').set({ status: 'cancelled' }).where('company_id', '=', companyId).where('id', '=', makeup.used_enrolment_id).where('status', '=', 'temporary').execute();
  if (makeup.booked_session_id !== null) {
    await db.deleteFrom('absences').where('company_id', '=', companyId).where('session_id', '=', makeup.booked_session_id).where('student_id', '=', makeup.student_id).execute();
  }
  return true;
}
