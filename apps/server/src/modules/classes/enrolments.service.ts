import { classMessages as msg } from '@portal/shared/class-schemas';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { addDays, sessionIsOver } from '../../lib/time.ts';
import { AppError } from '../../lib/app-error.ts';
import { clock } from './class-time.ts';
import { notFound, refuse, assertClassReservations, profileOf } from './class-rules.ts';
import * as repo from './classes.repository.ts';
import type { LockedClass } from './classes.repository.ts';
import * as enrolmentsRepo from './enrolments.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';
import * as waitlistRepo from './waitlist.repository.ts';
import * as calendarRepo from './calendar.repository.ts';

/** A page of the client's class sessions still to come, judged on the company's own clock, not the server's. */
export function listUpcomingSessions(ctx: Ctx, company: Company, clientId: number, page: { limit: number; offset: number }) {
  const c = clock(company);
  return calendarRepo.findClientUpcomingSessions(ctx.db, { companyId: company.id, clientId, today: c.today, nowTime: c.time, ...page });
}

// What checkout needs (decision 023): validate, hold, confirm, release.

export interface ClassItem {
  class_id: number;
  student_id: number;
  kind: 'ongoing' | 'casual';
  dates: string[];
  ocr_profile_id?: number | undefined;
}

export interface ValidatedClassItem {
  ClassID: number;
  StudentID: number;
  kind: 'ongoing' | 'casual';
  Name: string;
  /** The student's full name; null for a student an online registration has not written yet. */
  studentName: string | null;
  /** The sessions sold: the rest of the term (ongoing) or the one chosen (casual). */
  dates: string[];
  /** Cents per session: the class price, or its casual price. */
  unit_price: number;
  PlacesLeft: number;
  /** The first session sold (for the early-payment discount). */
  startDate: string;
  lessonFormatId: number | null;
}

/**
 * Checks that a class can be sold to one of this client's students, as asked, now: the student
 * is the client's, the class runs, the student is not in it already, casual only where the
 * profile allows it and on a date the class runs, and a place is free. Throws the AppError the
 * customer should see; answers what to charge. `db` may be a transaction that locked the class.
 */
export async function validateClassItem(ctx: Ctx, company: Company, clientId: number, item: ClassItem, at = ctx.clock.now()): Promise<ValidatedClassItem> {
  const { holds: _holds, ...checked } = await checkOwnClassItem(ctx, company, clientId, item, at);
  return checked;
}

/** The same, with the places the student holds in the class now (a cart's), the one asked for counted as theirs. */
async function checkOwnClassItem(ctx: Ctx, company: Company, clientId: number, item: ClassItem, at: Date): Promise<ValidatedClassItem & { holds: OwnHold[] }> {
  const student = await repo.findClientStudent(ctx.db, company.id, clientId, item.student_id);
  if (!student) throw notFound();
  const checked = await checkClassItem(ctx.db, company, student.id, item, at);
  return { ...checked, studentName: `${student.first_name} ${student.last_name}`.trim() };
}

interface OwnHold {
  id: number;
  kind: string;
  start_date: string;
  hold_until: string | null;
}

/**
 * The same checks for a student an online registration has not written yet (no enrolment, no
 * offer of theirs to count): the class, its dates and a free place, and the price. StudentID is 0.
 */
export function validateNewStudentClassItem(ctx: Ctx, company: Company, item: Omit<ClassItem, 'student_id'>, at = ctx.clock.now()): Promise<ValidatedClassItem> {
  return checkClassItem(ctx.db, company, null, { ...item, student_id: 0 }, at).then(({ holds: _holds, ...checked }) => checked);
}

async function checkClassItem(db: Db, company: Company, studentId: number | null, item: ClassItem, at: Date): Promise<ValidatedClassItem & { holds: OwnHold[] }> {
  assertClassReservations(company);
  const c = clock(company, at);
  const cls = await repo.findClass(db, company.id, item.class_id);
  if (!cls) throw notFound();
  const student = { id: studentId ?? 0 };
  const upcoming = (await repo.findUpcomingSessions(db, company.id, [cls.id], c.today)).filter((s) => !(s.date === c.today && s.start_time <= c.time));
  if (upcoming.length === 0) throw refuse(422, 'NO_SESSIONS', msg.noSessionsLeft);
  const places = studentId === null ? [] : await repo.findStudentEnrolmentsInClass(db, company.id, cls.id, studentId, c.now);
  // The student's own hold (a cart's) is no enrolment yet, and the place it counts is theirs.
  const existing = places.filter((e) => e.status !== 'held');
  const holds = places.filter((e) => e.status === 'held');
  const ownHold = holds.find((e) => holdMatches(e, item));
  const includeTemporary = company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount;
  const offerHeld = studentId === null ? undefined : await waitlistRepo.findHeldOffer(db, company.id, cls.id, studentId, c.now);
  const offers = Number((await waitlistRepo.countHeldOffers(db, company.id, [cls.id], c.now))[0]?.n ?? 0) - (offerHeld ? 1 : 0);

  if (item.kind === 'casual') {
    const profile = item.ocr_profile_id === undefined ? undefined : profileOf(company, item.ocr_profile_id);
    if (!profile?.AllowCasualEnrolments) throw refuse(403, 'CASUAL_NOT_ALLOWED', msg.casualNotAllowed);
    if (item.dates.length !== 1) throw refuse(422, 'PICK_DATES', msg.pickDates);
    const date = item.dates[0] as string;
    const session = upcoming.find((s) => s.date === date);
    if (!session) throw refuse(422, 'DATE_NOT_OFFERED', msg.dateNotOffered);
    if (existing.some((e) => (e.kind === 'ongoing' && e.start_date <= date && (e.end_date === null || e.end_date >= date)) || e.start_date === date)) {
      throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled);
    }
    const taken = await attendanceRepo.sessionOccupancy(db, company.id, cls.id, date, c.now, session.id, includeTemporary);
    const placesLeft = cls.capacity - taken - offers + (ownHold ? 1 : 0);
    if (placesLeft <= 0) throw refuse(409, 'CLASS_FULL', msg.classFull);
    return {
      ClassID: cls.id,
      StudentID: student.id,
      kind: 'casual',
      Name: cls.name,
      studentName: null,
      dates: [date],
      unit_price: cls.casual_price_cents ?? cls.price_cents,
      PlacesLeft: placesLeft,
      startDate: date,
      lessonFormatId: cls.lesson_format_id,
      holds,
    };
  }

  if (existing.some((e) => e.kind === 'ongoing')) throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled);
  const first = upcoming[0]!;
  const ongoing = await repo.countOngoing(db, company.id, cls.id, first.date, c.now);
  const temporaries = includeTemporary
    ? Number((await enrolmentsRepo.countOneSessionPlaces(db, company.id, [cls.id], first.date, c.now, ['temporary'])).find((r) => r.date === first.date)?.n ?? 0)
    : 0;
  const placesLeft = cls.capacity - ongoing - temporaries - offers + (ownHold ? 1 : 0);
  if (placesLeft <= 0) throw refuse(409, 'CLASS_FULL', msg.classFull);
  return {
    ClassID: cls.id,
    StudentID: student.id,
    kind: 'ongoing',
    Name: cls.name,
    studentName: null,
    dates: upcoming.map((s) => s.date),
    unit_price: cls.price_cents,
    PlacesLeft: placesLeft,
    startDate: first.date,
    lessonFormatId: cls.lesson_format_id,
    holds,
  };
}

/** An item checked with its class locked by the caller's transaction (`lockAndCheckClassItems`). */
export type CheckedClassItem = ValidatedClassItem & { holds: OwnHold[]; place: LockedClass };

/**
 * Locks each item's class (in class order, as `createEnrolments` does) and checks the item under
 * that lock, in the caller's transaction: the quote prices what was checked, and `createEnrolments`
 * writes it without checking again (issue 22: a checkout's class checked once, not twice). Answers
 * the checks in the order of the items.
 */
export async function lockAndCheckClassItems(ctx: Ctx, company: Company, clientId: number, items: ClassItem[], at: Date): Promise<CheckedClassItem[]> {
  const checked: CheckedClassItem[] = [];
  for (const item of [...items].sort((a, b) => a.class_id - b.class_id)) {
    const place = await repo.lockClass(ctx.db, company.id, item.class_id);
    if (!place) throw notFound();
    checked[items.indexOf(item)] = { ...(await checkOwnClassItem(ctx, company, clientId, item, at)), place };
  }
  return checked;
}

/** Whether a held place is the one an item asks for: the same student and class, the term or the same session. */
function holdMatches(hold: { kind: string; start_date: string; student_id?: number; class_id?: number }, item: ClassItem): boolean {
  if (hold.student_id !== undefined && hold.student_id !== item.student_id) return false;
  if (hold.class_id !== undefined && hold.class_id !== item.class_id) return false;
  return item.kind === 'ongoing' ? hold.kind === 'ongoing' : hold.kind === 'casual' && hold.start_date === item.dates[0];
}

/**
 * Writes enrolments for validated items inside the caller's transaction, each after taking its
 * class's lock and checking again, so two checkouts for the last place cannot both win.
 * `hold` keeps the places until the instant given (status "held"); without it they are
 * confirmed at once. A place the cart already holds for the item is taken over (held on until
 * the later of its time and `holdUntil`), never counted twice. Answers the enrolment ids in the
 * order of the items, and which of them the cart held before (`adopted`).
 */
export async function createEnrolments(
  ctx: Ctx,
  company: Company,
  clientId: number,
  items: ClassItem[],
  options: { holdUntil?: Date; at?: Date; checked?: CheckedClassItem[] } = {},
): Promise<{ ids: number[]; items: ValidatedClassItem[]; adopted: number[] }> {
  const at = options.at ?? new Date();
  const c = clock(company, at);
  const ids: number[] = [];
  const adopted: number[] = [];
  const validated: ValidatedClassItem[] = [];
  // A class asked for once was checked under its lock already (`checked`); one asked for twice is
  // checked again after the first place is written, so the second counts it.
  const once = (classId: number) => items.filter((i) => i.class_id === classId).length === 1;
  for (const item of [...items].sort((a, b) => a.class_id - b.class_id)) {
    const prior = once(item.class_id) ? options.checked?.[items.indexOf(item)] : undefined;
    const place = prior?.place ?? (await repo.lockClass(ctx.db, company.id, item.class_id));
    if (!place) throw notFound();
    const { holds, place: _place, ...v } = prior ?? { ...(await checkOwnClassItem(ctx, company, clientId, item, at)), place };
    const own = holds.find((h) => holdMatches(h, item));
    // Another hold of the student in this class (another session, or the term) gives way to what is bought.
    const others = holds.filter((h) => h !== own).map((h) => h.id);
    if (others.length) await enrolmentsRepo.releaseHeld(ctx.db, company.id, others);
    if (own) {
      const until = options.holdUntil ? [own.hold_until!, options.holdUntil.toISOString()].sort()[1]! : null;
      if (!(await enrolmentsRepo.renewHold(ctx.db, company.id, own.id, until, c.now))) throw refuse(409, 'CLASS_FULL', msg.classFull);
      if (!options.holdUntil) await waitlistRepo.closeWaitlistForStudent(ctx.db, company.id, v.ClassID, v.StudentID, c.now);
      ids[items.indexOf(item)] = own.id;
      validated[items.indexOf(item)] = v;
      adopted.push(own.id);
      continue;
    }
    const id = await repo.insertEnrolment(ctx.db, place, {
      student_id: v.StudentID,
      kind: v.kind,
      start_date: v.startDate,
      end_date: v.kind === 'casual' ? v.startDate : null,
      status: options.holdUntil ? 'held' : 'active',
      hold_until: options.holdUntil ? options.holdUntil.toISOString() : null,
      created_at: c.now,
    });
    await waitlistRepo.closeWaitlistForStudent(ctx.db, company.id, v.ClassID, v.StudentID, c.now);
    if (v.kind === 'ongoing') await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, [v.ClassID]);
    ids[items.indexOf(item)] = id;
    validated[items.indexOf(item)] = v;
  }
  return { ids, items: validated, adopted };
}

export interface CartPlaceHold {
  ClassID: number;
  StudentID: number;
  /** When the hold lapses (an instant). */
  heldUntil: string;
}

export interface CartPlaceRefusal {
  ClassID: number;
  StudentID: number;
  code: string;
  message: string;
}

/**
 * Holds a place for each class item of a cart until `holdUntil` (issue 22, decision 095), each in
 * its own transaction under the class's lock: a place already held for the item keeps its time
 * (a hold is never stretched by asking again), a free place is held, a full class is refused for
 * that item alone. With `releaseOthers`, the client's holds no item asks for are given back.
 */
export async function holdCartPlaces(
  ctx: Ctx,
  company: Company,
  clientId: number,
  items: ClassItem[],
  options: { holdUntil: Date; releaseOthers: boolean },
): Promise<{ held: CartPlaceHold[]; refused: CartPlaceRefusal[] }> {
  const held: CartPlaceHold[] = [];
  const refused: CartPlaceRefusal[] = [];
  for (const item of items) {
    try {
      const heldUntil = await ctx.transaction(async (tx) => {
        const c = clock(company, tx.clock.now());
        const place = await repo.lockClass(tx.db, company.id, item.class_id);
        if (!place) throw notFound();
        const { holds, ...v } = await checkOwnClassItem(tx, company, clientId, item, c.at);
        const own = holds.find((h) => holdMatches(h, item));
        if (own) return own.hold_until!;
        // Another hold of the student in this class (another session, or the term) is replaced.
        if (holds.length)
          await enrolmentsRepo.releaseHeld(
            tx.db,
            company.id,
            holds.map((h) => h.id),
          );
        const until = options.holdUntil.toISOString();
        await repo.insertEnrolment(tx.db, place, {
          student_id: v.StudentID,
          kind: v.kind,
          start_date: v.startDate,
          end_date: v.kind === 'casual' ? v.startDate : null,
          status: 'held',
          hold_until: until,
          created_at: c.now,
        });
        await repo.refreshClassCounts(tx.db, company.id, c.today, c.now, [item.class_id]);
        return until;
      });
      held.push({ ClassID: item.class_id, StudentID: item.student_id, heldUntil });
    } catch (err) {
      // A class or student unknown to this family refuses the whole request, as everywhere; a full class only its item.
      if (!(err instanceof AppError) || err.statusCode === 404) throw err;
      refused.push({ ClassID: item.class_id, StudentID: item.student_id, code: err.code, message: err.message });
    }
  }
  if (options.releaseOthers) {
    const c = clock(company, ctx.clock.now());
    const others = (await enrolmentsRepo.findClientHolds(ctx.db, company.id, clientId, c.now)).filter((h) => !items.some((item) => holdMatches(h, item)));
    if (others.length)
      await ctx.transaction((tx) =>
        releaseEnrolments(
          tx,
          company,
          others.map((h) => h.id),
        ),
      );
  }
  return { held, refused };
}

/** The places a client's cart holds now. */
export async function listCartPlaceHolds(ctx: Ctx, company: Company, clientId: number): Promise<CartPlaceHold[]> {
  const rows = await enrolmentsRepo.findClientHolds(ctx.db, company.id, clientId, ctx.clock.now().toISOString());
  return rows.map((h) => ({ ClassID: h.class_id, StudentID: h.student_id, heldUntil: h.hold_until! }));
}

/** Confirms held enrolments in the caller's transaction; false when any hold lapsed (sell nothing then). */
export async function confirmEnrolments(ctx: Ctx, companyId: number, ids: number[], at = ctx.clock.now()): Promise<boolean> {
  return (await enrolmentsRepo.confirmHeld(ctx.db, companyId, ids, at.toISOString())) === ids.length;
}

/** Gives held places back (a failed charge). */
export async function releaseEnrolments(ctx: Ctx, company: Company, ids: number[]): Promise<void> {
  const c = clock(company);
  const classIds = await enrolmentsRepo.releaseHeld(ctx.db, company.id, ids);
  if (classIds.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, classIds);
}

/** Gives up confirmed places from today on (an instalment plan cancelled, decision 105): the classes have them free again. */
export async function endEnrolmentsToday(ctx: Ctx, company: Company, ids: number[]): Promise<void> {
  const c = clock(company, ctx.clock.now());
  const classIds = await enrolmentsRepo.endEnrolmentsFrom(ctx.db, company.id, ids, c.today, addDays(c.today, -1));
  if (classIds.length) await repo.refreshClassCounts(ctx.db, company.id, c.today, c.now, classIds);
}

// The enrolment lists.

export async function listStudentEnrolments(ctx: Ctx, company: Company, clientId: number, q: { id: number; filter: 'current' | 'future' | 'past'; page: number; limit: number }) {
  const student = await repo.findClientStudent(ctx.db, company.id, clientId, q.id);
  if (!student) throw notFound();
  const c = clock(company, ctx.clock.now());
  const now = { date: c.today, time: c.time };
  const { rows, total } = await enrolmentsRepo.findStudentEnrolments(ctx.db, {
    companyId: company.id,
    clientId,
    studentId: q.id,
    filter: q.filter,
    today: c.today,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  // Today's session is the next one until it ends (decision 081), then the first after today is.
  return {
    total,
    rows: rows.map(({ today_start, next_after_today, ...e }) => ({
      ...e,
      next_session: today_start && !sessionIsOver({ date: c.today, start_time: today_start }, e.duration_minutes, now) ? c.today : (next_after_today ?? null),
    })),
  };
}
