import { ageOn, classMessages as msg } from '@portal/shared/class-schemas';
import type { Db } from '../../db/database.ts';
import type { Company } from '../../domain/company.ts';
import { clock } from './class-time.ts';
import { AppError } from '../../lib/app-error.ts';
import { namedClassLines, notFound, offeredUnder, refuse, assertClassReservations, profileOf, type NamedClassLine } from './class-rules.ts';
import * as repo from './classes.repository.ts';
import * as attendanceRepo from './attendance.repository.ts';
import * as searchRepo from './class-search.repository.ts';

// What checkout needs (decision 023): a cart's class items checked against the database.

export interface ClassItem {
  class_id: number;
  student_id: number;
  kind: 'ongoing' | 'casual';
  dates: string[];
  ocr_profile_id?: number | undefined;
  /** A child an online registration has not written yet, as the family entered it: refused by name outside the class's ages. */
  newStudent?: { name: string; dob: string | null } | undefined;
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

/** A place the student holds in the class and has not bought (a cart's). */
export interface OwnHold {
  id: number;
  kind: string;
  start_date: string;
  hold_until: string | null;
  /** The browser cart that holds it (decision 137); null for a hold made otherwise. */
  cart_id: string | null;
}

/** An item checked, with the places its student holds in its class now (the one asked for counted as theirs). */
export type CheckedItem = ValidatedClassItem & { holds: OwnHold[] };

/** A class as a check reads it (`findClassesToCheck`, or `lockClasses` under its lock). */
type ClassToCheck = Awaited<ReturnType<typeof repo.findClassesToCheck>>[number];

/** Whether a held place is the one an item asks for: the same student and class, the term or the same session. */
export function holdMatches(hold: { kind: string; start_date: string; student_id?: number; class_id?: number }, item: ClassItem): boolean {
  if (hold.student_id !== undefined && hold.student_id !== item.student_id) return false;
  if (hold.class_id !== undefined && hold.class_id !== item.class_id) return false;
  return item.kind === 'ongoing' ? hold.kind === 'ongoing' : hold.kind === 'casual' && hold.start_date === item.dates[0];
}

/** A child whose age today is outside the class's band is refused by name (the search hides such classes once the child is chosen). */
function assertAgeFits(cls: { name: string; min_age: number | null; max_age: number | null } | undefined, name: string, dob: string | null, today: string): void {
  const age = dob !== null && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? ageOn(dob, today) : null;
  if (!cls || age === null) return;
  if ((cls.min_age !== null && age < cls.min_age) || (cls.max_age !== null && age > cls.max_age)) {
    throw refuse(422, 'OUTSIDE_AGE_RANGE', msg.outsideAgeRange(name, cls.name, age, cls.min_age, cls.max_age));
  }
}

/**
 * Waitlist places an online registration asks for children it has not written yet: a child dated
 * outside the class's ages is refused by name, as joining the waitlist at the submission refuses
 * them (decision 118). Items without a date of birth are left to the submission.
 */
export async function assertWaitlistAges(db: Db, company: Company, items: readonly { class_id: number; newStudent?: ClassItem['newStudent'] }[], at: Date): Promise<void> {
  const named = items.flatMap((i) => (i.newStudent ? [{ classId: i.class_id, child: i.newStudent }] : []));
  if (named.length === 0) return;
  const found = new Map((await repo.findClassesToCheck(db, company.id, [...new Set(named.map((i) => i.classId))])).map((c) => [c.id, c]));
  const { today } = clock(company, at);
  for (const { classId, child } of named) assertAgeFits(found.get(classId), child.name, child.dob, today);
}

/**
 * Checks that classes can be sold as asked, now: the student is the client's, the class runs, the
 * student is in the class's ages and not in it already, casual only where the profile allows it and on a date the class
 * runs, and a place is free. Throws the AppError the customer should see for the first item
 * refused, in the order given; answers what to charge for each. A full class is refused with
 * every other full class of the items (CLASS_FULL): where the items are a cart's lines
 * (`lines`, each item’s index in the cart), each is named by its line (decisions 129, 132), and so
 * is a class the child was enrolled in meanwhile, with its own code ALREADY_ENROLLED.
 *
 * Everything the checks compare is read for all the items at once (issue 22: a cart of any size
 * costs the same few queries, besides one occupancy count per casual item), so every item is
 * checked against the database as it is before any of them is written: the caller checks a class
 * asked for twice again after writing the first place. `who` null: students an online
 * registration has not written yet (no student to find, nothing of theirs to count; StudentID 0),
 * whose ages are checked where an item names its child (`newStudent`).
 * `classes.found`: the items' classes that exist; `locked` when the caller took their locks, whose
 * refusal of an unknown class comes before anything else, as `lockClass`'s did.
 */
export async function checkClassItems(
  db: Db,
  company: Company,
  who: { clientId: number } | null,
  items: readonly ClassItem[],
  classes: { found: readonly ClassToCheck[]; locked: boolean },
  at: Date,
  options: {
    /** A new family's registration whose own held places are not counted against it (decision 109). */
    exceptRegistration?: number | undefined;
    /** The cart line of each item, by which a full class is named; none where the items are no cart's. */
    lines?: readonly number[];
  } = {},
): Promise<CheckedItem[]> {
  const { exceptRegistration } = options;
  if (items.length === 0) return [];
  const c = clock(company, at);
  const found = new Map(classes.found.map((cls) => [cls.id, cls]));
  const classIds = [...found.keys()];
  const students = who ? await repo.findClientStudentsWithPlaces(db, company.id, who.clientId, [...new Set(items.map((i) => i.student_id))], classIds, c.now) : [];
  // A session that started today is no longer sold.
  const upcoming = (await repo.findUpcomingSessions(db, company.id, classIds, c.today)).filter((s) => !(s.date === c.today && s.start_time <= c.time));
  // A casual session is the right of the profile it is sold under: only of a class that profile offers (decision 134).
  const casualIds = [...new Set(items.filter((i) => i.kind === 'casual').map((i) => i.class_id))];
  const classProfiles = casualIds.length > 0 ? await searchRepo.findClassProfiles(db, company.id, casualIds) : [];
  const includeTemporary = company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount;
  // A term is counted from its class's first session to come.
  const termClasses = new Set(items.filter((i) => i.kind !== 'casual').map((i) => i.class_id));
  const from = classIds.flatMap((id) => {
    const first = upcoming.find((s) => s.class_id === id);
    return termClasses.has(id) && first ? [{ classId: id, date: first.date }] : [];
  });
  const { counts, offers } = await repo.countPlacesAndOffers(db, company.id, classIds, from, c, includeTemporary, exceptRegistration);
  const countOf = (classId: number, kind: 'ongoing' | 'temporary') => Number(counts.find((r) => r.class_id === classId && r.kind === kind)?.n ?? 0);

  const checkItem = async (item: ClassItem): Promise<CheckedItem> => {
    const cls = found.get(item.class_id);
    if (classes.locked && !cls) throw notFound();
    let studentName: string | null = null;
    let places: { id: number; kind: string; start_date: string; end_date: string | null; status: string; hold_until: string | null; cart_id: string | null }[] = [];
    if (who) {
      const rows = students.filter((r) => r.id === item.student_id);
      if (rows.length === 0) throw notFound();
      studentName = `${rows[0]!.first_name} ${rows[0]!.last_name}`.trim();
      assertAgeFits(found.get(item.class_id), studentName, rows[0]!.dob, c.today);
      places = rows.flatMap((r) =>
        r.enrolment_id !== null && r.class_id === item.class_id
          ? [{ id: r.enrolment_id, kind: r.kind!, start_date: r.start_date!, end_date: r.end_date, status: r.status!, hold_until: r.hold_until, cart_id: r.cart_id }]
          : [],
      );
    } else if (item.newStudent) {
      assertAgeFits(found.get(item.class_id), item.newStudent.name, item.newStudent.dob, c.today);
    }
    assertClassReservations(company);
    if (!cls) throw notFound();
    const sessions = upcoming.filter((s) => s.class_id === cls.id);
    if (sessions.length === 0) throw refuse(422, 'NO_SESSIONS', msg.noSessionsLeft);
    // The student's own hold (a cart's) is no enrolment yet, and the place it counts is theirs.
    const existing = places.filter((e) => e.status !== 'held');
    const holds = places.filter((e) => e.status === 'held');
    const ownHold = holds.find((e) => holdMatches(e, item));
    const classOffers = offers.filter((o) => o.class_id === cls.id);
    const offerHeld = who !== null && classOffers.some((o) => o.student_id === item.student_id);
    const offersKept = classOffers.length - (offerHeld ? 1 : 0);
    const sold = { ClassID: cls.id, StudentID: who ? item.student_id : 0, Name: cls.name, studentName, lessonFormatId: cls.lesson_format_id, holds };

    if (item.kind === 'casual') {
      const profile = item.ocr_profile_id === undefined ? undefined : profileOf(company, item.ocr_profile_id);
      if (!profile?.AllowCasualEnrolments || !offeredUnder(classProfiles, cls.id, profile.OCRProfileID)) throw refuse(403, 'CASUAL_NOT_ALLOWED', msg.casualNotAllowed);
      if (item.dates.length !== 1) throw refuse(422, 'PICK_DATES', msg.pickDates);
      const date = item.dates[0] as string;
      const session = sessions.find((s) => s.date === date);
      if (!session) throw refuse(422, 'DATE_NOT_OFFERED', msg.dateNotOffered);
      if (existing.some((e) => (e.kind === 'ongoing' && e.start_date <= date && (e.end_date === null || e.end_date >= date)) || e.start_date === date)) {
        throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled(studentName, cls.name));
      }
      const taken = await attendanceRepo.sessionOccupancy(db, company.id, cls.id, date, c.now, session.id, includeTemporary, exceptRegistration);
      const placesLeft = cls.capacity - taken - offersKept + (ownHold ? 1 : 0);
      if (placesLeft <= 0) throw new ClassFull(cls.name);
      return { ...sold, kind: 'casual', dates: [date], unit_price: cls.casual_price_cents ?? cls.price_cents, PlacesLeft: placesLeft, startDate: date };
    }

    if (existing.some((e) => e.kind === 'ongoing')) throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled(studentName, cls.name));
    const first = sessions[0]!;
    const temporaries = includeTemporary ? countOf(cls.id, 'temporary') : 0;
    const placesLeft = cls.capacity - countOf(cls.id, 'ongoing') - temporaries - offersKept + (ownHold ? 1 : 0);
    if (placesLeft <= 0) throw new ClassFull(cls.name);
    return { ...sold, kind: 'ongoing', dates: sessions.map((s) => s.date), unit_price: cls.price_cents, PlacesLeft: placesLeft, startDate: first.date };
  };

  // Each item is checked in turn; once a line is named (a class full, or in a cart one the child
  // was enrolled in meanwhile), the rest are checked only for being named too.
  const checked: CheckedItem[] = [];
  const named: NamedClassLine[] = [];
  for (const [k, item] of items.entries()) {
    try {
      checked.push(await checkItem(item));
    } catch (err) {
      const index = options.lines?.[k] ?? k;
      if (err instanceof ClassFull) named.push({ index, code: 'CLASS_FULL', message: err.message });
      else if (options.lines && err instanceof AppError && err.code === 'ALREADY_ENROLLED') named.push({ index, code: 'ALREADY_ENROLLED', message: err.message });
      else if (named.length === 0 || !(err instanceof AppError)) throw err;
    }
  }
  if (named.length > 0) throw options.lines ? namedClassLines(named) : refuse(409, 'CLASS_FULL', named[0]!.message);
  return checked;
}

/** A class found full while the items are checked: said once all of them are. */
class ClassFull extends Error {
  constructor(readonly className: string) {
    super(msg.classFull(className));
  }
}
