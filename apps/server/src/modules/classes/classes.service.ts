import type { ErrorCode } from '@portal/shared/error-codes';
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import {
  classMessages as msg,
  DAY_ABBREVIATIONS,
  TIME_OF_DAY_BOUNDS,
  TIMES_OF_DAY,
  CLASS_SORTS,
  type ClassSearch,
  type ClassSummary,
  type Makeup,
} from '@portal/shared/class-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { CompanySettings } from '@portal/shared/company-config';
import type { Db } from '../../db/database.ts';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { addDays, companyTimeZone, localNow, zonedParts } from '../../lib/time.ts';
import { findClientEmail, isEmailOptedOut, notifyClient } from '../messaging/messaging.api.ts';
import { renderMail } from '../messaging/messaging.api.ts';
import { findListItems } from '../company/company.api.ts';
import { listAllStudentsOfClient } from '../students/students.api.ts';
import * as repo from './classes.repository.ts';

const notFound = () => new AppError(404, 'NOT_FOUND', serverMessages.notFound);
const refuse = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

/** The company's today and time, and the instant, all read once per call. */
export function clock(company: Company, at = new Date()) {
  const local = localNow(companyTimeZone(company.settings.localization), at);
  return { today: local.date, time: local.time, now: at.toISOString(), at };
}
type Clock = ReturnType<typeof clock>;

/** The UTC instant of a wall-clock time in a zone (two passes settle daylight-saving edges). */
export function zonedInstant(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(timeZone, new Date(guess));
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return new Date(guess);
}


function assertClassReservations(company: Company) {
  const s = company.settings.switches;
  // X7: the same switch under two names; online class reservations must be on as well.
  if (!s.AllowOCR || !s.OnlineClassReservationsEnabled) throw refuse(403, 'FEATURE_DISABLED', serverMessages.forbidden);
}

function profileOf(company: Company, profileId: number | undefined) {
  if (profileId === undefined) return undefined;
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === profileId);
  if (!profile) throw notFound();
  return profile;
}

// Search and the filter form.

export async function classFields(ctx: Ctx, company: Company, profileId: number | undefined) {
  assertClassReservations(company);
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
    EmailMarketingAgreement: p.EmailMarketingAgreement.replaceAll('{company}', company.settings.OCRCompanyName || company.settings.CompanyDisplayName),
    RegistrationHeader: p.RegistrationHeader,
    RegistrationText: p.RegistrationText,
  };
}

/** A class as the search shows it: its count follows IncludeTemporaryEnrolmentsInCount, and held offers keep places. */
function toClassSummary(r: repo.ClassRow): ClassSummary {
  const count = r.enrolled_count + Number(r.singles);
  const placesLeft = Math.max(0, r.capacity - count - Number(r.offers));
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

export async function searchClasses(ctx: Ctx, company: Company, input: SearchInput, c: Clock = clock(company)): Promise<SearchAnswer> {
  assertClassReservations(company);
  profileOf(company, input.ocr_profile_id);
  let standards: string[] = [];
  if (input.standards.length) {
    const lists = await findListItems(ctx, company.id);
    standards = lists.filter((l) => l.list_name === 'standards' && input.standards.includes(l.id)).map((l) => l.display_name);
    if (standards.length === 0) return { rows: [], total: 0 };
  }
  const { rows, total } = await repo.searchClasses(ctx.db, ctx.engine, {
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
    sort: input.sort,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    singleKinds: company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount ? ['casual', 'temporary'] : ['casual'],
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
    const c = clock(company);
    if (ttlMs <= 0) return searchClasses(ctx, company, input, c);
    // The list filters are sets: [4, 2] asks what [2, 4] asks.
    const sets = { venues: sorted(input.venues), lesson_formats: sorted(input.lesson_formats), standards: sorted(input.standards), days: sorted(input.days), times_of_day: sorted(input.times_of_day) };
    const key = `${company.id}:${company.configVersion}:${c.today}T${c.time}:${JSON.stringify({ ...input, ...sets })}`;
    return answers.forceFetch(key, { context: { ctx, company, input, c } });
  };
}

/** A page of the client's class sessions still to come, judged on the company's own clock, not the server's. */
export function listUpcomingSessions(ctx: Ctx, company: Company, clientId: number, page: { limit: number; offset: number }) {
  const c = clock(company);
  return repo.findClientUpcomingSessions(ctx.db, { companyId: company.id, clientId, today: c.today, nowTime: c.time, ...page });
}

/** F12: this client's students already in the class. The client is the session's; a body naming another is refused as not found. */
export async function studentsEnrolledInClass(ctx: Ctx, company: Company, sessionClientId: number, bodyClientId: number, classId: number) {
  if (bodyClientId !== sessionClientId) throw notFound();
  const cls = await repo.findClass(ctx.db, company.id, classId);
  if (!cls) throw notFound();
  const c = clock(company);
  const rows = await repo.findClientStudentsInClass(ctx.db, company.id, sessionClientId, classId, c.today, c.now);
  return rows.map((r) => ({ StudentID: r.id, FirstName: r.first_name, LastName: r.last_name }));
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
export async function validateClassItem(db: Db, company: Company, clientId: number, item: ClassItem, at = new Date()): Promise<ValidatedClassItem> {
  const student = await repo.findClientStudent(db, company.id, clientId, item.student_id);
  if (!student) throw notFound();
  return checkClassItem(db, company, student.id, item, at);
}

/**
 * The same checks for a student an online registration has not written yet (no enrolment, no
 * offer of theirs to count): the class, its dates and a free place, and the price. StudentID is 0.
 */
export function validateNewStudentClassItem(db: Db, company: Company, item: Omit<ClassItem, 'student_id'>, at = new Date()): Promise<ValidatedClassItem> {
  return checkClassItem(db, company, null, { ...item, student_id: 0 }, at);
}

async function checkClassItem(db: Db, company: Company, studentId: number | null, item: ClassItem, at: Date): Promise<ValidatedClassItem> {
  assertClassReservations(company);
  const c = clock(company, at);
  const cls = await repo.findClass(db, company.id, item.class_id);
  if (!cls) throw notFound();
  const student = { id: studentId ?? 0 };
  const upcoming = (await repo.findUpcomingSessions(db, company.id, [cls.id], c.today)).filter((s) => !(s.date === c.today && s.start_time <= c.time));
  if (upcoming.length === 0) throw refuse(422, 'NO_SESSIONS', msg.noSessionsLeft);
  const existing = studentId === null ? [] : await repo.findStudentEnrolmentsInClass(db, company.id, cls.id, studentId, c.now);
  const includeTemporary = company.settings.ocr_config.IncludeTemporaryEnrolmentsInCount;
  const offerHeld = studentId === null ? undefined : await repo.findHeldOffer(db, company.id, cls.id, studentId, c.now);
  const offers = Number((await repo.countHeldOffers(db, company.id, [cls.id], c.now))[0]?.n ?? 0) - (offerHeld ? 1 : 0);

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
    const taken = await repo.sessionOccupancy(db, company.id, cls.id, date, c.now, session.id, includeTemporary);
    const placesLeft = cls.capacity - taken - offers;
    if (placesLeft <= 0) throw refuse(409, 'CLASS_FULL', msg.classFull);
    return {
      ClassID: cls.id,
      StudentID: student.id,
      kind: 'casual',
      Name: cls.name,
      dates: [date],
      unit_price: cls.casual_price_cents ?? cls.price_cents,
      PlacesLeft: placesLeft,
      startDate: date,
      lessonFormatId: cls.lesson_format_id,
    };
  }

  if (existing.some((e) => e.kind === 'ongoing')) throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled);
  const first = upcoming[0]!;
  const ongoing = await repo.countOngoing(db, company.id, cls.id, first.date, c.now);
  const temporaries = includeTemporary ? Number((await repo.countOneSessionPlaces(db, company.id, [cls.id], first.date, c.now, ['temporary'])).find((r) => r.date === first.date)?.n ?? 0) : 0;
  const placesLeft = cls.capacity - ongoing - temporaries - offers;
  if (placesLeft <= 0) throw refuse(409, 'CLASS_FULL', msg.classFull);
  return {
    ClassID: cls.id,
    StudentID: student.id,
    kind: 'ongoing',
    Name: cls.name,
    dates: upcoming.map((s) => s.date),
    unit_price: cls.price_cents,
    PlacesLeft: placesLeft,
    startDate: first.date,
    lessonFormatId: cls.lesson_format_id,
  };
}

/**
 * Writes enrolments for validated items inside the caller's transaction, each after taking its
 * class's lock and checking again, so two checkouts for the last place cannot both win.
 * `hold` keeps the places until the instant given (status "held"); without it they are
 * confirmed at once. Answers the enrolment ids in the order of the items.
 */
export async function createEnrolments(
  trx: Db,
  company: Company,
  clientId: number,
  items: ClassItem[],
  options: { holdUntil?: Date; at?: Date } = {},
): Promise<{ ids: number[]; items: ValidatedClassItem[] }> {
  const at = options.at ?? new Date();
  const c = clock(company, at);
  const ids: number[] = [];
  const validated: ValidatedClassItem[] = [];
  for (const item of [...items].sort((a, b) => a.class_id - b.class_id)) {
    if (!(await repo.lockClass(trx, company.id, item.class_id))) throw notFound();
    const v = await validateClassItem(trx, company, clientId, item, at);
    const id = await repo.insertEnrolment(trx, {
      company_id: company.id,
      class_id: v.ClassID,
      student_id: v.StudentID,
      kind: v.kind,
      start_date: v.startDate,
      end_date: v.kind === 'casual' ? v.startDate : null,
      status: options.holdUntil ? 'held' : 'active',
      hold_until: options.holdUntil ? options.holdUntil.toISOString() : null,
      created_at: c.now,
    });
    await repo.closeWaitlistForStudent(trx, company.id, v.ClassID, v.StudentID, c.now);
    if (v.kind === 'ongoing') await repo.refreshClassCounts(trx, company.id, c.today, c.now, [v.ClassID]);
    ids[items.indexOf(item)] = id;
    validated[items.indexOf(item)] = v;
  }
  return { ids, items: validated };
}

/** Confirms held enrolments in the caller's transaction; false when any hold lapsed (sell nothing then). */
export async function confirmEnrolments(trx: Db, companyId: number, ids: number[], at = new Date()): Promise<boolean> {
  return (await repo.confirmHeld(trx, companyId, ids, at.toISOString())) === ids.length;
}

/** Gives held places back (a failed charge). */
export async function releaseEnrolments(db: Db, company: Company, ids: number[]): Promise<void> {
  const c = clock(company);
  const classIds = await repo.releaseHeld(db, company.id, ids);
  if (classIds.length) await repo.refreshClassCounts(db, company.id, c.today, c.now, classIds);
}

// Enrolments, sessions, absences.

export async function listStudentEnrolments(ctx: Ctx, company: Company, clientId: number, q: { id: number; filter: 'current' | 'future' | 'past'; page: number; limit: number }) {
  const student = await repo.findClientStudent(ctx.db, company.id, clientId, q.id);
  if (!student) throw notFound();
  const c = clock(company);
  return repo.findStudentEnrolments(ctx.db, { companyId: company.id, clientId, studentId: q.id, filter: q.filter, today: c.today, limit: q.limit, offset: (q.page - 1) * q.limit });
}

function sessionStart(company: Company, date: string, time: string) {
  return zonedInstant(companyTimeZone(company.settings.localization), date, time);
}
function absenceCutoff(company: Company, date: string, time: string) {
  return new Date(sessionStart(company, date, time).getTime() - company.settings.classes_setup.AbsenceCutoffHours * 3_600_000);
}

export async function studentSessions(ctx: Ctx, company: Company, clientId: number, classId: number, studentId: number) {
  const cls = await repo.findClass(ctx.db, company.id, classId);
  const enrolments = await repo.findEnrolmentsOfStudentInClass(ctx.db, company.id, clientId, classId, studentId);
  if (!cls || enrolments.length === 0) throw notFound();
  const covered = (date: string) => enrolments.some((e) => e.start_date <= date && (e.end_date === null || e.end_date >= date));
  const sessions = (await repo.findSessionsOfClass(ctx.db, company.id, classId)).filter((s) => covered(s.date));
  const absences = new Map((await repo.findAbsencesOfStudent(ctx.db, company.id, studentId, sessions.map((s) => s.id))).map((a) => [a.session_id, a]));
  const at = new Date();
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
        Past: past,
      };
    }),
  };
}

function assertAbsences(company: Company) {
  if (!company.settings.switches.CanNotifyAbsence) throw refuse(403, 'FEATURE_DISABLED', msg.absenceNotAllowed);
}

function earnsMakeup(company: Company) {
  return company.settings.switches.CanTakeMakeups && company.settings.classes_setup.AbsenceEarnsMakeup;
}

export async function absenceReasons(ctx: Ctx, company: Company, clientId: number, sessionId: number) {
  assertAbsences(company);
  const session = await repo.findSession(ctx.db, company.id, sessionId);
  if (!session) throw notFound();
  // The session must be one of this client's students' (else it is another family's business).
  const mine = await clientStudentsInSession(ctx.db, company, clientId, session);
  if (mine.length === 0) throw notFound();
  return {
    reasons: company.settings.classes_setup.AbsenceReasons.map((name, i) => ({ id: i + 1, name })),
    cutoff: absenceCutoff(company, session.date, session.start_time).toISOString(),
    earns_makeup: earnsMakeup(company),
  };
}

async function clientStudentsInSession(db: Db, company: Company, clientId: number, session: { class_id: number; date: string }) {
  return (await repo.findClientSessionsFrom(db, company.id, clientId, session.date, session.date)).filter((r) => r.date === session.date);
}

function toMakeup(row: repo.MakeupRow, today: string): Makeup {
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
  };
}

export async function notifyAbsence(ctx: Ctx, company: Company, clientId: number, input: { session_id: number; student_id: number; reason_id: number }) {
  assertAbsences(company);
  const session = await repo.findSession(ctx.db, company.id, input.session_id);
  if (!session) throw notFound();
  const inSession = (await clientStudentsInSession(ctx.db, company, clientId, session)).find((r) => r.student_id === input.student_id && r.session_id === session.id);
  if (!inSession) throw notFound();
  if (session.status !== 'scheduled') throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
  const reasons = company.settings.classes_setup.AbsenceReasons;
  const reason = reasons[input.reason_id - 1];
  if (!reason) throw new AppError(400, 'VALIDATION', 'Choose a reason', [{ field: 'reason_id', message: 'Choose a reason' }]);
  const at = new Date();
  if (absenceCutoff(company, session.date, session.start_time) <= at) throw refuse(422, 'TOO_LATE', msg.absenceTooLate);
  const c = clock(company, at);
  const makeupId = await ctx.transaction(async (tx) => {
    const absenceId = await repo.insertAbsence(tx.db, { company_id: company.id, session_id: session.id, student_id: input.student_id, client_id: clientId, reason, notified_at: c.now });
    if (absenceId === null) throw refuse(409, 'ALREADY_ABSENT', msg.absenceAlready);
    // A make-up only for a place the student really gives up (not a make-up missed in turn).
    if (!earnsMakeup(company) || inSession.kind === 'temporary') return null;
    return repo.insertMakeupCredit(tx.db, {
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
  const makeup = makeupId === null ? null : await repo.findMakeup(ctx.db, company.id, clientId, makeupId);
  return { success: true as const, message: msg.absenceSaved, makeup: makeup ? toMakeup(makeup, c.today) : null };
}

// Make-ups.

function assertMakeups(company: Company) {
  if (!company.settings.switches.CanTakeMakeups) throw refuse(403, 'FEATURE_DISABLED', msg.makeupsNotAllowed);
}

export async function listMakeups(ctx: Ctx, company: Company, clientId: number) {
  assertMakeups(company);
  const c = clock(company);
  const order = { available: 0, used: 1, expired: 2 } as const;
  // Usable credits first, soonest to expire first; then booked, then expired.
  return (await repo.findMakeups(ctx.db, company.id, clientId)).map((r) => toMakeup(r, c.today)).sort((a, b) => order[a.Status] - order[b.Status] || a.ExpiresOn.localeCompare(b.ExpiresOn) || a.MakeupID - b.MakeupID);
}

async function usableMakeup(db: Db, company: Company, clientId: number, makeupId: number, c: Clock) {
  const makeup = await repo.findMakeup(db, company.id, clientId, makeupId);
  if (!makeup) throw notFound();
  if (makeup.used_at) throw refuse(409, 'MAKEUP_USED', msg.makeupUsed);
  if (makeup.expires_on < c.today) throw refuse(422, 'MAKEUP_EXPIRED', msg.makeupExpired);
  return makeup;
}

/** Sessions of the credit's lesson format, from now until it expires, with a free place. */
export async function makeupSessions(ctx: Ctx, company: Company, clientId: number, makeupId: number) {
  assertMakeups(company);
  const c = clock(company);
  const makeup = await usableMakeup(ctx.db, company, clientId, makeupId, c);
  const sessions = (await repo.findSessionsOfFormat(ctx.db, company.id, makeup.lesson_format_id, c.today, makeup.expires_on)).filter(
    (s) => sessionStart(company, s.date, s.start_time) > c.at,
  );
  const taken = await repo.occupancyOfSessions(ctx.db, company.id, sessions, c.now);
  return sessions
    .map((s) => ({ SessionID: s.id, ClassID: s.class_id, ClassName: s.name, Venue: s.venue ?? '', Date: s.date, Time: s.start_time, Duration: s.duration_minutes, PlacesLeft: s.capacity - (taken.get(s.id) ?? 0) }))
    .filter((s) => s.PlacesLeft > 0);
}

/**
 * Books a credit into a session in one transaction under the class's lock: the credit is the
 * client's, unused and unexpired, the session is of its lesson format, still to come, has a
 * free place, and the student is not in it already.
 */
export async function bookMakeup(ctx: Ctx, company: Company, clientId: number, input: { makeup_id: number; session_id: number }) {
  assertMakeups(company);
  const c = clock(company);
  await ctx.transaction(async (tx) => {
    const session = await repo.findSession(tx.db, company.id, input.session_id);
    if (!session) throw notFound();
    if (!(await repo.lockClass(tx.db, company.id, session.class_id))) throw notFound();
    const makeup = await usableMakeup(tx.db, company, clientId, input.makeup_id, c);
    if (session.lesson_format_id !== makeup.lesson_format_id) throw refuse(422, 'MAKEUP_FORMAT', msg.makeupFormat);
    if (session.status !== 'scheduled' || sessionStart(company, session.date, session.start_time) <= c.at) throw refuse(422, 'SESSION_NOT_OPEN', msg.sessionNotOpen);
    if (session.date > makeup.expires_on) throw refuse(422, 'MAKEUP_EXPIRED', msg.makeupExpired);
    const already = await repo.findStudentEnrolmentsInClass(tx.db, company.id, session.class_id, makeup.student_id, c.now);
    if (already.some((e) => e.start_date <= session.date && (e.end_date === null || e.end_date >= session.date))) throw refuse(409, 'ALREADY_ENROLLED', msg.alreadyEnrolled);
    const taken = await repo.sessionOccupancy(tx.db, company.id, session.class_id, session.date, c.now, session.id, true);
    if (taken >= session.capacity) throw refuse(409, 'SESSION_FULL', msg.sessionFull);
    const enrolmentId = await repo.insertEnrolment(tx.db, {
      company_id: company.id,
      class_id: session.class_id,
      student_id: makeup.student_id,
      kind: 'temporary',
      start_date: session.date,
      end_date: session.date,
      status: 'temporary',
      hold_until: null,
      created_at: c.now,
    });
    if (!(await repo.useMakeupCredit(tx.db, company.id, clientId, makeup.id, enrolmentId, c.now, c.today))) throw refuse(409, 'MAKEUP_USED', msg.makeupUsed);
  });
  const makeup = await repo.findMakeup(ctx.db, company.id, clientId, input.makeup_id);
  return { success: true as const, message: msg.makeupBooked, makeup: toMakeup(makeup!, c.today) };
}

// Waitlist.

export async function joinWaitlist(ctx: Ctx, company: Company, clientId: number, input: { class_id: number; student_id: number }) {
  assertClassReservations(company);
  const c = clock(company);
  const [cls, student] = await Promise.all([repo.findClass(ctx.db, company.id, input.class_id), repo.findClientStudent(ctx.db, company.id, clientId, input.student_id)]);
  if (!cls || !student) throw notFound();
  try {
    await validateClassItem(ctx.db, company, clientId, { class_id: cls.id, student_id: student.id, kind: 'ongoing', dates: [] });
    throw refuse(409, 'NOT_FULL', msg.waitlistNotFull);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CLASS_FULL') throw err;
  }
  if (await repo.findOpenWaitlistEntry(ctx.db, company.id, cls.id, student.id)) throw refuse(409, 'ALREADY_WAITING', msg.waitlistAlready);
  await repo.insertWaitlistEntry(ctx.db, { company_id: company.id, class_id: cls.id, student_id: student.id, client_id: clientId, created_at: c.now });
  return listWaitlist(ctx, company, clientId);
}

export async function listWaitlist(ctx: Ctx, company: Company, clientId: number) {
  const rows = await repo.findClientWaitlist(ctx.db, company.id, clientId);
  return rows.map((r) => ({
    WaitlistID: r.id,
    ClassID: r.class_id,
    ClassName: r.class_name,
    StudentID: r.student_id,
    StudentName: `${r.first_name} ${r.last_name}`,
    Position: Number(r.position),
    Status: r.status === 'offered' ? ('offered' as const) : ('waiting' as const),
    OfferExpiresAt: r.status === 'offered' ? r.offer_expires_at : null,
  }));
}

export async function leaveWaitlist(ctx: Ctx, company: Company, clientId: number, entryId: number) {
  const c = clock(company);
  if (!(await repo.closeWaitlistEntry(ctx.db, company.id, clientId, entryId, 'left', c.now))) throw notFound();
  return listWaitlist(ctx, company, clientId);
}

/**
 * The waitlist sweep: offers whose hold lapsed pass on; each class with a free place offers it
 * to the first family waiting, by notification and e-mail, held for the company's period.
 * `loadCompany` resolves a company id (the sweep runs outside any request).
 */
export async function sweepWaitlists(ctx: Ctx, loadCompany: (companyId: number) => Promise<Company | undefined>, at = new Date()): Promise<number> {
  const now = at.toISOString();
  await repo.expireOffers(ctx.db, now);
  const lapsed = await repo.deleteLapsedHolds(ctx.db, now);
  const touched = new Map<number, Set<number>>();
  for (const h of lapsed) touched.set(h.company_id, (touched.get(h.company_id) ?? new Set()).add(h.class_id));
  for (const [companyId, classIds] of touched) {
    const company = await loadCompany(companyId);
    if (company) await repo.refreshClassCounts(ctx.db, companyId, clock(company, at).today, now, [...classIds]);
  }
  let offered = 0;
  for (const { company_id, class_id } of await repo.findClassesWithWaiting(ctx.db)) {
    const company = await loadCompany(company_id);
    if (!company) continue;
    const mails: { clientId: number; title: string; content: string }[] = [];
    offered += await ctx.transaction(async (tx) => {
      if (!(await repo.lockClass(tx.db, company_id, class_id))) return 0;
      const c = clock(company, at);
      const cls = await repo.findClass(tx.db, company_id, class_id);
      if (!cls) return 0;
      const upcoming = await repo.findUpcomingSessions(tx.db, company_id, [class_id], c.today);
      if (upcoming.length === 0) return 0;
      const ongoing = await repo.countOngoing(tx.db, company_id, class_id, upcoming[0]!.date, now);
      const held = Number((await repo.countHeldOffers(tx.db, company_id, [class_id], now))[0]?.n ?? 0);
      const free = cls.capacity - ongoing - held;
      if (free <= 0) return 0;
      const hours = company.settings.classes_setup.WaitlistOfferHours;
      const expires = new Date(at.getTime() + hours * 3_600_000).toISOString();
      let made = 0;
      for (const entry of await repo.findFirstWaiting(tx.db, company_id, class_id, free)) {
        if (!(await repo.markOffered(tx.db, company_id, entry.id, now, expires))) continue;
        made += 1;
        const title = `A place is free in ${cls.name}`;
        const content = `A place in ${cls.name} is held for you for ${hours} hours. Add the class to your cart and check out before then, or it passes to the next family on the waitlist.`;
        await notifyClient(tx.db, { companyId: company_id, clientId: entry.client_id, category: 'classes', title, content, tagData: { class_id, waitlist_id: entry.id }, createdAt: now });
        mails.push({ clientId: entry.client_id, title, content });
      }
      return made;
    });
    // E-mail only once the offer is committed.
    for (const m of mails) {
      if (await isEmailOptedOut(ctx, company_id, m.clientId, 'classes')) continue;
      const client = await findClientEmail(ctx, company_id, m.clientId);
      if (!client?.email) continue;
      const action = { label: 'View classes', url: `${ctx.env.PUBLIC_URL ?? ''}/hub/classes` };
      ctx.mailer.queue({ companyId: company_id, to: client.email, subject: m.title, ...renderMail(company.settings, [`Hi ${client.first_name},`, m.content], action) });
    }
  }
  return offered;
}

// Calendar feed.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function calendarFeedStatus(ctx: Ctx, company: Company, clientId: number) {
  const feed = await repo.findActiveCalendarFeed(ctx.db, company.id, clientId);
  return { active: feed !== undefined, created_at: feed?.created_at ?? null };
}

/** A new secret URL (the old one stops working); the token is shown now and stored only hashed. */
export async function createCalendarFeed(ctx: Ctx, company: Company, clientId: number, origin: string) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  await ctx.transaction((tx) => repo.replaceCalendarFeed(tx.db, company.id, clientId, hashToken(token), now));
  return { active: true as const, created_at: now, url: `${origin}/api/classes/calendar/${token}.ics` };
}

export async function revokeCalendarFeed(ctx: Ctx, company: Company, clientId: number) {
  await repo.revokeCalendarFeeds(ctx.db, company.id, clientId, new Date().toISOString());
  return { active: false, created_at: null };
}

/** The ICS text a feed token opens, or undefined (unknown or revoked). */
export async function renderCalendarFeed(ctx: Ctx, token: string, loadCompany: (companyId: number) => Promise<Company | undefined>): Promise<string | undefined> {
  const feed = await repo.findCalendarFeedByHash(ctx.db, hashToken(token));
  if (!feed) return undefined;
  const company = await loadCompany(feed.company_id);
  if (!company) return undefined;
  const zone = companyTimeZone(company.settings.localization);
  const c = clock(company);
  const rows = await repo.findClientSessionsFrom(ctx.db, company.id, feed.client_id, addDays(c.today, -7), addDays(c.today, 180));
  const cal = ical({ name: `${company.settings.CompanyDisplayName} classes`, timezone: zone, prodId: { company: 'Customer Hub', product: 'classes' } });
  for (const r of rows) {
    const start = zonedInstant(zone, r.date, r.start_time);
    const absent = r.absence_reason !== null;
    const what = r.kind === 'temporary' ? `${r.name} (make-up)` : r.name;
    cal.createEvent({
      id: `session-${r.session_id}-student-${r.student_id}@${company.code.toLowerCase()}.customer-hub`,
      start,
      end: new Date(start.getTime() + r.duration_minutes * 60_000),
      timezone: zone,
      summary: `${r.first_name}: ${what}${absent ? ' – absent' : ''}${r.status === 'cancelled' ? ' – cancelled' : ''}`,
      location: [r.venue, r.court].filter(Boolean).join(', ') || null,
      description: absent ? `Absence notified: ${r.absence_reason}` : null,
      status: r.status === 'cancelled' || absent ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}

/** Counts after a bundle import (the importer writes enrolments itself). */
export async function refreshCounts(db: Db, company: Company) {
  const c = clock(company);
  await repo.refreshClassCounts(db, company.id, c.today, c.now);
}

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
    const absenceId = await repo.insertAbsence(trx, { company_id: companyId, session_id: session.id, student_id: a.studentId, client_id: clientId, reason: a.reason, notified_at: scope.now });
    if (!a.credit || absenceId === null) continue;
    const creditId = await repo.insertMakeupCredit(trx, {
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
    const enrolmentId = await repo.insertEnrolment(trx, {
      company_id: companyId,
      class_id: target.class_id,
      student_id: a.studentId,
      kind: 'temporary',
      start_date: target.date,
      end_date: target.date,
      status: 'temporary',
      hold_until: null,
      created_at: scope.now,
    });
    await repo.markMakeupUsed(trx, companyId, creditId, enrolmentId, scope.now);
  }
  for (const w of data.waitlist) {
    const clientId = await clientOf(w.studentId);
    if (clientId === undefined) continue;
    await repo.insertWaitlistEntry(trx, { company_id: companyId, class_id: w.classId, student_id: w.studentId, client_id: clientId, created_at: scope.now });
  }
  await repo.refreshClassCounts(trx, companyId, scope.today, scope.now);
}

function ageOn(dob: string | null, today: string): number | null {
  if (!dob) return null;
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The client's students with their age today (the search filters by it). */
export async function clientStudents(ctx: Ctx, company: Company, clientId: number) {
  const c = clock(company);
  return (await listAllStudentsOfClient(ctx, company.id, clientId)).map((s) => ({ StudentID: s.id, FirstName: s.first_name, LastName: s.last_name, DOB: s.dob, Age: ageOn(s.dob, c.today) }));
}
