import { useState } from 'react';
import { Link } from 'react-router';
import { RotateCcwIcon } from 'lucide-react';
import type { Makeup } from '@portal/shared/class-schemas';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';

import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { classEndpoints } from '@portal/shared/endpoints/classes';

import { companyTimeZone, formatDate } from '@/lib/format';
import { todayIn } from '@portal/shared/date-time-text';
import { useMakeups } from '@/features/classes/api/makeups';
import { CancelMakeupDialog } from '@/features/classes/components/cancel-makeup-dialog';
import { AbsentBadge } from '@/components/classes/absent-badge';
import { absenceVerb } from '@/lib/class-format';

const STATUS: Record<Makeup['Status'], { label: string; tone: BadgeTone }> = {
  available: { label: 'Available', tone: 'green' },
  used: { label: 'Booked', tone: 'blue' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** /hub/classes/makeups (F7): make-up credits earned by absences, with their expiry. */
export default function MakeupsRoute() {
  const config = useConfig();
  // A viewer follows the credits and books none (decision 101).
  const mayBook = useCan(classEndpoints.bookMakeup);
  const mayCancel = useCan(classEndpoints.cancelMakeup);
  const [cancelling, setCancelling] = useState<Makeup | null>(null);
  const makeups = useMakeups();
  const dateFormat = config.localization.DateFormat;
  const today = todayIn(companyTimeZone(config));
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Make-ups" description="An absence notified in time earns a make-up: book it into a session of the same lesson format before it expires." />
      {makeups.isPending ? (
        <ListLoading label="Loading make-ups" />
      ) : makeups.isLoadingError ? (
        <QueryError query={makeups} />
      ) : makeups.data.makeups.length === 0 ? (
        <EmptyState icon={<RotateCcwIcon className="size-7" />} text="No make-ups yet." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Make-ups">
          {makeups.data.makeups.map((m) => (
            <li key={m.MakeupID} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm" data-testid="makeup">
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  {m.StudentName} · {m.LessonFormat}
                </p>
                <p className="text-sm text-ink-soft">{m.MissedDate ? `${absenceVerb(m.MissedDate, today)} ${m.MissedClass} on ${formatDate(m.MissedDate, dateFormat)}` : 'Make-up credit'}</p>
                <p className="text-sm text-muted">
                  {m.Status === 'used' && m.BookedDate
                    ? `Booked into ${m.BookedClass ?? ''} on ${formatDate(m.BookedDate, dateFormat)}${m.BookedAbsence === null ? '' : ' · Absent'}`
                    : `${m.Status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(m.ExpiresOn, dateFormat)}`}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {/* An absence notified for the make-up session: badged as the Enrollments page badges it. */}
                {m.Status === 'used' && m.BookedAbsence !== null ? <AbsentBadge reason={m.BookedAbsence} /> : <Badge tone={STATUS[m.Status].tone}>{STATUS[m.Status].label}</Badge>}
                {m.CanCancel && mayCancel ? (
                  <Button size="sm" variant="secondary" aria-label={`Cancel make-up: ${m.StudentName}, ${formatDate(m.BookedDate, dateFormat)}`} onClick={() => setCancelling(m)}>
                    Cancel make-up
                  </Button>
                ) : null}
                {m.Status === 'available' && mayBook ? (
                  <Link className={buttonClasses('primary', 'sm')} to={`${paths.makeupsBook}?makeup_id=${m.MakeupID}`}>
                    Book make-up
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {cancelling ? <CancelMakeupDialog makeup={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
