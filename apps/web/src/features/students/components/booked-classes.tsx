import { useEffect, useRef, useState } from 'react';
import { ArrowLeftRightIcon, CalendarDaysIcon, ClockIcon, MapPinIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import type { BookedClass } from '@portal/shared/student-schemas';
import { EmptyState } from '@/components/ui/list-states';
import { cn } from '@/lib/cn';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { formatDate } from '@/lib/format';
import { companyTimeZone, todayIn } from '@portal/shared/date-time-text';
import { classWhenOn } from '@/lib/class-format';
import { courtName } from '@/lib/labels';
import { errorMessage } from '@/lib/api-client';
import { useClassSessions } from '@/entities/classes/get-class-sessions';
import { Spinner } from '@/components/ui/spinner';
import { ChangeClassDialog } from './change-class-dialog';
import { StudentWaitlist } from './student-waitlist';

/**
 * A class's dates for the student, from the class-session call of the spec (E5:
 * get-class-sessions?class_id&student_id), asked for when the list is opened; the session a link
 * named is marked and scrolled to.
 */
function ClassDates({ classId, className, studentId, markedSessionId }: { classId: number; className: string; studentId: number; markedSessionId?: number | undefined }) {
  const config = useConfig();
  const sessions = useClassSessions(classId, studentId);
  const marked = useRef<HTMLLIElement>(null);
  // Sessions already held are shown as past, not as dates still to come (the company's today).
  const today = todayIn(companyTimeZone(config));
  const loaded = sessions.data !== undefined;
  useEffect(() => {
    if (loaded) marked.current?.scrollIntoView({ block: 'center' });
  }, [loaded, markedSessionId]);
  if (sessions.isPending) return <Spinner size="sm" label={`Loading the dates of ${className}`} className="mt-2" />;
  if (sessions.isLoadingError)
    return (
      <p role="alert" className="mt-2 text-sm text-danger">
        {errorMessage(sessions.error)}
      </p>
    );
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Dates of ${className}`}>
      {sessions.data.sessions.map((d) => {
        const isMarked = d.SessionID === markedSessionId;
        const past = d.Date < today && d.Status !== 'cancelled';
        return (
          <li
            key={d.SessionID}
            ref={isMarked ? marked : undefined}
            aria-current={isMarked ? 'date' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-xs font-medium',
              d.Status === 'cancelled' ? 'border-line text-muted line-through' : past ? 'border-line bg-surface-muted text-muted' : 'border-line-strong text-ink',
              d.Absent && !isMarked && d.Status !== 'cancelled' && 'border-yellow-300 bg-yellow-100 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-200',
              isMarked && 'border-primary bg-primary text-on-primary',
            )}
          >
            {formatDate(d.Date, config.localization.DateFormat)}
            {/* An absence notified for it: the words of the Next session line and the Enrollments page. */}
            {d.Absent && d.Status !== 'cancelled' ? ' · Absent' : null}
            {d.Status === 'cancelled' ? <span className="sr-only"> (cancelled)</span> : past ? <span className="sr-only"> (past)</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The classes a student is booked into (E27), from the enrolments. A link from the home page or
 * a class-session message (Sessions=true, class_id, session_id) opens that class's dates with the
 * session marked (E5); each class's dates come from get-class-sessions when opened.
 */
export function BookedClasses({
  studentId,
  studentName = '',
  classes,
  openClassId,
  sessionId,
}: {
  studentId: number;
  studentName?: string;
  classes: BookedClass[];
  openClassId?: number | undefined;
  sessionId?: number | undefined;
}) {
  const config = useConfig();
  const [changing, setChanging] = useState<BookedClass | null>(null);
  // Decision 096: a place for the term, not yet ending, where the company lets families move themselves (and the role may: decision 101).
  const mayMove = useCan(classEndpoints.changeClass);
  const canChange = (c: BookedClass) => mayMove && c.Ongoing && c.EndDate === null && config.AllowOCR && config.OnlineClassReservationsEnabled && config.classes_setup?.AllowClassChange !== false;
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set(openClassId ? [openClassId] : []));
  const toggle = (classId: number, open: boolean) =>
    setOpened((prev) => {
      if (prev.has(classId) === open) return prev;
      const next = new Set(prev);
      if (open) next.add(classId);
      else next.delete(classId);
      return next;
    });

  if (classes.length === 0) {
    return (
      <>
        <EmptyState icon={<CalendarDaysIcon className="size-7" />} text="No classes booked yet" />
        <StudentWaitlist studentId={studentId} />
      </>
    );
  }
  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2">
        {classes.map((c) => {
          // The server answers the first session that is not over yet (decision 081).
          const next = c.next_session?.Date ?? null;
          return (
            <li key={c.ClassID} id={`class-${c.ClassID}`} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="text-base font-semibold text-ink">{c.OCRName}</h3>
                {/* The words of the Enrollments page: a make-up is one session in place of one missed, not a class of the term. */}
                {c.Kind === 'ongoing' ? null : <Badge tone="brand">{c.Kind === 'temporary' ? 'Make-up' : 'Casual'}</Badge>}
              </div>
              {c.LessonFormat ? <p className="text-sm text-muted">{c.LessonFormat.Name}</p> : null}
              <dl className="mt-3 grid gap-1.5 text-sm text-ink-soft">
                <div className="flex items-center gap-2">
                  <ClockIcon aria-hidden="true" className="size-4 text-muted" />
                  <dt className="sr-only">Time</dt>
                  <dd>
                    {classWhenOn(
                      { Day: c.DayOfWeek, Time: c.Time, Duration: c.DurationMinutes, dates: c.dates.filter((d) => d.Status === 'scheduled').map((d) => d.Date) },
                      config.classes_setup?.TimeDisplay,
                      config.localization.DateFormat,
                    )}
                  </dd>
                </div>
                {c.Venue ? (
                  <div className="flex items-center gap-2">
                    <MapPinIcon aria-hidden="true" className="size-4 text-muted" />
                    <dt className="sr-only">Venue</dt>
                    <dd>
                      {c.Venue.Name}
                      {c.Court ? ` · ${courtName(config, c.Court)}` : ''}
                    </dd>
                  </div>
                ) : null}
                <div className="flex items-center gap-2">
                  <CalendarDaysIcon aria-hidden="true" className="size-4 text-muted" />
                  <dt>Next session:</dt>
                  <dd className="font-medium text-ink">
                    {next ? formatDate(next, config.localization.DateFormat) : 'None scheduled'}
                    {/* The words of the Enrollments and Make-ups pages for a session the child will miss. */}
                    {c.next_session?.Absent ? ' · Absent' : ''}
                  </dd>
                </div>
              </dl>
              {c.dates.length > 0 ? (
                <details open={c.ClassID === openClassId} onToggle={(e) => toggle(c.ClassID, e.currentTarget.open)} className="group mt-4">
                  {/* No count: the list opened is every session of the place, past ones too, which the record's dates are not. */}
                  <summary className="cursor-pointer rounded text-sm font-semibold text-primary-ink hover:underline">All dates</summary>
                  {opened.has(c.ClassID) ? <ClassDates classId={c.ClassID} className={c.OCRName} studentId={studentId} markedSessionId={c.ClassID === openClassId ? sessionId : undefined} /> : null}
                </details>
              ) : null}
              {c.Ongoing && c.EndDate !== null ? <p className="mt-3 text-sm text-muted">Until {formatDate(c.EndDate, config.localization.DateFormat)}</p> : null}
              {canChange(c) ? (
                <Button variant="secondary" size="sm" className="mt-4" onClick={() => setChanging(c)} aria-label={`Change class: ${c.OCRName}`}>
                  <ArrowLeftRightIcon aria-hidden="true" /> Change class
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <StudentWaitlist studentId={studentId} />
      {changing ? <ChangeClassDialog studentId={studentId} studentName={studentName} classId={changing.ClassID} className={changing.OCRName} onClose={() => setChanging(null)} /> : null}
    </>
  );
}
