import { useEffect, useRef, useState } from 'react';
import type { Enrolment, StudentSession } from '@portal/shared/class-schemas';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { formatDate } from '@/lib/format';
import { useClassSessions } from '@/entities/classes/get-class-sessions';
import { classWhen, sessionWhen } from '@/lib/class-format';
import { coachLabel, courtName } from '@/lib/labels';
import { AbsenceFlow } from './absence-flow';
import { AbsentBadge } from '@/components/classes/absent-badge';
import { WithdrawAbsenceDialog } from './withdraw-absence-dialog';

const TYPE_LABEL = { ongoing: 'Term', casual: 'Casual', temporary: 'Make-up' } as const;

/** One enrolment with its sessions (F4) and, where allowed, Notify absence on each (F5, F6). */
export function EnrolmentCard({ enrolment, studentName, startOpen = false }: { enrolment: Enrolment; studentName: string; startOpen?: boolean }) {
  const config = useConfig();
  // A viewer follows the sessions and notifies no absence (decision 101): no button the server would refuse.
  const mayChange = useCan(classEndpoints.notifyAbsence);
  // Nothing left to notify: no session ahead, or only its last one and that one already notified (a make-up missed, a class being left).
  const nothingAhead = enrolment.next_session === null || (enrolment.next_absent && enrolment.EndDate !== null && enrolment.next_session >= enrolment.EndDate);
  const notifies = config.CanNotifyAbsence && mayChange;
  const [open, setOpen] = useState(startOpen);
  const [absence, setAbsence] = useState<StudentSession | 'pick' | null>(null);
  const [withdrawing, setWithdrawing] = useState<StudentSession | null>(null);
  // Withdrawn, the session's button is Notify absence again: the focus goes to it once the list shows it, not to the page's top.
  const [refocus, setRefocus] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sessions = useClassSessions(open || absence ? enrolment.ClassID : null, enrolment.StudentID);
  const dateFormat = config.localization.DateFormat;
  // The class's sessions the student has a place in, of this enrolment's dates only: two make-ups in
  // one class are two cards, each with its own day.
  const own = sessions.data?.sessions.filter((s) => s.Date >= enrolment.StartDate && (enrolment.EndDate === null || s.Date <= enrolment.EndDate));
  useEffect(() => {
    const button = refocus ? [...(listRef.current?.querySelectorAll('button') ?? [])].find((b) => b.getAttribute('aria-label') === refocus) : undefined;
    if (!button) return;
    button.focus();
    setRefocus(null);
  }, [refocus, sessions.data]);
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm" data-testid="enrolment">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{enrolment.ClassName}</h3>
          <p className="text-sm text-ink-soft">
            {classWhen(enrolment.Day, enrolment.Time, enrolment.Duration, config.classes_setup?.TimeDisplay)} · {enrolment.Venue}
            {enrolment.Court ? ` · ${courtName(config, enrolment.Court)}` : ''}
          </p>
          <p className="text-sm text-muted">
            {enrolment.LessonFormat}
            {enrolment.Staff ? ` · ${coachLabel(config)}: ${enrolment.Staff}` : ''}
            {enrolment.next_session ? ` · Next: ${formatDate(enrolment.next_session, dateFormat)}${enrolment.next_absent ? ' (absent)' : ''}` : ''}
            {/* A term place being left (a change of class, a withdrawal) says its last day, as the student's record does. */}
            {enrolment.Type === 'ongoing' && enrolment.EndDate !== null ? ` · Until ${formatDate(enrolment.EndDate, dateFormat)}` : ''}
          </p>
        </div>
        <Badge tone="brand">{TYPE_LABEL[enrolment.Type]}</Badge>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide sessions' : 'Sessions'}
        </Button>
        {notifies && !nothingAhead ? (
          <Button size="sm" variant="secondary" aria-label={`Notify absence: ${studentName}, ${enrolment.ClassName}`} onClick={() => setAbsence('pick')}>
            Notify absence
          </Button>
        ) : null}
      </div>
      {open && own ? (
        <ul ref={listRef} className="mt-3 divide-y divide-line rounded-xl border border-line" aria-label={`Sessions of ${enrolment.ClassName}`}>
          {own
            .filter((s) => !startOpen || !s.Past)
            .map((s) => {
              const when = sessionWhen(s.Date, s.Time, dateFormat, config.classes_setup?.TimeDisplay);
              return (
                <li key={s.SessionID} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className={s.Past ? 'text-muted' : 'text-ink'}>
                    {when}
                    {s.Past ? <span className="sr-only"> (past)</span> : null}
                  </span>
                  <span className="flex items-center gap-2">
                    {s.Status === 'cancelled' ? <Badge tone="neutral">Cancelled</Badge> : null}
                    {s.Absent ? <AbsentBadge reason={s.AbsenceReason} /> : null}
                    {s.MakeupBooked && !s.Past && !s.CanWithdrawAbsence ? (
                      // Why there is no Withdraw: the credit it earned is spent (cancel that make-up first).
                      <span className="text-muted">Make-up booked</span>
                    ) : null}
                    {s.CanWithdrawAbsence && mayChange ? (
                      // A mis-tap put right before the cut-off (decision 142).
                      <Button size="sm" variant="link" className="max-sm:min-h-10!" aria-label={`Withdraw absence: ${studentName}, ${when}`} onClick={() => setWithdrawing(s)}>
                        Withdraw absence
                      </Button>
                    ) : null}
                    {s.CanNotifyAbsence && mayChange ? (
                      // Each button is named by its child and session, so a list of them is not ten times the same words.
                      // 40 px tall on a phone: a row's neighbour is another date, a tap's slip another session.
                      <Button size="sm" variant="link" className="max-sm:min-h-10!" aria-label={`Notify absence: ${studentName}, ${when}`} onClick={() => setAbsence(s)}>
                        Notify absence
                      </Button>
                    ) : notifies && !s.Past && s.Status === 'scheduled' && !s.Absent ? (
                      // Its time to be notified has passed (the company's cut-off before the start): said, not left a blank row.
                      <span className="text-muted">Too late to notify</span>
                    ) : null}
                  </span>
                </li>
              );
            })}
        </ul>
      ) : null}
      {withdrawing ? (
        <WithdrawAbsenceDialog
          studentId={enrolment.StudentID}
          studentName={studentName}
          className={enrolment.ClassName}
          session={withdrawing}
          makeup={enrolment.Type === 'temporary'}
          onClose={(withdrawn) => {
            if (withdrawn) setRefocus(`Notify absence: ${studentName}, ${sessionWhen(withdrawing.Date, withdrawing.Time, dateFormat, config.classes_setup?.TimeDisplay)}`);
            setWithdrawing(null);
          }}
        />
      ) : null}
      {absence && own ? (
        <AbsenceFlow
          studentId={enrolment.StudentID}
          studentName={studentName}
          className={enrolment.ClassName}
          sessions={own}
          makeup={enrolment.Type === 'temporary'}
          {...(absence === 'pick' ? {} : { session: absence })}
          onClose={() => setAbsence(null)}
        />
      ) : null}
    </li>
  );
}
