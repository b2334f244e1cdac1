import { sql, type ExpressionBuilder } from 'kysely';
import { shapedQuery, type Db, type Engine } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ClassSort } from '@portal/shared/class-schemas';

type Eb = ExpressionBuilder<Database, 'enrolments'>;

/** An enrolment that holds a place at `now`: confirmed, or held by a checkout whose hold has not lapsed. */
const holdsPlace = (eb: Eb, now: string) =>
  eb.or([eb('enrolments.status', 'in', ['active', 'temporary']), eb.and([eb('enrolments.status', '=', 'held'), eb('enrolments.hold_until', '>', now)])]);

/** Enrolments in some classes that hold a place at `now`. */
function placesIn(db: Db, companyId: number, classIds: number[], now: string) {
  return db.selectFrom('enrolments').where('company_id', '=', companyId).where('class_id', 'in', classIds).where((eb) => holdsPlace(eb, now));
}

/** A class with its lesson format's and venue's names (the shape a class is shown in). */
function classesWithNames(db: Db, companyId: number) {
  return db
    .selectFrom('classes as c')
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId));
}

const CLASS_COLUMNS = [
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

/** Each sort's keys, all on the class row; the id last makes every order total. */
const SORT_KEYS = {
  ClassCountAndPrice: ['c.enrolled_count', 'c.price_cents', 'c.id'],
  ClassDayAndTime: ['c.day_of_week', 'c.start_time', 'c.id'],
  Venue: ['c.venue_name', 'c.day_of_week', 'c.start_time', 'c.id'],
  Staff: ['c.staff', 'c.day_of_week', 'c.start_time', 'c.id'],
} as const satisfies Record<ClassSort, readonly string[]>;

export interface SearchFilter {
  companyId: number;
  today: string;
  /** The company's time now (HH:mm): today's session is upcoming only until it starts. */
  time: string;
  now: string;
  venues: number[];
  lessonFormats: number[];
  standards: string[];
  days: number[];
  times: { from: string; to: string }[];
  dateFrom?: string;
  dateTo?: string;
  age?: number;
  sort: ClassSort;
  limit: number;
  offset: number;
  /** One-session enrolments that count against the next session's places. */
  singleKinds: ('casual' | 'temporary')[];
}

/** The filters as the search's statements bind them: lists and optional values shape the text, `engine` is written into it. */
interface MatchArgs {
  [key: string]: unknown;
  engine: Engine;
  companyId: number;
  /** The first date a class must still run on: today, or the range's start when later. */
  from: string;
  venues: number[];
  lessonFormats: number[];
  standards: string[];
  days: number[];
  timesFrom: string[];
  timesTo: string[];
  dateTo: string | undefined;
  age: number | undefined;
}

/** The page's arguments besides the filters; `sort` is written into the text. */
interface SearchArgs extends MatchArgs {
  sort: ClassSort;
  today: string;
  time: string;
  now: string;
  singleKinds: string[];
  limit: number;
  offset: number;
}

/** The classes that match the filters, not yet sorted or paged. */
function matching(db: Db, a: MatchArgs) {
  let q = db.selectFrom('classes as c').where('c.company_id', '=', a.companyId);
  if (a.venues.length) q = q.where('c.venue_id', 'in', a.venues);
  if (a.lessonFormats.length) q = q.where('c.lesson_format_id', 'in', a.lessonFormats);
  if (a.standards.length) q = q.where('c.standard', 'in', a.standards);
  if (a.days.length) q = q.where('c.day_of_week', 'in', a.days);
  if (a.timesFrom.length) q = q.where((eb) => eb.or(a.timesFrom.map((from, i) => eb.and([eb('c.start_time', '>=', from), eb('c.start_time', '<', a.timesTo[i] as string)]))));
  if (a.age !== undefined) {
    const age = a.age;
    q = q.where((eb) => eb.and([eb.or([eb('c.min_age', 'is', null), eb('c.min_age', '<=', age)]), eb.or([eb('c.max_age', 'is', null), eb('c.max_age', '>=', age)])]));
  }
  // A date range: the class runs during it (weekly sessions between its first and last date).
  if (a.dateTo !== undefined) q = q.where('c.first_date', '<=', a.dateTo);
  return q;
}

/** How many classes match: the covering index of 011-d by last_date. */
const countMatching = shapedQuery(['engine'], (db, a: MatchArgs) => matching(db, a).where('c.last_date', '>=', a.from).select((eb) => eb.fn.countAll<number>().as('n')));

/**
 * One page of matching classes in the sort's order with the total: the page's ids come from
 * walking the sort's index, then those rows alone get the names, the upcoming session dates
 * (joined with commas), the one-session enrolments on the next of them and the waitlist offers
 * held; the total is an uncorrelated subquery (the count above), run once per statement on both
 * engines. Compiled once per filter shape and sort (decision 039).
 */
const searchPage = shapedQuery(['engine', 'sort'], (db, a: SearchArgs) => {
  const keys: readonly (typeof SORT_KEYS)[ClassSort][number][] = SORT_KEYS[a.sort];
  // The page walks the sort's own index and checks last_date on the way (written as an
  // expression so SQLite does not pick the range scan and sort every match instead).
  const pageIds = keys
    .reduce((p, k) => p.orderBy(k), matching(db, a).where(sql<string>`c.last_date || ''`, '>=', a.from).select('c.id'))
    .limit(a.limit)
    .offset(a.offset);
  const total = matching(db, a)
    .where('c.last_date', '>=', a.from)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  // Upcoming: from today (a range on the sessions' index), today's only until it starts.
  const upcoming = sql`s.company_id = c.company_id and s.class_id = c.id and s.status = 'scheduled'
    and s.date >= ${a.today} and (s.date > ${a.today} or s.start_time > ${a.time})`;
  // SQLite reads the dates in index order (company, class, status, date) and joins them as they
  // come; its string_agg(... order by) sorted them again for every class of the page.
  const dates =
    a.engine === 'sqlite'
      ? sql<string | null>`(select group_concat(u.date, ',') from (select s.date from class_sessions s where ${upcoming} order by s.date) u)`
      : sql<string | null>`(select string_agg(s.date, ',' order by s.date) from class_sessions s where ${upcoming})`;
  // On SQLite the offer's expiry is kept off the index (unary +): by class (waitlist_class), not
  // by every company's offers still open (waitlist_offers).
  const expires = a.engine === 'sqlite' ? sql`+w.offer_expires_at` : sql`w.offer_expires_at`;
  // The page's ids first, then their rows by key: a cross join, which SQLite never reorders (an
  // inner join let it walk every class by the sort's index and look each one up in the page).
  const page = db
    .selectFrom(pageIds.as('p'))
    .crossJoin('classes as c')
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', a.companyId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', a.companyId))
    .whereRef('c.id', '=', 'p.id')
    .where('c.company_id', '=', a.companyId)
    .select(CLASS_COLUMNS)
    .select([
      dates.as('dates'),
      sql<number>`(select count(*) from enrolments e where e.company_id = c.company_id and e.class_id = c.id
        and e.kind in (${sql.join(a.singleKinds)})
        and (e.status in ('active', 'temporary') or (e.status = 'held' and e.hold_until > ${a.now}))
        and e.start_date = (select min(s.date) from class_sessions s where ${upcoming}))`.as('singles'),
      sql<number>`(select count(*) from waitlist_entries w where w.company_id = c.company_id and w.class_id = c.id
        and w.status = 'offered' and ${expires} > ${a.now})`.as('offers'),
      sql<number>`(${total})`.as('total_count'),
    ]);
  return keys.reduce((p, k) => p.orderBy(k), page);
});

/**
 * One page of matching classes in the sort's order, and how many match: one statement, whose
 * text is built once per filter shape; only a page past the end counts alone.
 */
export async function searchClasses(db: Db, engine: Engine, f: SearchFilter) {
  const filters: MatchArgs = {
    engine,
    companyId: f.companyId,
    from: f.dateFrom && f.dateFrom > f.today ? f.dateFrom : f.today,
    venues: f.venues,
    lessonFormats: f.lessonFormats,
    standards: f.standards,
    days: f.days,
    timesFrom: f.times.map((t) => t.from),
    timesTo: f.times.map((t) => t.to),
    dateTo: f.dateTo,
    age: f.age,
  };
  const found = await searchPage(db, { ...filters, sort: f.sort, today: f.today, time: f.time, now: f.now, singleKinds: f.singleKinds, limit: f.limit, offset: f.offset });
  const first = found[0];
  if (first === undefined) return { rows: [], total: f.offset > 0 ? Number((await countMatching(db, filters))[0]?.n ?? 0) : 0 };
  return { rows: found.map(({ total_count: _, ...row }) => row), total: Number(first.total_count) };
}

export type ClassRow = Awaited<ReturnType<typeof searchClasses>>['rows'][number];

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

/** One-session enrolments (casual, temporary) per class and date among some classes' sessions from today. */
export function countOneSessionPlaces(db: Db, companyId: number, classIds: number[], today: string, now: string, kinds: ('casual' | 'temporary')[]) {
  if (classIds.length === 0 || kinds.length === 0) return Promise.resolve([]);
  return placesIn(db, companyId, classIds, now)
    .select(['class_id', 'start_date as date', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', 'in', kinds)
    .where('start_date', '>=', today)
    .groupBy(['class_id', 'start_date'])
    .execute();
}

/** Waitlist offers still held, per class: each keeps a place for its family. */
export function countHeldOffers(db: Db, companyId: number, classIds: number[], now: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waitlist_entries')
    .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .groupBy('class_id')
    .execute();
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
export async function lockClass(db: Db, companyId: number, classId: number): Promise<boolean> {
  const res = await db.updateTable('classes').set((eb) => ({ enrolled_count: eb.ref('enrolled_count') })).where('company_id', '=', companyId).where('id', '=', classId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ongoing enrolments holding a place now and running on or after `date`. */
export async function countOngoing(db: Db, companyId: number, classId: number, date: string, now: string, exceptStudentId?: number): Promise<number> {
  const row = await placesIn(db, companyId, [classId], now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'ongoing')
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', date)]))
    .$if(exceptStudentId !== undefined, (w) => w.where('student_id', '!=', exceptStudentId as number))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who is in one session: ongoing enrolments covering it less their absences, plus one-session enrolments. */
export async function sessionOccupancy(db: Db, companyId: number, classId: number, date: string, now: string, sessionId: number, countTemporary: boolean) {
  const [ongoing, absent, single] = await Promise.all([
    placesIn(db, companyId, [classId], now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'ongoing')
      .where('start_date', '<=', date)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', date)]))
      .executeTakeFirstOrThrow(),
    db.selectFrom('absences').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('session_id', '=', sessionId).executeTakeFirstOrThrow(),
    placesIn(db, companyId, [classId], now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', 'in', countTemporary ? ['casual', 'temporary'] : ['casual'])
      .where('start_date', '=', date)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(ongoing.n) - Number(absent.n) + Number(single.n);
}

/** The student's enrolments in a class that hold a place now (to refuse a second one). */
export function findStudentEnrolmentsInClass(db: Db, companyId: number, classId: number, studentId: number, now: string) {
  return placesIn(db, companyId, [classId], now)
    .select(['id', 'kind', 'start_date', 'end_date', 'status'])
    .where('student_id', '=', studentId)
    .execute();
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

/** This client's students with an ongoing enrolment in a class that has not ended. */
export function findClientStudentsInClass(db: Db, companyId: number, clientId: number, classId: number, today: string, now: string) {
  return db
    .selectFrom('enrolments')
    .innerJoin('students as s', (j) => j.onRef('s.id', '=', 'enrolments.student_id').on('s.company_id', '=', companyId).on('s.client_id', '=', clientId))
    .select(['s.id', 's.first_name', 's.last_name'])
    .distinct()
    .where('enrolments.company_id', '=', companyId)
    .where('enrolments.class_id', '=', classId)
    .where('enrolments.kind', '=', 'ongoing')
    .where((eb) => holdsPlace(eb, now))
    .where((eb) => eb.or([eb('enrolments.end_date', 'is', null), eb('enrolments.end_date', '>=', today)]))
    .orderBy('s.first_name')
    .execute();
}

export function findSessionsOfClass(db: Db, companyId: number, classId: number) {
  return db
    .selectFrom('class_sessions')
    .select(['id', 'date', 'start_time', 'status'])
    .where('company_id', '=', companyId)
    .where('class_id', '=', classId)
    .orderBy('date')
    .execute();
}

export function findSession(db: Db, companyId: number, sessionId: number) {
  return db
    .selectFrom('class_sessions as s')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 's.class_id').on('c.company_id', '=', companyId))
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
    .select(['s.id', 's.class_id', 's.date', 's.start_time', 's.status', 'c.name as class_name', 'c.lesson_format_id', 'lf.name as lesson_format', 'c.capacity', 'c.duration_minutes'])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

export interface NewEnrolment {
  company_id: number;
  class_id: number;
  student_id: number;
  kind: 'ongoing' | 'casual' | 'temporary';
  start_date: string;
  end_date: string | null;
  status: 'active' | 'temporary' | 'held';
  hold_until: string | null;
  created_at: string;
}

export async function insertEnrolment(db: Db, row: NewEnrolment): Promise<number> {
  const inserted = await db.insertInto('enrolments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
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

/** Confirms held enrolments (checkout paid). Answers how many were still held. */
export async function confirmHeld(db: Db, companyId: number, ids: number[], now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('enrolments')
    .set({ status: 'active', hold_until: null })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', '=', 'held')
    .where('hold_until', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function releaseHeld(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('enrolments').where('company_id', '=', companyId).where('id', 'in', ids).where('status', '=', 'held').returning('class_id').execute();
  return [...new Set(rows.map((r) => r.class_id))];
}

/** Lapsed holds of every company (the sweep): deleted, answering the classes they freed. */
export async function deleteLapsedHolds(db: Db, now: string) {
  return db.deleteFrom('enrolments').where('status', '=', 'held').where('hold_until', '<=', now).returning(['company_id', 'class_id']).execute();
}

// Enrolments list and sessions of a student.

export async function findStudentEnrolments(
  db: Db,
  input: { companyId: number; clientId: number; studentId: number; filter: 'current' | 'future' | 'past'; today: string; limit: number; offset: number },
) {
  const { companyId, today } = input;
  const base = db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', input.clientId))
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'e.class_id').on('c.company_id', '=', companyId))
    .where('e.company_id', '=', companyId)
    .where('e.student_id', '=', input.studentId)
    .where('e.status', 'in', ['active', 'temporary'])
    .where((eb) =>
      input.filter === 'future'
        ? eb('e.start_date', '>', today)
        : input.filter === 'past'
          ? eb.or([eb('e.end_date', '<', today), eb('c.last_date', '<', today), eb('c.last_date', 'is', null)])
          : eb.and([
              eb('e.start_date', '<=', today),
              eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', today)]),
              eb('c.last_date', '>=', today),
            ]),
    );
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
      .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
      .select([
        'e.id',
        'e.class_id',
        'e.student_id',
        'e.kind',
        'e.start_date',
        'e.end_date',
        'c.name',
        'lf.name as lesson_format',
        'v.name as venue',
        'c.court',
        'c.staff',
        'c.day_of_week',
        'c.start_time',
        'c.duration_minutes',
        (eb) =>
          eb
            .selectFrom('class_sessions as s')
            .select((x) => x.fn.min('s.date').as('d'))
            .where('s.company_id', '=', companyId)
            .whereRef('s.class_id', '=', 'e.class_id')
            .where('s.status', '=', 'scheduled')
            .where('s.date', '>=', today)
            .whereRef('s.date', '>=', 'e.start_date')
            .where((x) => x.or([x('e.end_date', 'is', null), x('s.date', '<=', x.ref('e.end_date'))]))
            .as('next_session'),
      ])
      .orderBy('c.day_of_week')
      .orderBy('c.start_time')
      .orderBy('e.start_date')
      .orderBy('e.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The student's enrolments (of this client) in one class, with the dates they cover. */
export function findEnrolmentsOfStudentInClass(db: Db, companyId: number, clientId: number, classId: number, studentId: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', clientId))
    .select(['e.id', 'e.kind', 'e.start_date', 'e.end_date'])
    .where('e.company_id', '=', companyId)
    .where('e.class_id', '=', classId)
    .where('e.student_id', '=', studentId)
    .where('e.status', 'in', ['active', 'temporary'])
    .execute();
}

export function findAbsencesOfStudent(db: Db, companyId: number, studentId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('absences').select(['id', 'session_id', 'reason']).where('company_id', '=', companyId).where('student_id', '=', studentId).where('session_id', 'in', sessionIds).execute();
}

export async function insertAbsence(db: Db, row: { company_id: number; session_id: number; student_id: number; client_id: number; reason: string; notified_at: string }) {
  const inserted = await db.insertInto('absences').values(row).onConflict((oc) => oc.columns(['company_id', 'session_id', 'student_id']).doNothing()).returning('id').executeTakeFirst();
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
  return db
    .selectFrom('makeup_credits as m')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'm.student_id').on('st.company_id', '=', companyId))
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'm.lesson_format_id').on('lf.company_id', '=', companyId))
    .leftJoin('absences as a', (j) => j.onRef('a.id', '=', 'm.absence_id').on('a.company_id', '=', companyId))
    .leftJoin('class_sessions as ms', (j) => j.onRef('ms.id', '=', 'a.session_id').on('ms.company_id', '=', companyId))
    .leftJoin('classes as mc', (j) => j.onRef('mc.id', '=', 'ms.class_id').on('mc.company_id', '=', companyId))
    .leftJoin('enrolments as be', (j) => j.onRef('be.id', '=', 'm.used_enrolment_id').on('be.company_id', '=', companyId))
    .leftJoin('classes as bc', (j) => j.onRef('bc.id', '=', 'be.class_id').on('bc.company_id', '=', companyId))
    .select([
      'm.id',
      'm.student_id',
      'st.first_name',
      'st.last_name',
      'm.lesson_format_id',
      'lf.name as lesson_format',
      'ms.date as missed_date',
      'mc.name as missed_class',
      'm.expires_on',
      'm.used_at',
      'be.start_date as booked_date',
      'bc.name as booked_class',
    ])
    .where('m.company_id', '=', companyId)
    .where('m.client_id', '=', clientId);
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

/** Scheduled sessions from `fromDate` (through `toDate`) of classes of one lesson format. */
export function findSessionsOfFormat(db: Db, companyId: number, lessonFormatId: number | null, fromDate: string, toDate: string) {
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
    .orderBy('s.date')
    .orderBy('s.start_time')
    .orderBy('s.id')
    .limit(200)
    .execute();
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
    db.selectFrom('absences').select(['session_id', (eb) => eb.fn.countAll<number>().as('n')]).where('company_id', '=', companyId).where('session_id', 'in', sessions.map((s) => s.id)).groupBy('session_id').execute(),
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

// Waitlist.

/** One class's waitlist entries. */
function classWaitlist(db: Db, companyId: number, classId: number) {
  return db.selectFrom('waitlist_entries').where('company_id', '=', companyId).where('class_id', '=', classId);
}

export async function insertWaitlistEntry(db: Db, row: { company_id: number; class_id: number; student_id: number; client_id: number; created_at: string }) {
  const inserted = await db.insertInto('waitlist_entries').values({ ...row, status: 'waiting' }).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findOpenWaitlistEntry(db: Db, companyId: number, classId: number, studentId: number) {
  return classWaitlist(db, companyId, classId)
    .select('id')
    .where('student_id', '=', studentId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
}

/** The client's open entries with their place in their class's line (1 = next). */
export function findClientWaitlist(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('waitlist_entries as w')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'w.class_id').on('c.company_id', '=', companyId))
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'w.student_id').on('st.company_id', '=', companyId))
    .select([
      'w.id',
      'w.class_id',
      'c.name as class_name',
      'w.student_id',
      'st.first_name',
      'st.last_name',
      'w.status',
      'w.offer_expires_at',
      (eb) =>
        eb
          .selectFrom('waitlist_entries as o')
          .select((x) => x.fn.countAll<number>().as('n'))
          .where('o.company_id', '=', companyId)
          .whereRef('o.class_id', '=', 'w.class_id')
          .where('o.status', 'in', ['waiting', 'offered'])
          .whereRef('o.id', '<=', 'w.id')
          .as('position'),
    ])
    .where('w.company_id', '=', companyId)
    .where('w.client_id', '=', clientId)
    .where('w.status', 'in', ['waiting', 'offered'])
    .orderBy('w.id')
    .execute();
}

export async function closeWaitlistEntry(db: Db, companyId: number, clientId: number, entryId: number, status: 'left' | 'enrolled', now: string): Promise<boolean> {
  const res = await db
    .updateTable('waitlist_entries')
    .set({ status, closed_at: now })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', entryId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function closeWaitlistForStudent(db: Db, companyId: number, classId: number, studentId: number, now: string) {
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'enrolled', closed_at: now })
    .where('company_id', '=', companyId)
    .where('class_id', '=', classId)
    .where('student_id', '=', studentId)
    .where('status', 'in', ['waiting', 'offered'])
    .execute();
}

/** Offers whose hold lapsed, in every company: closed as expired, answering their classes. */
export async function expireOffers(db: Db, now: string) {
  return db
    .updateTable('waitlist_entries')
    .set({ status: 'expired', closed_at: now })
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .returning(['company_id', 'class_id'])
    .execute();
}

/** Classes (of every company) with families waiting. */
export function findClassesWithWaiting(db: Db) {
  return db.selectFrom('waitlist_entries').select(['company_id', 'class_id']).distinct().where('status', '=', 'waiting').execute();
}

export function findFirstWaiting(db: Db, companyId: number, classId: number, count: number) {
  return classWaitlist(db, companyId, classId)
    .select(['id', 'client_id', 'student_id'])
    .where('status', '=', 'waiting')
    .orderBy('id')
    .limit(count)
    .execute();
}

export async function markOffered(db: Db, companyId: number, entryId: number, now: string, expiresAt: string): Promise<boolean> {
  const res = await db
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_at: now, offer_expires_at: expiresAt })
    .where('company_id', '=', companyId)
    .where('id', '=', entryId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A held offer for this student in this class (the family may take the place it keeps). */
export function findHeldOffer(db: Db, companyId: number, classId: number, studentId: number, now: string) {
  return classWaitlist(db, companyId, classId)
    .select('id')
    .where('student_id', '=', studentId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirst();
}

// Calendar feed.

export async function replaceCalendarFeed(db: Db, companyId: number, clientId: number, tokenHash: string, now: string) {
  await db.updateTable('calendar_feeds').set({ revoked_at: now }).where('company_id', '=', companyId).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  await db.insertInto('calendar_feeds').values({ company_id: companyId, client_id: clientId, token_hash: tokenHash, created_at: now }).execute();
}

export async function revokeCalendarFeeds(db: Db, companyId: number, clientId: number, now: string) {
  await db.updateTable('calendar_feeds').set({ revoked_at: now }).where('company_id', '=', companyId).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
}

export function findActiveCalendarFeed(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['id', 'created_at'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The feed a token opens, with its company (the feed URL carries no session). */
export function findCalendarFeedByHash(db: Db, tokenHash: string) {
  return db.selectFrom('calendar_feeds').select(['company_id', 'client_id']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Each session of a class one of the client's students is enrolled in on that date, with the student. */
function clientSessions(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('class_sessions as cs')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'cs.class_id').on('c.company_id', '=', companyId))
    .innerJoin('enrolments as e', (j) =>
      j
        .onRef('e.class_id', '=', 'c.id')
        .on('e.company_id', '=', companyId)
        .on('e.status', 'in', ['active', 'temporary'])
        .onRef('e.start_date', '<=', 'cs.date')
        .on((eb) => eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', eb.ref('cs.date'))])),
    )
    .innerJoin('students as s', (j) => j.onRef('s.id', '=', 'e.student_id').on('s.company_id', '=', companyId).on('s.client_id', '=', clientId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
    .where('cs.company_id', '=', companyId);
}

/** Sessions from `from` of every enrolment of the client's students, with any absence notified. */
export function findClientSessionsFrom(db: Db, companyId: number, clientId: number, from: string, to: string) {
  return clientSessions(db, companyId, clientId)
    .leftJoin('absences as a', (j) => j.onRef('a.session_id', '=', 'cs.id').onRef('a.student_id', '=', 's.id').on('a.company_id', '=', companyId))
    .select(['cs.id as session_id', 'cs.date', 'cs.start_time', 'cs.status', 'c.name', 'c.court', 'c.duration_minutes', 'v.name as venue', 'v.address', 's.id as student_id', 's.first_name', 'e.kind', 'a.reason as absence_reason'])
    .where('cs.date', '>=', from)
    .where('cs.date', '<=', to)
    .orderBy('cs.date')
    .orderBy('cs.start_time')
    .limit(2000)
    .execute();
}

/** A page of the client's scheduled sessions still to come (from today at `nowTime`), with how many there are. */
export async function findClientUpcomingSessions(db: Db, input: { companyId: number; clientId: number; today: string; nowTime: string; limit: number; offset: number }) {
  const base = clientSessions(db, input.companyId, input.clientId)
    .where('cs.status', '=', 'scheduled')
    .where((eb) => eb.or([eb('cs.date', '>', input.today), eb.and([eb('cs.date', '=', input.today), eb('cs.start_time', '>=', input.nowTime)])]));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', input.companyId))
      .select([
        'cs.id as session_id',
        'cs.date',
        'cs.start_time',
        'c.id as class_id',
        'c.court',
        'c.standard',
        'c.lesson_format_id',
        'lf.name as lesson_format',
        'c.venue_id',
        'v.name as venue',
        's.id as student_id',
        's.first_name',
        's.last_name',
        's.profile_picture',
      ])
      .orderBy('cs.date')
      .orderBy('cs.start_time')
      .orderBy('s.first_name')
      .orderBy('cs.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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

export async function markMakeupUsed(db: Db, companyId: number, creditId: number, enrolmentId: number, now: string) {
  await db.updateTable('makeup_credits').set({ used_at: now, used_enrolment_id: enrolmentId }).where('company_id', '=', companyId).where('id', '=', creditId).execute();
}
