import { classMessages as msg, type ClassChangeOption, type ClassChangeOptionsAnswer } from '@portal/shared/class-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, companyTimeZone } from '../../lib/time.ts';
import { clock, zonedInstant, type Clock } from './class-time.ts';
import { assertClassReservations, notFound, refuse } from './class-rules.ts';
import { validateClassItem } from './enrolments.service.ts';
import * as repo from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';

// A family moving a child to another class themselves (issue 22 §5, decision 096).

type ClassRow = Awaited<ReturnType<typeof repo.findClassesLike>>[number];
type Enrolment = NonNullable<Awaited<ReturnType<typeof enrolmentsRepo.findOngoingEnrolment>>>;

function assertChangeAllowed(company: Company) {
  assertClassReservations(company);
  if (!company.settings.classes_setup.AllowClassChange) throw refuse(403, 'CLASS_CHANGE_OFF', msg.classChangeOff);
}

/** Same lesson format and level: the classes a company treats as one programme. */
const sameProgramme = (a: ClassRow, b: ClassRow) => a.id !== b.id && a.lesson_format_id === b.lesson_format_id && a.standard === b.standard;

/**
 * The move to one class, priced: from its first session at least the company's notice ahead, its
 * sessions at its price, less the present class's sessions given up from that date at what was
 * paid for each (decision 120: the place's price paid shared over its sessions, never more than
 * it; its class's price when nothing was recorded). Throws the refusal a family should read (a
 * full class, the student already in it, a child outside its ages).
 */
async function planMove(ctx: Ctx, company: Company, clientId: number, studentId: number, from: ClassRow, enrolment: Enrolment, to: ClassRow, c: Clock): Promise<ClassChangeOption> {
  const zone = companyTimeZone(company.settings.localization);
  const earliest = c.at.getTime() + company.settings.classes_setup.ClassChangeNoticeHours * 3_600_000;
  const paid = enrolment.paid_cents;
  // A place paid for is shared over all its sessions, those already run too.
  const since = paid !== null && enrolment.start_date < c.today ? enrolment.start_date : c.today;
  const sessions = await repo.findUpcomingSessions(ctx.db, company.id, [from.id, to.id], since);
  const ahead = sessions.filter((s) => s.class_id === to.id && zonedInstant(zone, s.date, s.start_time).getTime() >= earliest);
  if (ahead.length === 0) throw refuse(422, 'NO_SESSIONS', msg.noSessionsLeft);
  const start = ahead[0]!.date;
  const placeSessions = sessions.filter((s) => s.class_id === from.id && s.date >= enrolment.start_date && (enrolment.end_date === null || s.date <= enrolment.end_date));
  const givenUp = placeSessions.filter((s) => s.date >= start).length;
  const givenUpCents = paid === null ? givenUp * from.price_cents : Math.min(paid, Math.round((paid * givenUp) / Math.max(placeSessions.length, 1)));
  // The same checks as a class put in the cart: the student not in it already, a place free.
  const v = await validateClassItem(ctx, company, clientId, { class_id: to.id, student_id: studentId, kind: 'ongoing', dates: [] }, c.at);
  return optionOf(to, {
    PlacesLeft: v.PlacesLeft,
    StartDate: start,
    Sessions: ahead.length,
    SessionsGivenUp: givenUp,
    PriceDifferenceCents: ahead.length * to.price_cents - givenUpCents,
  });
}

/** A class as an option, with what the move to it means. */
function optionOf(to: ClassRow, move: Pick<ClassChangeOption, 'PlacesLeft' | 'StartDate' | 'Sessions' | 'SessionsGivenUp' | 'PriceDifferenceCents'>): ClassChangeOption {
  return {
    ClassID: to.id,
    Name: to.name,
    LessonFormat: to.lesson_format ?? '',
    Venue: to.venue ?? '',
    Court: to.court,
    Staff: to.staff,
    Day: to.day_of_week,
    Time: to.start_time,
    Duration: to.duration_minutes,
    UnitPriceCents: to.price_cents,
    ...move,
  };
}

async function startingPoint(ctx: Ctx, company: Company, clientId: number, studentId: number, classId: number, c: Clock) {
  // Another family's student is unknown here, as everywhere.
  const [from, student] = await Promise.all([repo.findClass(ctx.db, company.id, classId), repo.findClientStudent(ctx.db, company.id, clientId, studentId)]);
  if (!from || !student) throw notFound();
  const enrolment = await enrolmentsRepo.findOngoingEnrolment(ctx.db, company.id, clientId, from.id, studentId, c.today);
  return { from, enrolment };
}

/** The classes a student may move to from one of theirs, each with its start and price difference. */
export async function classChangeOptions(ctx: Ctx, company: Company, clientId: number, q: { student_id: number; class_id: number }): Promise<ClassChangeOptionsAnswer> {
  assertChangeAllowed(company);
  const c = clock(company, ctx.clock.now());
  const { from, enrolment } = await startingPoint(ctx, company, clientId, q.student_id, q.class_id, c);
  if (!enrolment) throw refuse(409, 'NOT_ENROLLED', msg.classChangeNotEnrolled);
  const options: ClassChangeOption[] = [];
  for (const to of await repo.findClassesLike(ctx.db, company.id, { lessonFormatId: from.lesson_format_id, standard: from.standard, exceptId: from.id })) {
    try {
      options.push(await planMove(ctx, company, clientId, q.student_id, from, enrolment, to, c));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { from: { ClassID: from.id, Name: from.name, UnitPriceCents: from.price_cents }, options, NoticeHours: company.settings.classes_setup.ClassChangeNoticeHours };
}

export interface ClassMove {
  option: ClassChangeOption;
  fromName: string;
  studentName: string;
  /** The same move asked again: already made, nothing else to do. */
  replayed: boolean;
  /** The dates of the make-ups the student had booked into the new class from the move on, their credits given back. */
  makeupsGivenBack: string[];
}

/**
 * Moves a student in the caller's transaction: both classes locked (in id order, so two moves
 * never wait on each other), the new place checked and taken, the old enrolment ended the day
 * before the first new session. The place given up is then free for the waitlist sweep.
 */
export async function moveToClass(ctx: Ctx, company: Company, clientId: number, input: { student_id: number; from_class_id: number; to_class_id: number }): Promise<ClassMove> {
  assertChangeAllowed(company);
  const c = clock(company, ctx.clock.now());
  const locks = new Map<number, repo.LockedClass>();
  for (const id of [input.from_class_id, input.to_class_id].sort((a, b) => a - b)) {
    const lock = await repo.lockClass(ctx.db, company.id, id);
    if (!lock) throw notFound();
    locks.set(id, lock);
  }
  const { from, enrolment } = await startingPoint(ctx, company, clientId, input.student_id, input.from_class_id, c);
  const to = await repo.findClass(ctx.db, company.id, input.to_class_id);
  if (!to) throw notFound();
  if (!sameProgramme(from, to)) throw refuse(422, 'CLASS_CHANGE_NOT_OFFERED', msg.classChangeNotOffered);

  // Asked again after it was made (the answer lost): the student is in the new class, moved from the old.
  const inTo = (await repo.findStudentEnrolmentsInClass(ctx.db, company.id, to.id, input.student_id, c.now)).find((e) => e.kind === 'ongoing' && e.status === 'active');
  if (inTo && (await enrolmentsRepo.wasMovedFrom(ctx.db, company.id, from.id, input.student_id, inTo.start_date, addDays(inTo.start_date, -1)))) {
    const student = await repo.findClientStudent(ctx.db, company.id, clientId, input.student_id);
    return {
      option: optionOf(to, { PlacesLeft: 0, StartDate: inTo.start_date, Sessions: 0, SessionsGivenUp: 0, PriceDifferenceCents: 0 }),
      fromName: from.name,
      studentName: `${student?.first_name ?? ''} ${student?.last_name ?? ''}`.trim(),
      replayed: true,
      makeupsGivenBack: [],
    };
  }
  if (!enrolment) throw refuse(409, 'NOT_ENROLLED', msg.classChangeNotEnrolled);

  const option = await planMove(ctx, company, clientId, input.student_id, from, enrolment, to, c);
  if (enrolment.end_date !== null && enrolment.end_date < option.StartDate) throw refuse(409, 'NOT_ENROLLED', msg.classChangeNotEnrolled);
  await enrolmentsRepo.endEnrolment(ctx.db, company.id, enrolment.id, addDays(option.StartDate, -1), enrolment.start_date);
  await repo.insertEnrolment(ctx.db, locks.get(to.id)!, {
    student_id: input.student_id,
    kind: 'ongoing',
    start_date: option.StartDate,
    end_date: null,
    status: 'active',
    hold_until: null,
    created_at: c.now,
  });
  await waitlistRepo.closeWaitlistForStudent(ctx.db, company.id, to.id, input.student_id, c.now);
  // A make-up already booked into the new class on a date the place now covers is not paid for twice.
  const makeupsGivenBack = await attendanceRepo.giveBackMakeupsInClass(ctx.db, company.id, to.id, input.student_id, option.StartDate);
  await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, [from.id, to.id]);
  return { option, fromName: from.name, studentName: `${enrolment.first_name} ${enrolment.last_name}`.trim(), replayed: false, makeupsGivenBack };
}
