import { Link } from 'react-router';
import { HourglassIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { useWaitlist } from '@/entities/classes/get-waitlist';

/**
 * The student's places in the queue for full classes, under its classes: a child registered onto a
 * waitlist is not "No classes booked yet" and nothing more. Kept, and left, under Classes.
 */
export function StudentWaitlist({ studentId }: { studentId: number }) {
  const entries = (useWaitlist().data?.entries ?? []).filter((e) => e.StudentID === studentId);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={`waitlist-${studentId}`} className="mt-6">
      <h3 id={`waitlist-${studentId}`} className="text-base font-semibold text-ink">
        Waitlist
      </h3>
      <ul className="mt-3 grid gap-3 lg:grid-cols-2">
        {entries.map((e) => (
          <li key={e.WaitlistID} className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4 shadow-xs">
            <HourglassIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
            <span className="text-sm">
              <span className="font-semibold text-ink">{e.ClassName}</span>
              <span className="block text-ink-soft">{e.Status === 'offered' ? 'A place is offered: add it from Classes before the offer ends.' : `Position ${e.Position} on the waitlist`}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-soft">
        The place in the queue is kept under{' '}
        <Link to={paths.classes} className="font-semibold text-primary-tint-ink underline-offset-4 hover:underline">
          Classes
        </Link>
        , where it can also be left.
      </p>
    </section>
  );
}
