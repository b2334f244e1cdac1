import { LRUCache } from 'lru-cache';
import { DAY_ABBREVIATIONS } from '@portal/shared/class-time-text';
import { ageOn, CLASS_SORTS, classMessages as msg, TIME_OF_DAY_BOUNDS, TIMES_OF_DAY, type ClassSearch, type ClassSummary } from '@portal/shared/class-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { findListItems } from '../company/company.api.ts';
import { listAllStudentsOfClient } from '../students/students.api.ts';
import { clock, type Clock } from './class-time.ts';
import { notFound, offeredUnder, profileOf } from './class-rules.ts';
import * as repo from './classes.repository.ts';
import * as searchRepo from './class-search.repository.ts';

// Search and the filter form, for a company taking class reservations online (the endpoints' X7 switches).

export async function classFields(ctx: Ctx, company: Company, profileId: number | undefined) {
  const profile = profileOf(company, profileId);
  const lists = await findListItems(ctx, company.id);
  const pick = (name: string) => lists.filter((l) => l.list_name === name && Number(l.active) === 1).map((l) => ({ id: l.id, name: l.display_name }));
  const allowedStandards = company.settings.ocr_config.OCR_Standards;
  const standards = lists
    .filter((l) => l.list_name === 'standards' && Number(l.active) === 1)
    .filter((l) => allowedStandards.length === 0 || (l.ocr_field_value_id !== null && allowedStandards.includes(l.ocr_field_value_id)))
    .map((l) => ({ id: l.id, name: l.display_name }));
  return {
    venues: pick('venues'),
    lesson_formats: pick('lesson_formats'),
    standards,
    days: DAY_ABBREVIATIONS.map((name, i) => ({ id: i + 1, name })),
    times_of_day: TIMES_OF_DAY.map((id) => ({ id, name: TIME_OF_DAY_BOUNDS[id].label })),
    sorts: [...CLASS_SORTS],
    AllowCasualEnrolments: profile?.AllowCasualEnrolments ?? false,
    IncludeTemporaryEnrolmentsInCount: company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount,
  };
}

export function ocrProfile(company: Company, profileId: number) {
  const p = profileOf(company, profileId)!;
  return {
    OCRProfileID: p.OCRProfileID,
    ProfileName: p.ProfileName,
    DisplayName: p.DisplayName,
    PageType: p.PageType,
    CustomCustomerTerm: p.CustomCustomerTerm,
    CustomStudentTerm: p.CustomStudentTerm,
    SkipStudents: p.SkipStudents,
    AutoEnroll: p.AutoEnroll,
    AllowCasualEnrolments: p.AllowCasualEnrolments,
    ShowCAPTCHA: p.ShowCAPTCHA,
    DefaultState: p.DefaultState,
    CanSelectCustomMedicalCondition: p.CanSelectCustomMedicalCondition,
    EmailMarketingAgreement: p.EmailMarketingAgreement.replaceAll('{company}', company.settings.CompanyDisplayName),
    RegistrationHeader: p.RegistrationHeader,
    RegistrationText: p.RegistrationText,
    registrationImage: p.registrationImage,
    OpensAt: p.OpensAt,
  };
}

/** A class's places left: its term count, its next session's one-session enrolments (as IncludeTemporaryEnrolmentsInCount says) and the offers it keeps. */
const placesLeftOf = (r: { capacity: number; enrolled_count: number; singles: number | string; offers: number | string }) =>
  Math.max(0, r.capacity - r.enrolled_count - Number(r.singles) - Number(r.offers));

/** The one-session enrolments that count against a class's next session. */
const singleKindsOf = (company: Company): ('casual' | 'temporary')[] => (company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount ? ['casual', 'temporary'] : ['casual']);

/** A class as the search shows it: its count follows IncludeTemporaryEnrolmentsInCount, and held offers keep places. */
function toClassSummary(r: searchRepo.ClassRow): ClassSummary {
  const count = r.enrolled_count + Number(r.singles);
  const placesLeft = placesLeftOf(r);
  return {
    ClassID: r.id,
    Name: r.name,
    LessonFormatID: r.lesson_format_id,
    LessonFormat: r.lesson_format ?? '',
    VenueID: r.venue_id,
    Venue: r.venue ?? '',
    Court: r.court,
    Standard: r.standard,
    Staff: r.staff,
    Day: r.day_of_week,
    Time: r.start_time,
    Duration: r.duration_minutes,
    Capacity: r.capacity,
    ClassCount: count,
    PlacesLeft: placesLeft,
    IsFull: placesLeft === 0,
    MinAge: r.min_age,
    MaxAge: r.max_age,
    Price: r.price_cents,
    CasualPrice: r.casual_price_cents,
    dates: r.dates ? r.dates.split(',') : [],
  };
}

type SearchInput = Required<Omit<ClassSearch, 'ocr_profile_id' | 'date_from' | 'date_to' | 'age'>> & ClassSearch;
type SearchAnswer = { rows: ClassSummary[]; total: number };

export async function searchClasses(ctx: Ctx, company: Company, input: SearchInput, c: Clock = clock(company, ctx.clock.now())): Promise<SearchAnswer> {
  profileOf(company, input.ocr_profile_id);
  let standards: string[] = [];
  if (input.standards.length) {
    const lists = await findListItems(ctx, company.id);
    standards = lists.filter((l) => l.list_name === 'standards' && input.standards.includes(l.id)).map((l) => l.display_name);
    if (standards.length === 0) return { rows: [], total: 0 };
  }
  const { rows, total } = await searchRepo.searchClasses(ctx.db, ctx.engine, {
    companyId: company.id,
    today: c.today,
    time: c.time,
    now: c.now,
    venues: input.venues,
    lessonFormats: input.lesson_formats,
    standards,
    days: input.days,
    times: input.times_of_day.map((t) => TIME_OF_DAY_BOUNDS[t]),
    dateFrom: input.date_from,
    dateTo: input.date_to,
    age: input.age,
    profile: input.ocr_profile_id,
    sort: input.sort,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    singleKinds: singleKindsOf(company),
  });
  return { rows: rows.map(toClassSummary), total };
}

/** A list filter as a set: the same members in one order (the default sort, numbers as text). */
const sorted = <T extends string | number>(list: readonly T[]) => [...list].sort();

/**
 * The class search with its answers kept `ttlMs` (CLASS_SEARCH_CACHE_MS) per company, settings
 * version, company minute and request (decision 044): every family of a company searching the
 * same filters in that time shares one search, and concurrent misses of one key share one
 * (lru-cache's fetch). An answer is at most `ttlMs` old; the places it shows are a guide, the
 * checkout takes them under the class lock. A refusal or failure is not kept. At most 200
 * answers are held, 5–100 KB each. One per app instance; a TTL of 0 searches every call.
 */
export function cachedClassSearch(ttlMs: number, maxAnswers = 200) {
  type Search = { ctx: Ctx; company: Company; input: SearchInput; c: Clock };
  const answers = new LRUCache<string, SearchAnswer, Search>({
    max: maxAnswers,
    ttl: Math.max(ttlMs, 1),
    // A search pushed out by newer keys while it runs still answers the families waiting on it
    // (lru-cache would reject them with "evicted"): the bound is on what is kept, not on what runs.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => searchClasses(context.ctx, context.company, context.input, context.c),
  });
  return (ctx: Ctx, company: Company, input: SearchInput): Promise<SearchAnswer> => {
    const c = clock(company, ctx.clock.now());
    if (ttlMs <= 0) return searchClasses(ctx, company, input, c);
    // The list filters are sets: [4, 2] asks what [2, 4] asks.
    const sets = { venues: sorted(input.venues), lesson_formats: sorted(input.lesson_formats), standards: sorted(input.standards), days: sorted(input.days), times_of_day: sorted(input.times_of_day) };
    const key = `${company.id}:${company.configVersion}:${c.today}T${c.time}:${JSON.stringify({ ...input, ...sets })}`;
    return answers.forceFetch(key, { context: { ctx, company, input, c } });
  };
}

/** The places left in the company's classes that still run, each counted as the search counts it (the waiting room shows them). */
async function countPlacesLeft(ctx: Ctx, company: Company): Promise<number> {
  const c = clock(company, ctx.clock.now());
  const rows = await searchRepo.findClassPlaces(ctx.db, { engine: ctx.engine, companyId: company.id, today: c.today, time: c.time, now: c.now, singleKinds: singleKindsOf(company) });
  return rows.reduce((n, r) => n + placesLeftOf(r), 0);
}

/**
 * The places left, shared for `ttlMs` (CLASS_SEARCH_CACHE_MS, as the search's places) per company
 * and settings version: a morning's waiting families, asking every few seconds, share one count a
 * second, and concurrent misses share one (lru-cache's fetch). A TTL of 0 counts on every call.
 */
export function cachedPlacesLeft(ttlMs: number, maxCompanies = 1000) {
  type Count = { ctx: Ctx; company: Company };
  const counts = new LRUCache<string, number, Count>({
    max: maxCompanies,
    ttl: Math.max(ttlMs, 1),
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => countPlacesLeft(context.ctx, context.company),
  });
  return (ctx: Ctx, company: Company): Promise<number> => (ttlMs <= 0 ? countPlacesLeft(ctx, company) : counts.forceFetch(`${company.id}:${company.configVersion}`, { context: { ctx, company } }));
}

/** F12: this client's students already in the class. The client is the session's; a body naming another is refused as not found. */
export async function studentsEnrolledInClass(ctx: Ctx, company: Company, sessionClientId: number, bodyClientId: number, classId: number) {
  if (bodyClientId !== sessionClientId) throw notFound();
  const cls = await repo.findClass(ctx.db, company.id, classId);
  if (!cls) throw notFound();
  const c = clock(company, ctx.clock.now());
  const rows = await searchRepo.findClientStudentsInClass(ctx.db, company.id, sessionClientId, classId, c.today);
  return rows.map((r) => ({ StudentID: r.id, FirstName: r.first_name, LastName: r.last_name }));
}

/** The client's students with their age today (the search filters by it) and the classes each has a term place in. */
export async function clientStudents(ctx: Ctx, company: Company, clientId: number) {
  const c = clock(company, ctx.clock.now());
  const [students, places] = await Promise.all([listAllStudentsOfClient(ctx, company.id, clientId), searchRepo.findClientStudentClasses(ctx.db, company.id, clientId, c.today)]);
  return students.map((s) => ({
    StudentID: s.id,
    FirstName: s.first_name,
    LastName: s.last_name,
    DOB: s.dob,
    Age: ageOn(s.dob, c.today),
    ClassIDs: places.filter((p) => p.student_id === s.id).map((p) => p.class_id),
  }));
}

/**
 * A registration under a profile takes only the classes the profile offers, as its search lists
 * them (decision 134): the first other class chosen is refused on its field (`classes.{i}`).
 */
export async function assertClassesOffered(ctx: Ctx, company: Company, profileId: number, classes: readonly { ClassID: number }[]): Promise<void> {
  if (classes.length === 0) return;
  const rows = await searchRepo.findClassProfiles(ctx.db, company.id, [...new Set(classes.map((c) => c.ClassID))]);
  const at = classes.findIndex((c) => !offeredUnder(rows, c.ClassID, profileId));
  if (at >= 0) throw new AppError(422, 'CLASS_NOT_OFFERED', msg.classNotOffered, [{ field: `classes.${at}`, message: msg.classNotOffered }]);
}
