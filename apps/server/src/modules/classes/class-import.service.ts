import type { CompanySettings } from '@portal/shared/company-config';
import type { Db } from '../../db/database.ts';
import { addDays } from '../../lib/time.ts';
import * as repo from './classes.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';

// The class part of a company bundle import.

/**
 * The class part of a company bundle that needs the sessions' ids: absences (with make-up
 * credits, used or not) and waitlists. Runs in the import's transaction, then sets the counts.
 */
export async function importClassActivity(
  trx: Db,
  scope: { companyId: number; settings: CompanySettings; today: string; now: string },
  data: {
    absences: { classId: number; date: string | undefined; studentId: number; reason: string; credit: boolean; booked?: { classId: number; date: string | undefined } | undefined }[];
    waitlist: { classId: number; studentId: number }[];
  },
): Promise<void> {
  const { companyId } = scope;
  const classIds = [...new Set([...data.absences.flatMap((a) => [a.classId, ...(a.booked ? [a.booked.classId] : [])]), ...data.waitlist.map((w) => w.classId)])];
  const sessions = classIds.length ? await repo.findSessionsOfClasses(trx, companyId, classIds) : [];
  const sessionOf = (classId: number, date: string | undefined) => sessions.find((s) => s.class_id === classId && s.date === date);
  const clientOf = async (studentId: number) => (await repo.findStudentClient(trx, companyId, studentId))?.client_id;
  for (const a of data.absences) {
    const session = sessionOf(a.classId, a.date);
    const clientId = await clientOf(a.studentId);
    if (!session || clientId === undefined) throw new Error(`An absence on ${a.date ?? '(no date)'} is not on a session of its class`);
    const absenceId = await attendanceRepo.insertAbsence(trx, {
      company_id: companyId,
      session_id: session.id,
      student_id: a.studentId,
      client_id: clientId,
      reason: a.reason,
      notified_at: scope.now,
    });
    if (!a.credit || absenceId === null) continue;
    const creditId = await attendanceRepo.insertMakeupCredit(trx, {
      company_id: companyId,
      client_id: clientId,
      student_id: a.studentId,
      absence_id: absenceId,
      lesson_format_id: session.lesson_format_id,
      expires_on: addDays(session.date, scope.settings.classes_setup.MakeupExpiryDays),
      created_at: scope.now,
    });
    if (!a.booked) continue;
    const target = sessionOf(a.booked.classId, a.booked.date);
    if (!target) throw new Error(`A make-up on ${a.booked.date ?? '(no date)'} is not on a session of its class`);
    // The company's own record of a make-up already booked, written like any place: under the class's lock.
    const place = await repo.lockClass(trx, companyId, target.class_id);
    if (!place) throw new Error(`A make-up's class ${target.class_id} is not one of the company's`);
    const enrolmentId = await repo.insertEnrolment(trx, place, {
      student_id: a.studentId,
      kind: 'temporary',
      start_date: target.date,
      end_date: target.date,
      status: 'temporary',
      hold_until: null,
      created_at: scope.now,
    });
    await attendanceRepo.markMakeupUsed(trx, companyId, creditId, enrolmentId, scope.now);
  }
  for (const w of data.waitlist) {
    const clientId = await clientOf(w.studentId);
    if (clientId === undefined) continue;
    await waitlistRepo.insertWaitlistEntry(trx, { company_id: companyId, class_id: w.classId, student_id: w.studentId, client_id: clientId, created_at: scope.now });
  }
  await repo.refreshClassCounts(trx, companyId, scope.today, scope.now);
}
