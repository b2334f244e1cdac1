import { classMessages as msg, undoMessages as undo, type Makeup } from '@portal/shared/class-schemas';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import { recordActivity } from '../activity/activity.api.ts';
import { formatDate } from '@portal/shared/date-time-text';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays } from '../../lib/time.ts';
import { clock, sessionStart, type Clock } from './class-time.ts';
import { notFound, refuse } from './class-rules.ts';
import * as repo from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';
import * as calendarRepo from './calendar.repository.ts';

// Sessions and absences (absences for a company that takes them online: the endpoints' CanNotifyAbsence switch).

function absenceCutoff(company: Company, date: string, time: string) {
  return new Date(sessionStart(company, date, time).getTime() - company.settings.classes_setup.AbsenceCutoffHours * 3_600_000);
}

export async function studentSessions(ctx: Ctx, company: Company, clientId: number, classId: number, studentId: number) {
  const cls = await repo.findClass(ctx.db, company.id, classId);
  const enrolments = await enrolmentsRepo.findEnrolmentsOfStudentInClass(ctx.db, company.id, clientId, classId, studentId);
  if (!cls || enrolments.length === 0) throw notFound();
  const covered = (date: string) => enrolments.some((e) => e.start_date <= date && (e.end_date === null || e.end_date >= date));
  const sessions = (await attendanceRepo.findSessionsOfClass(ctx.db, company.id, classId)).filter((s) => covered(s.date));
  const absences = new Map(
    (
      await attendanceRepo.findAbsencesOfStudent(
        ctx.db,
        company.id,
        studentId,
        sessions.map((s) => s.id),
      )
    ).map((a) => [a.session_id, a]),
  );
  const at = ctx.clock.now();
  return {
    class_name: cls.name,
    sessions: sessions.map((s) => {
      const absence = absences.get(s.id);
      const past = sessionStart(company, s.date, s.start_time) <= at;
      return {
        SessionID: s.id,
        Date: s.date,
        Time: s.start_time,
        Status: s.status === 'cancelled' ? ('cancelled' as const) : ('scheduled' as const),
        Absent: absence !== undefined,
        AbsenceReason: absence?.reason ?? null,
        CanNotifyAbsence: company.settings.switches.CanNotifyAbsence && s.status === 'scheduled' && !absence && absenceCutoff(company, s.date, s.start_time) > at,
        CanWithdrawAbsence: company.settings.switches.CanNotifyAbsence && s.status === 'scheduled' && !!absence && absence.credit_used_at === null && absenceCutoff(company, s.date, s.start_time) > at,
        MakeupBooked: !!absence && absence.credit_used_at !== null,
        Past: past,
      };
    }),
  };
}

function earnsMakeup(company: Company) {
  return company.settings.switches.CanTakeMakeups && company.settings.classes_setup.AbsenceEarnsMakeup;
}

export async function absenceReasons(ctx: Ctx, company: Company, clientId: number, query: { session_id: number; student_id?: number | undefined }) {
  const session = await repo.findSession(ctx.db, company.id, query.session_id);
  if (!session) throw notFound();
  // The session must be one of this client's students' (else it is another family's business), the child named's when one is.
  const mine = (await clientStudentsInSession(ctx.db, company, clientId, session)).filter((r) => r.session_id === session.id && (query.student_id === undefined || r.student_id === query.student_id));
  if (mine.length === 0) throw notFound();
  return {
    reasons: company.settings.classes_setup.AbsenceReasons.map((name, i) => ({ id: i + 1, name })),
    cutoff: absenceCutoff(company, session.date, session.start_time).toISOString(),
    // A make-up missed in turn earns nothing (as notifyAbsence decides).
    earns_makeup: earnsMakeup(company) && mine.some((r) => r.kind !== 'temporary'),
  };
}

async function clientStudentsInSession(db: Db, company: Company, clientId: number, session: { class_id: number; date: string }) {
  return (await calendarRepo.findClientSessionsFrom(db, company.id, clientId, session.date, session.date)).filter((r) => r.date === session.date);
}

/**
 * The level a credit's sessions must be of (decision 076): the student's as the school set it,
 * else the missed class's; null when the company lets make-ups be booked at any level.
 */
function makeupLevel(company: Company, row: attendanceRepo.MakeupRow): string | null {
  if (company.settings.classes_setup.MakeupLevels === 'AnyLevel') return null;
  return row.student_level || row.missed_level || '';
}

/** A class of no level is open to every level. */
const levelAllows = (level: string | null, classLevel: string) => level === null || classLevel === '' || classLevel === level;

function toMakeup(company: Company, row: attendanceRepo.MakeupRow, c: Clock): Makeup {
  const today = c.today;
  return {
    MakeupID: row.id,
    StudentID: row.student_id,
    StudentName: `${row.first_name} ${row.last_name}`,
    LessonFormatID: row.lesson_format_id,
    LessonFormat: row.lesson_format ?? '',
    MissedDate: row.missed_date,
    MissedClass: row.missed_class ?? '',
    ExpiresOn: row.expires_on,
    Status: row.used_at ? 'used' : row.expires_on < today ? 'expired' : 'available',
    BookedDate: row.booked_date,
    BookedClass: row.booked_class,
    BookedAbsence: row.booked_absence ?? null,
    Level: makeupLevel(company, row),
    CanCancel:
      company.settings.switches.CanTakeMakeups &&
      row.used_enrolment_id !== null &&
      row.booked_date !== null &&
      row.booked_time !== null &&
      absenceCutoff(company, row.booked_date, row.booked_time) > c.at,
  };
}

export async function notifyAbsence(ctx: Ctx, company: Company, clientId: number, input: { session_id: number; student_id: number; reason_id: number }) {
  const session = await repo.findSession(ctx.db, company.id, input.session_id);
  if (!session) throw notFound();
  const inSession = (await clientStudentsInSession(ctx.db, company, clientId, session)).find((r) => r.student_id === input.student_id && r.session_id === session.id);
  if (!inSession) throw notFound();
  if (session.status !== 'scheduled') throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
  const reasons = company.settings.classes_setup.AbsenceReasons;
  const reason = reasons[input.reason_id - 1];
  if (!reason) throw new AppError(400, 'VALIDATION', 'Choose a reason', [{ field: 'reason_id', message: 'Choose a reason' }]);
  const at = ctx.clock.now();
  if (absenceCutoff(company, session.date, session.start_time) <= at) throw refuse(422, 'TOO_LATE', msg.absenceTooLate);
  const c = clock(company, at);
  const makeupId = await ctx.transaction(async (tx) => {
    // A make-up place the family may be cancelling at this moment (decision 142): checked again under the class's lock that cancelling takes.
    if (inSession.kind === 'temporary') {
      await repo.lockClass(tx.db, company.id, session.class_id);
      if (!(await clientStudentsInSession(tx.db, company, clientId, session)).some((r) => r.student_id === input.student_id && r.session_id === session.id)) throw notFound();
    }
    const absenceId = await attendanceRepo.insertAbsence(tx.db, { company_id: company.id, session_id: session.id, student_id: input.student_id, client_id: clientId, reason, notified_at: c.now });
    if (absenceId === null) throw refuse(409, 'ALREADY_ABSENT', msg.absenceAlready);
    const student = await repo.findClientStudent(tx.db, company.id, clientId, input.student_id);
    await recordActivity(tx, {
      companyId: company.id,
      clientId,
      kind: 'absence',
      summary: `${student?.first_name ?? 'A student'} absent from ${session.class_name} on ${formatDate(session.date, company.settings.localization.DateFormat)}: ${reason}`,
    });
    // A make-up only for a place the student really gives up (not a make-up missed in turn).
    if (!earnsMakeup(company) || inSession.kind === 'temporary') return null;
    return attendanceRepo.insertMakeupCredit(tx.db, {
      company_id: company.id,
      client_id: clientId,
      student_id: input.student_id,
      absence_id: absenceId,
      lesson_format_id: session.lesson_format_id,
      expires_on: addDays(session.date, company.settings.classes_setup.MakeupExpiryDays),
      created_at: c.now,
    });
  });
  // The place given up may be what the first family on the waitlist is waiting for: not so, an
  // absence frees one session, not the class; the waitlist is for ongoing places.
  const makeup = makeupId === null ? null : await attendanceRepo.findMakeup(ctx.db, company.id, clientId, makeupId);
  return { success: true as const, message: msg.absenceSaved, makeup: makeup ? toMakeup(company, makeup, c) : null };
}

// Make-ups, for a company that takes them (the endpoints' CanTakeMakeups switch).

export async function listMakeups(ctx: Ctx, company: Company, clientId: number) {
  const c = clock(company, ctx.clock.now());
  const order = { available: 0, used: 1, expired: 2 } as const;
  // Usable credits first, soonest to expire first; then booked, then expired.
  return (await attendanceRepo.findMakeups(ctx.db, company.id, clientId))
    .map((r) => toMakeup(company, r, c))
    .sort((a, b) => order[a.Status] - order[b.Status] || a.ExpiresOn.localeCompare(b.ExpiresOn) || a.MakeupID - b.MakeupID);
}

async function usableMakeup(db: Db, company: Company, clientId: number, makeupId: number, c: Clock) {
  const makeup = await attendanceRepo.findMakeup(db, company.id, clientId, makeupId);
  if (!makeup) throw notFound();
  if (makeup.used_at) throw refuse(409, 'MAKEUP_USED', msg.makeupUsed);
  if (makeup.expires_on < c.today) throw refuse(422, 'MAKEUP_EXPIRED', msg.makeupExpired);
  return makeup;
}

/**
 * Sessions of the credit's lesson format and level, from now until it expires, with a free
 * place, and not of a class the student already has a place in on that day.
 */
export async function makeupSessions(ctx: Ctx, company: Company, clientId: number, makeupId: number) {
  const c = clock(company, ctx.clock.now());
  const makeup = await usableMakeup(ctx.db, company, clientId, makeupId, c);
  const found = (await attendanceRepo.findSessionsOfFormat(ctx.db, company.id, makeup.lesson_format_id, c.today, makeup.expires_on, makeupLevel(company, makeup))).filter(
    (s) => sessionStart(company, s.date, s.start_time) > c.at,
  );
  const places = await attendanceRepo.findStudentPlacesInClasses(ctx.db, company.id, [...new Set(found.map((s) => s.class_id))], makeup.student_id, c.now);
  const sessions = found.filter((s) => !places.some((p) => p.class_id === s.class_id && p.start_date <= s.date && (p.end_date === null || p.end_date >= s.date)));
  const taken = await attendanceRepo.occupancyOfSessions(ctx.db, company.id, sessions, c.now);
  return sessions
    .map((s) => ({
      SessionID: s.id,
      ClassID: s.class_id,
      ClassName: s.name,
      Venue: s.venue ?? '',
      Date: s.date,
      Time: s.start_time,
      Duration: s.duration_minutes,
      PlacesLeft: s.capacity - (taken.get(s.id) ?? 0),
    }))
    .filter((s) => s.PlacesLeft > 0);
}

/**
 * Books a credit into a session in one transaction under the class's lock: the credit is the
 * client's, unused and unexpired, the session is of its lesson format and level, still to come,
 * has a free place, and the student is not in it already.
 */
export async function bookMakeup(ctx: Ctx, company: Company, clientId: number, input: { makeup_id: number; session_id: number }) {
  const c = clock(company, ctx.clock.now());
  await ctx.transaction(async (tx) => {
    const session = await repo.findSession(tx.db, company.id, input.session_id);
    if (!session) throw notFound();
    const place = await repo.lockClass(tx.db, company.id, session.class_id);
    if (!place) throw notFound();
    const makeup = await usableMakeup(tx.db, company, clientId, input.makeup_id, c);
    if (session.lesson_format_id !== makeup.lesson_format_id) throw refuse(422, 'MAKEUP_FORMAT', msg.makeupFormat);
    if (!levelAllows(makeupLevel(company, makeup), session.standard)) throw refuse(422, 'MAKEUP_LEVEL', msg.makeupLevel);
    if (session.status !== 'scheduled' || sessionStart(company, session.date, session.start_time) <= c.at) throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
    if (session.date > makeup.expires_on) throw refuse(422, 'MAKEUP_EXPIRED', msg.makeupExpired);
    const already = await repo.findStudentEnrolmentsInClass(tx.db, company.id, session.class_id, makeup.student_id, c.now);
    if (already.some((e) => e.start_date <= session.date && (e.end_date === null || e.end_date >= session.date))) throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled());
    const taken = await attendanceRepo.sessionOccupancy(tx.db, company.id, session.class_id, session.date, c.now, session.id, true);
    if (taken >= session.capacity) throw refuse(409, 'SESSION_FULL', msg.sessionFull);
    const enrolmentId = await repo.insertEnrolment(tx.db, place, {
      student_id: makeup.student_id,
      kind: 'temporary',
      start_date: session.date,
      end_date: session.date,
      status: 'temporary',
      hold_until: null,
      created_at: c.now,
    });
    if (!(await attendanceRepo.useMakeupCredit(tx.db, company.id, clientId, makeup.id, enrolmentId, c.now, c.today))) throw refuse(409, 'MAKEUP_USED', msg.makeupUsed);
    const student = await repo.findClientStudent(tx.db, company.id, clientId, makeup.student_id);
    await recordActivity(tx, {
      companyId: company.id,
      clientId,
      kind: 'makeup',
      summary: `Booked ${student?.first_name ?? 'a student'} a make-up in ${session.class_name} on ${formatDate(session.date, company.settings.localization.DateFormat)}`,
    });
  });
  const makeup = await attendanceRepo.findMakeup(ctx.db, company.id, clientId, input.makeup_id);
  return { success: true as const, message: msg.makeupBooked, makeup: toMakeup(company, makeup!, c) };
}

/**
 * Withdraws an absence before its cut-off (decision 142): the child comes after all. Under the
 * class's lock, as a make-up booked into the place the absence gave up takes it: refused when that
 * place was taken since, or while the credit the absence earned is booked; an unused credit goes
 * with it. No absence to withdraw (a retry, another tab) answers as a withdrawal did.
 */
export async function withdrawAbsence(ctx: Ctx, company: Company, clientId: number, input: { session_id: number; student_id: number }) {
  const session = await repo.findSession(ctx.db, company.id, input.session_id);
  const student = await repo.findClientStudent(ctx.db, company.id, clientId, input.student_id);
  if (!session || !student) throw notFound();
  const c = clock(company, ctx.clock.now());
  if (session.status !== 'scheduled') throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
  if (absenceCutoff(company, session.date, session.start_time) <= c.at) throw refuse(422, 'TOO_LATE', undo.withdrawTooLate);
  const dateFormat = company.settings.localization.DateFormat;
  const booked = async (db: Db) => {
    const found = await attendanceRepo.findAbsenceWithCredit(db, company.id, session.id, student.id);
    return refuse(409, 'MAKEUP_USED', undo.absenceMakeupBooked(formatDate(found?.booked_date ?? '', dateFormat)));
  };
  await ctx.transaction(async (tx) => {
    if (!(await repo.lockClass(tx.db, company.id, session.class_id))) throw notFound();
    const absence = await attendanceRepo.findAbsenceWithCredit(tx.db, company.id, session.id, student.id);
    if (!absence) return;
    if (absence.used_at !== null) throw await booked(tx.db);
    // Who is in the session without this child: the child's place back must fit.
    if ((await attendanceRepo.sessionOccupancy(tx.db, company.id, session.class_id, session.date, c.now, session.id, true)) >= session.capacity) {
      throw refuse(409, 'SESSION_FULL', undo.absencePlaceTaken);
    }
    // Its credit booked into another class meanwhile (that class's lock, not this one's).
    if (!(await attendanceRepo.deleteAbsence(tx.db, company.id, absence.id, absence.credit_id))) throw await booked(tx.db);
    await recordActivity(tx, {
      companyId: company.id,
      clientId,
      kind: 'absence',
      summary: `Withdrew ${student.first_name}'s absence from ${session.class_name} on ${formatDate(session.date, dateFormat)}`,
    });
  });
  return { success: true as const, message: undo.absenceWithdrawn };
}

/**
 * Cancels a booked make-up before its cut-off (decision 142): the place is given up and the
 * credit can be booked again until it expires. A credit not booked (a retry, another tab) answers
 * as a cancellation did.
 */
export async function cancelMakeup(ctx: Ctx, company: Company, clientId: number, input: { makeup_id: number }) {
  const c = clock(company, ctx.clock.now());
  const row = await attendanceRepo.findMakeup(ctx.db, company.id, clientId, input.makeup_id);
  if (!row) throw notFound();
  const booked = row.used_enrolment_id;
  if (booked !== null) {
    // Its session gone (the company changed the timetable): the office decides.
    if (row.booked_time === null) throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
    if (!toMakeup(company, row, c).CanCancel) throw refuse(422, 'TOO_LATE', undo.cancelTooLate);
    await ctx.transaction(async (tx) => {
      // Under the class's lock, as an absence notified for that session checks the place it gives up.
      if (row.booked_class_id !== null) await repo.lockClass(tx.db, company.id, row.booked_class_id);
      if (!(await attendanceRepo.releaseMakeupCredit(tx.db, company.id, clientId, { ...row, used_enrolment_id: booked }))) return;
      await recordActivity(tx, {
        companyId: company.id,
        clientId,
        kind: 'makeup',
        summary: `Cancelled ${row.first_name}'s make-up in ${row.booked_class ?? 'a class'} on ${formatDate(row.booked_date ?? '', company.settings.localization.DateFormat)}`,
      });
    });
  }
  const makeup = await attendanceRepo.findMakeup(ctx.db, company.id, clientId, row.id);
  return { success: true as const, message: undo.makeupCancelled, makeup: toMakeup(company, makeup!, c) };
}
