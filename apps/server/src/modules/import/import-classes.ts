import type { Db } from '../../db/database.ts';
import { importClassActivity } from '../classes/classes.api.ts';
import { resolveDate, weeklyDates } from './bundle-dates.ts';
import type { BundleIssue } from './bundle-issues.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { insertRows, insertRowsReturningIds } from './import.repository.ts';
import type { ImportScope } from './import-scope.ts';

/** A class after relative dates are resolved against the import day. */
export interface ResolvedClass {
  /** Session dates by week index (weekly classes) or position (explicit dates). */
  byWeek: (week: number) => string | undefined;
  sessions: { date: string; status: 'scheduled' | 'cancelled' }[];
  enrolments: { student: string; start_date: string; end_date: string | null; status: string }[];
}

/** Checks that need the import day: they compare resolved dates. */
export function resolveClasses(bundle: CompanyBundle, today: string): { classes: ResolvedClass[]; issues: BundleIssue[] } {
  const issues: BundleIssue[] = [];
  const classes = bundle.classes.map((cls, ci): ResolvedClass => {
    const { dates: explicit, weeks_before = 0, weeks_after = 0, cancelled_weeks = [] } = cls.sessions;
    const dates = explicit ? explicit.map((d) => resolveDate(d, today)) : weeklyDates(cls.day_of_week, today, weeks_before, weeks_after);
    const cancelled = new Set<string>();
    for (const w of cancelled_weeks) {
      const date = dates[w + weeks_before];
      if (date) cancelled.add(date);
    }
    cls.cancelled.forEach((d, i) => {
      const date = resolveDate(d, today);
      if (!dates.includes(date)) issues.push({ path: `classes.${ci}.cancelled.${i}`, message: `${date} is not one of this class's session dates` });
      cancelled.add(date);
    });
    const seen = new Set<string>();
    dates.forEach((d, i) => {
      // Relative and absolute forms can name the same day; the schema cannot see that.
      if (seen.has(d)) issues.push({ path: `classes.${ci}.sessions.dates.${i}`, message: `Duplicate session date ${d}` });
      seen.add(d);
    });
    const enrolments = cls.enrolments.map((e, ei) => {
      const start = resolveDate(e.start_date, today);
      const end = e.end_date === undefined ? null : resolveDate(e.end_date, today);
      if (end !== null && end < start) issues.push({ path: `classes.${ci}.enrolments.${ei}.end_date`, message: 'end_date is before start_date' });
      return { student: e.student, start_date: start, end_date: end, status: e.status };
    });
    return {
      byWeek: (week: number) => dates[week + (explicit ? 0 : weeks_before)],
      sessions: [...seen].sort().map((date) => ({ date, status: cancelled.has(date) ? ('cancelled' as const) : ('scheduled' as const) })),
      enrolments,
    };
  });
  return { classes, issues };
}

/** Classes with their sessions, enrolments, absences, make-ups and waiting lists. */
export async function importClasses(
  trx: Db,
  scope: ImportScope,
  input: { bundle: CompanyBundle; classes: ResolvedClass[]; formatIds: Map<string, number>; venueIds: Map<string, number>; studentIds: Map<string, number> },
): Promise<void> {
  const { companyId: company_id, now, today } = scope;
  const { bundle, classes, formatIds, venueIds, studentIds } = input;
  const classIds = await insertRowsReturningIds(
    trx,
    'classes',
    bundle.classes.map((c) => ({
      company_id,
      name: c.name,
      lesson_format_id: c.lesson_format === undefined ? null : (formatIds.get(c.lesson_format) as number),
      venue_id: c.venue === undefined ? null : (venueIds.get(c.venue) as number),
      court: c.court,
      day_of_week: c.day_of_week,
      start_time: c.start_time,
      duration_minutes: c.duration_minutes ?? (bundle.lesson_formats.find((f) => f.key === c.lesson_format)?.duration_minutes as number),
      standard: c.standard,
      capacity: c.capacity,
      staff: c.staff,
      min_age: c.min_age ?? null,
      max_age: c.max_age ?? null,
      price_cents: c.price_cents,
      casual_price_cents: c.casual_price_cents ?? null,
    })),
  );
  await insertRows(
    trx,
    'class_profiles',
    bundle.classes.flatMap((c, i) => c.profiles.map((profile_id) => ({ company_id, class_id: classIds[i] as number, profile_id }))),
  );
  await insertRows(
    trx,
    'class_sessions',
    bundle.classes.flatMap((c, i) => (classes[i] as ResolvedClass).sessions.map((s) => ({ company_id, class_id: classIds[i] as number, date: s.date, start_time: c.start_time, status: s.status }))),
  );
  await insertRows(
    trx,
    'enrolments',
    classes.flatMap((c, i) =>
      c.enrolments.map((e) => ({
        company_id,
        class_id: classIds[i] as number,
        student_id: studentIds.get(e.student) as number,
        start_date: e.start_date,
        end_date: e.end_date,
        status: e.status,
        kind: e.status === 'temporary' ? ('temporary' as const) : ('ongoing' as const),
        created_at: now,
      })),
    ),
  );

  await importClassActivity(
    trx,
    { companyId: company_id, settings: bundle.company.config, today, now },
    {
      absences: bundle.classes.flatMap((cls, ci) =>
        cls.enrolments.flatMap((e) =>
          e.absences.map((a) => {
            const at = (classIndex: number, ref: { date?: string | undefined; week?: number | undefined }) =>
              ref.week !== undefined ? (classes[classIndex] as ResolvedClass).byWeek(ref.week) : ref.date !== undefined ? resolveDate(ref.date, today) : undefined;
            const bookedIndex = a.makeup_booked ? bundle.classes.findIndex((c) => c.key === a.makeup_booked?.class) : -1;
            return {
              classId: classIds[ci] as number,
              date: at(ci, a),
              studentId: studentIds.get(e.student) as number,
              reason: a.reason,
              credit: a.makeup_credit,
              booked: a.makeup_booked && bookedIndex >= 0 ? { classId: classIds[bookedIndex] as number, date: at(bookedIndex, a.makeup_booked) } : undefined,
            };
          }),
        ),
      ),
      waitlist: bundle.classes.flatMap((cls, ci) => cls.waitlist.map((w) => ({ classId: classIds[ci] as number, studentId: studentIds.get(w) as number }))),
    },
  );
}
