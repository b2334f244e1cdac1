import { Fragment } from 'react';
import { Link } from 'react-router';
import type { UpcomingClass } from '@portal/shared/home-schemas';
import { buttonClasses, ROW_LINK_CLASS } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { isoDayOf, type TimeDisplay } from '@portal/shared/class-time-text';
import { formatDate, type DateFormat } from '@/lib/format';
import { classTime, dayName } from '@/lib/class-format';
import { useIsMobile } from '@/lib/use-media';
import { studentTerm } from '@/lib/branding';
import { courtLabel } from '@/lib/labels';
import { ExpandableCard } from './expandable-card';
import { StudentAvatar } from './student-avatar';
import { ChevronRightIcon } from 'lucide-react';
import { AbsentBadge } from '@/components/classes/absent-badge';

/** D8: the Enrollments tab of the student, with the class and session to open from home. */
function enrolmentsHref(item: UpcomingClass): string {
  const query = new URLSearchParams({
    tab: 'Enrollments',
    from_home: 'true',
    class_id: String(item.class_id),
    session_id: String(item.session_id),
  });
  return `${paths.student(item.student_id)}?${query}`;
}

/** A session (yyyy-MM-ddTHH:mm) as the company shows class times: ["Tue", "04:00 PM"], with its date ["Tue 04/03/2025", "04:00 PM"]. */
function sessionParts(value: string, display: TimeDisplay | undefined, dateFormat?: DateFormat): string[] {
  const [date = '', time = ''] = value.split('T');
  const day = [dayName(isoDayOf(date)), dateFormat ? formatDate(date, dateFormat) : ''].filter(Boolean).join(' ');
  return [day, classTime(time, display)].filter(Boolean);
}

/**
 * Parts said with " · " between them; a line breaks there rather than inside "05:00 PM" or a date
 * (a phone's narrow card), and inside a part only when the part alone is wider than the card (text
 * set large): each part is an inline block.
 */
function Parts({ parts }: { parts: string[] }) {
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? ' · ' : null}
      <span className="inline-block">{part}</span>
    </Fragment>
  ));
}

/** A session that is not the term's own says what it is: a make-up booked into it, or a casual visit. */
const KIND_LABEL: Record<UpcomingClass['kind'], string> = { term: '', casual: 'Casual', makeup: 'Make-up' };

/** The class, by its level (R62 names no other field for it), and what kind of place the session is. */
function classParts(item: UpcomingClass): string[] {
  return [item.standard.trim(), KIND_LABEL[item.kind]].filter(Boolean);
}

function classText(item: UpcomingClass): string {
  return classParts(item).join(' · ');
}

/** F5: a session the child is notified absent from stays listed, marked as the Enrollments page marks it. */

function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : '—';
}

export function UpcomingClassesList({ items }: { items: UpcomingClass[] }) {
  const config = useConfig();
  const isMobile = useIsMobile();
  const dateFormat = config.localization.DateFormat;
  const student = studentTerm(config);
  const court = courtLabel(config);
  const display = config.classes_setup?.TimeDisplay;

  if (isMobile) {
    return (
      <ul className="space-y-3" aria-label="Upcoming classes">
        {items.map((item) => (
          <ExpandableCard
            key={`${item.session_id}-${item.student_id}`}
            summary={
              <span className="flex items-center gap-3">
                <StudentAvatar name={item.student_name} picture={item.profile_picture} />
                <span className="min-w-0">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-semibold text-ink">{item.student_name}</span>
                    {item.absent ? <AbsentBadge className="shrink-0" /> : null}
                  </span>
                  <span className="block text-sm text-ink-soft">
                    <Parts parts={[...classParts(item), ...sessionParts(item.date, display, dateFormat)]} />
                  </span>
                  {item.venue.trim() ? <span className="block text-sm text-muted">{[item.venue, item.court.trim()].filter(Boolean).join(' · ')}</span> : null}
                </span>
              </span>
            }
          >
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <div className="col-span-2">
                <dt className="text-muted">Lesson Format</dt>
                <dd className="font-medium text-ink">{orDash(item.lesson_format)}</dd>
              </div>
              <div>
                <dt className="text-muted">Venue</dt>
                <dd className="font-medium text-ink">{orDash(item.venue)}</dd>
              </div>
              <div>
                <dt className="text-muted">{court}</dt>
                <dd className="font-medium text-ink">{orDash(item.court)}</dd>
              </div>
            </dl>
            <Link to={enrolmentsHref(item)} className={buttonClasses('primary', 'md', 'mt-4 w-full')}>
              View Class
            </Link>
          </ExpandableCard>
        ))}
      </ul>
    );
  }

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">Upcoming classes</caption>
        <thead className="bg-canvas">
          <tr className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
            <th scope="col" className="px-5 py-3">
              Date &amp; Time
            </th>
            <th scope="col" className="px-5 py-3">
              {student}
            </th>
            <th scope="col" className="px-5 py-3">
              Lesson Format
            </th>
            <th scope="col" className="px-5 py-3">
              Venue
            </th>
            <th scope="col" className="px-5 py-3">
              {court}
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              <span className="sr-only">Enrollments</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-soft">
          {items.map((item) => (
            <tr key={`${item.session_id}-${item.student_id}`} className="transition-colors hover:bg-primary-tint/50">
              <td className="whitespace-nowrap px-5 py-4">
                <span className="block font-medium text-ink">{formatDate(item.date, dateFormat)}</span>
                <span className="block text-muted">{sessionParts(item.date, display).join(' · ')}</span>
              </td>
              <td className="px-5 py-4">
                <span className="flex items-center gap-3">
                  <StudentAvatar name={item.student_name} picture={item.profile_picture} />
                  <span>
                    <span className="block font-medium text-ink">
                      {item.student_name}
                      {item.absent ? <AbsentBadge className="ml-2 align-middle" /> : null}
                    </span>
                    {classText(item) ? <span className="block text-muted">{classText(item)}</span> : null}
                  </span>
                </span>
              </td>
              <td className="px-5 py-4 text-ink-soft">{orDash(item.lesson_format)}</td>
              <td className="px-5 py-4 text-ink-soft">{orDash(item.venue)}</td>
              <td className="px-5 py-4 text-ink-soft">{orDash(item.court)}</td>
              <td className="whitespace-nowrap px-5 py-4 text-right">
                <Link to={enrolmentsHref(item)} className={ROW_LINK_CLASS}>
                  View enrollments <span className="sr-only">for {item.student_name}</span>
                  <ChevronRightIcon aria-hidden="true" className="size-4" />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
