import { sql } from 'kysely';
import { shapedQuery, type Db, type Engine } from '../../db/database.ts';
import type { ClassSort } from '@portal/shared/class-schemas';
import { CLASS_COLUMNS } from './classes.repository.ts';
import { holdsNoTermPlace } from './waitlist.repository.ts';

// The class search.

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
  /** The registration profile searched under: only the classes it offers (decision 134). */
  profile?: number;
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
  profile: number | undefined;
}

/** The page's arguments besides the filters; `sort` is written into the text. */
interface SearchArgs extends MatchArgs, PlaceArgs {
  sort: ClassSort;
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
  // A profile offers the classes that name it, and those that name no profile (decision 134).
  if (a.profile !== undefined) {
    const profile = a.profile;
    q = q.where((eb) => {
      const named = () => eb.selectFrom('class_profiles as cp').select('cp.profile_id').whereRef('cp.company_id', '=', 'c.company_id').whereRef('cp.class_id', '=', 'c.id');
      return eb.or([eb.not(eb.exists(named())), eb.exists(named().where('cp.profile_id', '=', profile))]);
    });
  }
  return q;
}

/** How many classes match: the covering index of 011-d by last_date. */
const countMatching = shapedQuery(['engine'], (db, a: MatchArgs) =>
  matching(db, a)
    .where('c.last_date', '>=', a.from)
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/** What counts against a class's places besides its term count, as of `a` (class `c`). */
interface PlaceArgs {
  engine: Engine;
  today: string;
  time: string;
  now: string;
  singleKinds: string[];
}

/** Class `c`'s upcoming sessions (`s`): from today (a range on the sessions' index), today's only until it starts. */
const upcomingOf = (a: PlaceArgs) => sql`s.company_id = c.company_id and s.class_id = c.id and s.status = 'scheduled'
    and s.date >= ${a.today} and (s.date > ${a.today} or s.start_time > ${a.time})`;

/** The one-session enrolments holding a place at class `c`'s next session, and the waitlist offers it keeps for families. */
function placesTakenBeyondTerm(a: PlaceArgs) {
  // On SQLite the offer's expiry is kept off the index (unary +): by class (waitlist_class), not
  // by every company's offers still open (waitlist_offers).
  const expires = a.engine === 'sqlite' ? sql`+w.offer_expires_at` : sql`w.offer_expires_at`;
  return {
    singles: sql<number>`(select count(*) from enrolments e where e.company_id = c.company_id and e.class_id = c.id
        and e.kind in (${sql.join(a.singleKinds)})
        and (e.status in ('active', 'temporary') or (e.status = 'held' and e.hold_until > ${a.now}))
        and e.start_date = (select min(s.date) from class_sessions s where ${upcomingOf(a)}))`.as('singles'),
    // An offer whose family holds the term place itself (its cart's hold, or the place bought) is counted as that place.
    offers: sql<number>`(select count(*) from waitlist_entries w where w.company_id = c.company_id and w.class_id = c.id
        and w.status = 'offered' and ${expires} > ${a.now} and ${holdsNoTermPlace(a, 'w')})`.as('offers'),
  };
}

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
    .reduce(
      (p, k) => p.orderBy(k),
      matching(db, a)
        .where(sql<string>`c.last_date || ''`, '>=', a.from)
        .select('c.id'),
    )
    .limit(a.limit)
    .offset(a.offset);
  const total = matching(db, a)
    .where('c.last_date', '>=', a.from)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const upcoming = upcomingOf(a);
  // SQLite reads the dates in index order (company, class, status, date) and joins them as they
  // come; its string_agg(... order by) sorted them again for every class of the page.
  const dates =
    a.engine === 'sqlite'
      ? sql<string | null>`(select group_concat(u.date, ',') from (select s.date from class_sessions s where ${upcoming} order by s.date) u)`
      : sql<string | null>`(select string_agg(s.date, ',' order by s.date) from class_sessions s where ${upcoming})`;
  const taken = placesTakenBeyondTerm(a);
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
    .select([dates.as('dates'), taken.singles, taken.offers, sql<number>`(${total})`.as('total_count')]);
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
    profile: f.profile,
  };
  const found = await searchPage(db, { ...filters, sort: f.sort, today: f.today, time: f.time, now: f.now, singleKinds: f.singleKinds, limit: f.limit, offset: f.offset });
  const first = found[0];
  if (first === undefined) return { rows: [], total: f.offset > 0 ? Number((await countMatching(db, filters))[0]?.n ?? 0) : 0 };
  return { rows: found.map(({ total_count: _, ...row }) => row), total: Number(first.total_count) };
}

export type ClassRow = Awaited<ReturnType<typeof searchClasses>>['rows'][number];

/** Every class of the company that still runs, with what takes its places (the search's count): the waiting room's places left. */
export function findClassPlaces(db: Db, a: PlaceArgs & { companyId: number }) {
  const taken = placesTakenBeyondTerm(a);
  return db.selectFrom('classes as c').where('c.company_id', '=', a.companyId).where('c.last_date', '>=', a.today).select(['c.capacity', 'c.enrolled_count', taken.singles, taken.offers]).execute();
}

/** This client's students enrolled in a class that has not ended (ongoing, confirmed: a place the family's cart only holds is not an enrolment). */
/** The client's students' term places: ongoing, active or temporary, not ended before `today`. */
function termPlacesOfClient(db: Db, companyId: number, clientId: number, today: string) {
  return db
    .selectFrom('enrolments')
    .innerJoin('students as s', (j) => j.onRef('s.id', '=', 'enrolments.student_id').on('s.company_id', '=', companyId).on('s.client_id', '=', clientId))
    .where('enrolments.company_id', '=', companyId)
    .where('enrolments.kind', '=', 'ongoing')
    .where('enrolments.status', 'in', ['active', 'temporary'])
    .where((eb) => eb.or([eb('enrolments.end_date', 'is', null), eb('enrolments.end_date', '>=', today)]));
}

export function findClientStudentsInClass(db: Db, companyId: number, clientId: number, classId: number, today: string) {
  return termPlacesOfClient(db, companyId, clientId, today).select(['s.id', 's.first_name', 's.last_name']).distinct().where('enrolments.class_id', '=', classId).orderBy('s.first_name').execute();
}

/** Each class a student of the client has a term place in, as (student, class) pairs. */
export function findClientStudentClasses(db: Db, companyId: number, clientId: number, today: string) {
  return termPlacesOfClient(db, companyId, clientId, today).select(['s.id as student_id', 'enrolments.class_id']).distinct().execute();
}

/** The registration profiles each of `classIds` names (decision 134); a class with no rows is offered under every profile. */
export function findClassProfiles(db: Db, companyId: number, classIds: readonly number[]) {
  return db.selectFrom('class_profiles').select(['class_id', 'profile_id']).where('company_id', '=', companyId).where('class_id', 'in', classIds).execute();
}
