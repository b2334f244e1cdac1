import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { holdsNoTermPlace } from './waitlist.repository.ts';

// Classes, their sessions and the enrolments that take their places: what every part of the module reads.

type Eb = ExpressionBuilder<Database, 'enrolments'>;

/** An enrolment that holds a place at `now`: confirmed, or held by a checkout whose hold has not lapsed. */
export const holdsPlace = (eb: Eb, now: string) =>
  eb.or([eb('enrolments.status', 'in', ['active', 'temporary']), eb.and([eb('enrolments.status', '=', 'held'), eb('enrolments.hold_until', '>', now)])]);

/** Enrolments in some classes that hold a place at `now`; `exceptRegistration`: not the places that registration holds itself. */
export function placesIn(db: Db, companyId: number, classIds: number[], now: string, exceptRegistration?: number) {
  return db
    .selectFrom('enrolments')
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where((eb) => holdsPlace(eb, now))
    .$if(exceptRegistration !== undefined, (w) => w.where((eb) => eb.or([eb('registration_id', 'is', null), eb('registration_id', '!=', exceptRegistration!)])));
}

/** A class with its lesson format's and venue's names (the shape a class is shown in). */
function classesWithNames(db: Db, companyId: number) {
  return db
    .selectFrom('classes as c')
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId));
}

export const CLASS_COLUMNS = [
  'c.id',
  'c.name',
  'c.lesson_format_id',
  'lf.name as lesson_format',
  'c.venue_id',
  'v.name as venue',
  'c.court',
  'c.standard',
  'c.staff',
  'c.day_of_week',
  'c.start_time',
  'c.duration_minutes',
  'c.capacity',
  'c.enrolled_count',
  'c.min_age',
  'c.max_age',
  'c.price_cents',
  'c.casual_price_cents',
] as const;

/** Upcoming scheduled sessions of some classes, in date order. */
export function findUpcomingSessions(db: Db, companyId: number, classIds: number[], today: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_sessions')
    .select(['id', 'class_id', 'date', 'start_time'])
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where('status', '=', 'scheduled')
    .where('date', '>=', today)
    .orderBy('class_id')
    .orderBy('date')
    .execute();
}

/** What a class item's check reads of its class (issue 22: no names, so no joins). */
const CHECK_COLUMNS = ['id', 'name', 'capacity', 'price_cents', 'casual_price_cents', 'lesson_format_id', 'min_age', 'max_age'] as const;

/** Some classes as a class item's check reads them, unlocked (a quote's price, a page's check). */
export function findClassesToCheck(db: Db, companyId: number, classIds: number[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('classes').select(CHECK_COLUMNS).where('company_id', '=', companyId).where('id', 'in', classIds).execute();
}

export function findClass(db: Db, companyId: number, classId: number) {
  return classesWithNames(db, companyId)
    .select([...CLASS_COLUMNS, 'v.address as venue_address'])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', classId)
    .executeTakeFirst();
}

/**
 * Takes the class's write lock for the rest of the transaction: PostgreSQL locks the row, SQLite
 * runs one writer at a time. Every place-taking write calls it first, so the count it reads next
 * cannot change before it commits.
 */
declare const lockedClass: unique symbol;
/**
 * A class whose row the caller's transaction has locked (`lockClass`, `lockClasses`): the only key to writing a
 * place in it (`insertEnrolment`), so every way a place is taken counts under the lock (issue 22,
 * one locked path; one-locked-path.test.ts).
 */
export interface LockedClass {
  readonly companyId: number;
  readonly classId: number;
  readonly [lockedClass]: true;
}

export async function lockClass(db: Db, companyId: number, classId: number): Promise<LockedClass | undefined> {
  const res = await db
    .updateTable('classes')
    .set((eb) => ({ enrolled_count: eb.ref('enrolled_count') }))
    .where('company_id', '=', companyId)
    .where('id', '=', classId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? ({ companyId, classId } as LockedClass) : undefined;
}

/**
 * Takes the write locks of several classes in one statement (a cart's) and answers each class
 * found, as a class item's check reads it, with its lock. PostgreSQL locks the rows in class-id
 * order as it reads them sorted, the lock `lockClass`'s update takes (for no key update), so two
 * carts never wait on each other in a circle; SQLite's no-op update takes the one writer's lock.
 * The counts a check compares are read after this statement, never in it: a row lock waited for
 * would leave them as they were before the other transaction committed.
 */
export async function lockClasses(db: Db, engine: Engine, companyId: number, classIds: number[]) {
  const ids = [...new Set(classIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rows =
    engine === 'postgres'
      ? await db.selectFrom('classes').select(CHECK_COLUMNS).where('company_id', '=', companyId).where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute()
      : await db
          .updateTable('classes')
          .set((eb) => ({ enrolled_count: eb.ref('enrolled_count') }))
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .returning(CHECK_COLUMNS)
          .execute();
  return rows.map((cls) => ({ cls, place: { companyId, classId: cls.id } as LockedClass }));
}

/** Ongoing enrolments holding a place now and running on or after `date`. */
export async function countOngoing(db: Db, companyId: number, classId: number, date: string, now: string, exceptStudentId?: number): Promise<number> {
  const row = await placesIn(db, companyId, [classId], now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'ongoing')
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', date)]))
    .$if(exceptStudentId !== undefined, (w) => w.where((eb) => eb.or([eb('student_id', 'is', null), eb('student_id', '!=', exceptStudentId as number)])))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What a term's check counts, per class: the ongoing enrolments holding a place now and running on
 * or after the class's `date` (its first session to come), and with `temporary` the make-ups in
 * that session. One statement for all of a cart's classes.
 */
export function countTermPlaces(db: Db, companyId: number, from: { classId: number; date: string }[], now: string, temporary: boolean, exceptRegistration?: number) {
  return placesIn(
    db,
    companyId,
    from.map((f) => f.classId),
    now,
    exceptRegistration,
  )
    .select(['class_id', (eb) => eb.ref('kind').$castTo<string>().as('kind'), (eb) => eb.fn.countAll<number>().as('n'), sql<number | null>`null`.as('student_id')])
    .where((eb) =>
      eb.or(
        from.map((f) =>
          eb.and([
            eb('class_id', '=', f.classId),
            eb.or([
              eb.and([eb('kind', '=', 'ongoing'), eb.or([eb('end_date', 'is', null), eb('end_date', '>=', f.date)])]),
              ...(temporary ? [eb.and([eb('kind', '=', 'temporary'), eb('start_date', '=', f.date)])] : []),
            ]),
          ]),
        ),
      ),
    )
    .groupBy(['class_id', 'kind']);
}

/**
 * In one statement, the places taken in each class's term from its first session to come
 * (`countTermPlaces`, rows of kind "ongoing" and "temporary" with their count) and the waitlist
 * offers its classes still hold (rows of kind "offer", one per student offered a place).
 */
export async function countPlacesAndOffers(
  db: Db,
  companyId: number,
  classIds: number[],
  from: { classId: number; date: string }[],
  at: { now: string; today: string },
  temporary: boolean,
  exceptRegistration?: number,
) {
  if (classIds.length === 0) return { counts: [], offers: [] };
  const offered = db
    .selectFrom('waitlist_entries')
    .select(['class_id', sql<string>`'offer'`.as('kind'), sql<number>`1`.as('n'), 'student_id'])
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', at.now)
    .where(holdsNoTermPlace(at));
  const rows =
    from.length === 0
      ? await offered.execute()
      : await countTermPlaces(db, companyId, from, at.now, temporary, exceptRegistration)
          .unionAll(offered.$castTo<{ class_id: number; kind: string; n: number; student_id: number | null }>())
          .execute();
  return {
    counts: rows.filter((r) => r.kind !== 'offer').map((r) => ({ class_id: r.class_id, kind: r.kind, n: Number(r.n) })),
    offers: rows.filter((r) => r.kind === 'offer').map((r) => ({ class_id: r.class_id, student_id: r.student_id! })),
  };
}

/** The student's enrolments in a class that hold a place now (to refuse a second one). */
export function findStudentEnrolmentsInClass(db: Db, companyId: number, classId: number, studentId: number, now: string) {
  return placesIn(db, companyId, [classId], now).select(['id', 'kind', 'start_date', 'end_date', 'status', 'hold_until']).where('student_id', '=', studentId).execute();
}

/** A student of this client (the students feature's table, read only to check ownership and age). */
export function findClientStudent(db: Db, companyId: number, clientId: number, studentId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'dob'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', studentId)
    .executeTakeFirst();
}

/**
 * This client's students among `studentIds`, each with its enrolments in `classIds` that hold a
 * place now: one row per enrolment, or one with no enrolment (its columns null). A student not
 * the client's has no row.
 */
export function findClientStudentsWithPlaces(db: Db, companyId: number, clientId: number, studentIds: number[], classIds: number[], now: string) {
  return db
    .selectFrom('students as st')
    .leftJoin('enrolments', (j) =>
      j
        .onRef('enrolments.student_id', '=', 'st.id')
        .on('enrolments.company_id', '=', companyId)
        .on((eb) => (classIds.length > 0 ? eb('enrolments.class_id', 'in', classIds) : eb.or([])))
        .on((eb) => holdsPlace(eb, now)),
    )
    .select([
      'st.id',
      'st.first_name',
      'st.last_name',
      'st.dob',
      'enrolments.id as enrolment_id',
      'enrolments.class_id',
      'enrolments.kind',
      'enrolments.start_date',
      'enrolments.end_date',
      'enrolments.status',
      'enrolments.hold_until',
      'enrolments.cart_id',
    ])
    .where('st.company_id', '=', companyId)
    .where('st.client_id', '=', clientId)
    .where('st.id', 'in', studentIds)
    .orderBy('enrolments.id')
    .execute();
}

export function findSession(db: Db, companyId: number, sessionId: number) {
  return db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 's.class_id').on('c.company_id', '=', companyId))
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
    .select(['s.id', 's.class_id', 's.date', 's.start_time', 's.status', 'c.name as class_name', 'c.lesson_format_id', 'lf.name as lesson_format', 'c.capacity', 'c.duration_minutes', 'c.standard'])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

export interface NewEnrolment {
  /** Null for a place a new family's registration holds before its students exist (with `registration_id`). */
  student_id: number | null;
  registration_id?: number;
  kind: 'ongoing' | 'casual' | 'temporary';
  start_date: string;
  end_date: string | null;
  status: 'active' | 'temporary' | 'held';
  hold_until: string | null;
  created_at: string;
  /** A cart's hold: the browser's cart that holds it (decision 137). */
  cart_id?: string | null;
}

/** A place in a class, written in the transaction that holds the class's lock. */
export async function insertEnrolment(db: Db, place: LockedClass, row: NewEnrolment): Promise<number> {
  return (await insertEnrolments(db, [{ place, row }]))[0]!;
}

/**
 * Places in classes (a cart's round: one place per class), each written in the transaction that
 * holds its class's lock, in one statement. Answers the ids in the order of the rows, matched by
 * class (neither engine promises RETURNING's order).
 */
export async function insertEnrolments(db: Db, rows: { place: LockedClass; row: NewEnrolment }[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (new Set(rows.map((r) => r.place.classId)).size !== rows.length) throw new Error('insertEnrolments writes one place per class');
  const inserted = await db
    .insertInto('enrolments')
    .values(rows.map(({ place, row }) => ({ ...row, company_id: place.companyId, class_id: place.classId })))
    .returning(['id', 'class_id'])
    .execute();
  const byClass = new Map(inserted.map((r) => [Number(r.class_id), Number(r.id)]));
  return rows.map((r) => byClass.get(r.place.classId)!);
}

/** Sets each class's count of ongoing enrolments holding a place and its last session date. */
export async function refreshClassCounts(db: Db, companyId: number, today: string, now: string, classIds?: number[]): Promise<void> {
  await db
    .updateTable('classes')
    .set({
      enrolled_count: sql<number>`(select count(*) from enrolments e where e.company_id = classes.company_id and e.class_id = classes.id and e.kind = 'ongoing'
        and (e.status = 'active' or (e.status = 'held' and e.hold_until > ${now})) and (e.end_date is null or e.end_date >= ${today}))`,
      last_date: sql<string | null>`(select max(s.date) from class_sessions s where s.company_id = classes.company_id and s.class_id = classes.id and s.status = 'scheduled')`,
      first_date: sql<string | null>`(select min(s.date) from class_sessions s where s.company_id = classes.company_id and s.class_id = classes.id and s.status = 'scheduled')`,
      venue_name: sql<string>`coalesce((select v.name from venues v where v.company_id = classes.company_id and v.id = classes.venue_id), '')`,
    })
    .where('company_id', '=', companyId)
    .$if(classIds !== undefined, (w) => w.where('id', 'in', classIds as number[]))
    .execute();
}

export function findSessionsOfClasses(db: Db, companyId: number, classIds: number[]) {
  return db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 's.class_id').on('c.company_id', '=', companyId))
    .select(['s.id', 's.class_id', 's.date', 'c.lesson_format_id'])
    .where('s.company_id', '=', companyId)
    .where('s.class_id', 'in', classIds)
    .execute();
}

export function findStudentClient(db: Db, companyId: number, studentId: number) {
  return db.selectFrom('students').select('client_id').where('company_id', '=', companyId).where('id', '=', studentId).executeTakeFirst();
}

/** Classes of a lesson format and level (a class change's candidates), with their names. */
export function findClassesLike(db: Db, companyId: number, like: { lessonFormatId: number | null; standard: string; exceptId: number }) {
  return classesWithNames(db, companyId)
    .select(CLASS_COLUMNS)
    .where('c.company_id', '=', companyId)
    .where('c.id', '!=', like.exceptId)
    .where('c.standard', '=', like.standard)
    .where((eb) => (like.lessonFormatId === null ? eb('c.lesson_format_id', 'is', null) : eb('c.lesson_format_id', '=', like.lessonFormatId)))
    .orderBy('c.day_of_week')
    .orderBy('c.start_time')
    .orderBy('c.id')
    .execute();
}
