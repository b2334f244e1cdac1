import { useEffect, useRef } from 'react';
import { CalendarDaysIcon, ClockIcon, MapPinIcon } from 'lucide-react';
import type { BookedClass } from '@portal/shared/student-schemas';
import { EmptyState } from '@/components/ui/list-states';
import { cn } from '@/lib/cn';
import { useConfig } from '@/lib/company-config';
import { formatDate } from '@/lib/format';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function time12(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/**
 * The classes a student is booked into (E27), from the enrolments. A link from the home page or
 * a class-session message (Sessions=true, class_id, session_id) opens that class's dates with the
 * session marked (E5).
 */
export function BookedClasses({ classes, openClassId, sessionId }: { classes: BookedClass[]; openClassId?: number; sessionId?: number }) {
  const config = useConfig();
  const marked = useRef<HTMLLIElement>(null);
  useEffect(() => {
    marked.current?.scrollIntoView({ block: 'center' });
  }, [openClassId, sessionId]);

  if (classes.length === 0) return <EmptyState icon={<CalendarDaysIcon className="size-7" />} text="No classes booked yet" />;
  const court = config.localization.CourtLabel || config.CourtText || 'Court';
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {classes.map((c) => {
        const scheduled = c.dates.filter((d) => d.Status === 'scheduled').length;
        return (
          <li key={c.ClassID} id={`class-${c.ClassID}`} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
            <h3 className="text-base font-semibold text-ink">{c.OCRName}</h3>
            {c.LessonFormat ? <p className="text-sm text-muted">{c.LessonFormat.Name}</p> : null}
            <dl className="mt-3 grid gap-1.5 text-sm text-ink-soft">
              <div className="flex items-center gap-2">
                <ClockIcon aria-hidden="true" className="size-4 text-muted" />
                <dt className="sr-only">Time</dt>
                <dd>
                  {DAYS[c.DayOfWeek - 1]} {time12(c.Time)} · {c.DurationMinutes} min
                </dd>
              </div>
              {c.Venue ? (
                <div className="flex items-center gap-2">
                  <MapPinIcon aria-hidden="true" className="size-4 text-muted" />
                  <dt className="sr-only">Venue</dt>
                  <dd>
                    {c.Venue.Name}
                    {c.Court ? ` · ${court} ${c.Court.replace(new RegExp(`^${court}\\s*`, 'i'), '')}` : ''}
                  </dd>
                </div>
              ) : null}
              <div className="flex items-center gap-2">
                <CalendarDaysIcon aria-hidden="true" className="size-4 text-muted" />
                <dt>Next session:</dt>
                <dd className="font-medium text-ink">{c.next_session ? formatDate(c.next_session.Date, config.localization.DateFormat) : 'None scheduled'}</dd>
              </div>
            </dl>
            {c.dates.length > 0 ? (
              <details open={c.ClassID === openClassId} className="group mt-4">
                <summary className="cursor-pointer rounded text-sm font-semibold text-primary-ink hover:underline">
                  All dates ({scheduled})
                </summary>
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Dates of ${c.OCRName}`}>
                  {c.dates.map((d) => {
                    const isMarked = c.ClassID === openClassId && d.SessionID === sessionId;
                    return (
                      <li
                        key={d.SessionID}
                        ref={isMarked ? marked : undefined}
                        aria-current={isMarked ? 'date' : undefined}
                        className={cn(
                          'rounded-full border px-3 py-1 text-xs font-medium',
                          d.Status === 'cancelled' ? 'border-line text-muted line-through' : 'border-line-strong text-ink',
                          isMarked && 'border-primary bg-primary text-on-primary',
                        )}
                      >
                        {formatDate(d.Date, config.localization.DateFormat)}
                        {d.Status === 'cancelled' ? <span className="sr-only"> (cancelled)</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
