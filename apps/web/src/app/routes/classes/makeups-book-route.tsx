import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CalendarSearchIcon } from 'lucide-react';
import type { MakeupSession } from '@portal/shared/class-schemas';
import { Button } from '@/components/ui/button';
import { BackCloses } from '@/components/ui/back-closes';
import { Modal } from '@/components/ui/modal';
import { MessageModal } from '@/components/ui/message-modal';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { SelectField } from '@/components/forms/select-field';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate } from '@/lib/format';
import { todayIn } from '@portal/shared/date-time-text';
import { useBookMakeup, useMakeupSessions, useMakeups } from '@/features/classes/api/makeups';
import { absenceVerb, classDuration, classTime, sessionWhen } from '@/lib/class-format';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

const SESSIONS_SHOWN = 12;

/** /hub/classes/makeups/book (F8): a session of the credit's lesson format and level (decision 076) with a free place. */
export default function MakeupsBookRoute() {
  const config = useConfig();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const makeups = useMakeups();
  const available = makeups.data?.makeups.filter((m) => m.Status === 'available') ?? [];
  // The address's make-up while it can still be booked; else (used since, or Back after booking it) the first that can.
  const asked = Number(params.get('makeup_id'));
  const makeup = available.find((m) => m.MakeupID === asked) ?? available[0];
  const [booked, setBooked] = useState<{ makeupId: number; message: string } | null>(null);
  // Said, so another child's credit is never shown as if it were the one asked for; not of the one just booked here.
  const gone = asked > 0 && asked !== booked?.makeupId && makeup !== undefined && makeup.MakeupID !== asked && makeups.data?.makeups.some((m) => m.MakeupID === asked);
  const sessions = useMakeupSessions(makeup ? makeup.MakeupID : null);
  const book = useBookMakeup();
  const bookOnce = useOneAtATime(book);
  const [confirm, setConfirm] = useState<MakeupSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(SESSIONS_SHOWN);
  const dateFormat = config.localization.DateFormat;
  const display = config.classes_setup?.TimeDisplay;
  const today = todayIn(companyTimeZone(config));

  function submit() {
    if (!confirm || !makeup) return;
    bookOnce(
      { makeup_id: makeup.MakeupID, session_id: confirm.SessionID },
      {
        onSuccess: () => {
          const at = classTime(confirm.Time, display);
          setBooked({ makeupId: makeup.MakeupID, message: `${makeup.StudentName} is booked into ${confirm.ClassName} on ${formatDate(confirm.Date, dateFormat)}${at ? ` at ${at}` : ''}.` });
          setConfirm(null);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Book a Make-up" />
      {/* Booked: the list read again offers the next credit, perhaps another child's; none of it shows behind the success. */}
      {makeups.isPending ? (
        <ListLoading label="Loading make-ups" />
      ) : booked ? null : available.length === 0 ? (
        <EmptyState icon={<CalendarSearchIcon className="size-7" />} text="You have no make-ups to book." />
      ) : (
        <>
          {gone ? <p className="mb-4 text-sm text-ink-soft">That make-up is booked or no longer open. Another one is shown below.</p> : null}
          <SelectField
            className="mb-4 max-w-md"
            label="Make-up"
            placeholder={null}
            value={makeup?.MakeupID ?? ''}
            onChange={(e) => {
              setParams({ makeup_id: e.target.value }, { replace: true });
              setShown(SESSIONS_SHOWN);
            }}
            // The date tells two credits of one child apart: it comes before the lesson format, which a phone's
            // closed control cuts first, and the chosen credit is told in full under the control.
            options={available.map((m) => ({
              value: m.MakeupID,
              label: [m.StudentName, m.MissedDate ? `${absenceVerb(m.MissedDate, today).toLowerCase()} ${formatDate(m.MissedDate, dateFormat)}` : null, m.LessonFormat].filter(Boolean).join(' · '),
            }))}
            hint={
              makeup?.MissedDate
                ? `${makeup.StudentName} ${absenceVerb(makeup.MissedDate, today).toLowerCase()} ${makeup.MissedClass} on ${formatDate(makeup.MissedDate, dateFormat)} · ${makeup.LessonFormat}`
                : undefined
            }
          />
          {makeup ? (
            <p className="mb-4 text-sm text-ink-soft">
              Book a session on or before {formatDate(makeup.ExpiresOn, dateFormat)}.{' '}
              {makeup.Level ? `Sessions shown are ${makeup.Level} sessions with a free place.` : 'Sessions shown have a free place.'}
            </p>
          ) : null}
          {sessions.isPending ? (
            <ListLoading label="Loading sessions" />
          ) : sessions.isLoadingError ? (
            <QueryError query={sessions} />
          ) : sessions.data.sessions.length === 0 ? (
            <EmptyState icon={<CalendarSearchIcon className="size-7" />} text="No session has a free place before this make-up expires." />
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Sessions with a free place">
              {sessions.data.sessions.slice(0, shown).map((s) => (
                <li key={s.SessionID} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 shadow-sm" data-testid="makeup-session">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{sessionWhen(s.Date, s.Time, dateFormat, display, true)}</p>
                    <p className="text-sm text-ink-soft">
                      {s.ClassName} · {s.Venue}
                      {classDuration(s.Duration, display) ? ` · ${classDuration(s.Duration, display)}` : ''} · {s.PlacesLeft} {s.PlacesLeft === 1 ? 'place' : 'places'} left
                    </p>
                  </div>
                  {/* Named by its class and session: a list of "Book, Book, Book" tells a screen reader nothing. */}
                  <Button size="sm" aria-label={`Book ${s.ClassName}, ${sessionWhen(s.Date, s.Time, dateFormat, display, true)}`} onClick={() => setConfirm(s)}>
                    Book
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {sessions.data && sessions.data.sessions.length > shown ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => setShown((n) => n + SESSIONS_SHOWN)}>
                Show later sessions
              </Button>
            </div>
          ) : null}
        </>
      )}
      <p className="mt-8 text-sm">
        <Link className="text-primary-ink underline-offset-4 hover:underline" to={paths.makeups}>
          Back to Make-ups
        </Link>
      </p>
      {/* The phone's Back closes the question, not the page (decision 146). */}
      {confirm ? <BackCloses onClose={() => setConfirm(null)} /> : null}
      <Modal
        open={confirm !== null}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title="Book this make-up?"
        description={confirm ? [confirm.ClassName, sessionWhen(confirm.Date, confirm.Time, dateFormat, display), confirm.Venue].filter(Boolean).join(' · ') : undefined}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button loading={book.isPending} onClick={submit}>
              Book make-up
            </Button>
          </div>
        }
      >
        <p className="text-sm text-ink-soft">{makeup ? `For ${makeup.StudentName}. The make-up credit is used when you book.` : ''}</p>
      </Modal>
      <MessageModal open={error !== null} tone="error" title="Could not book" message={error} onClose={() => setError(null)} />
      <MessageModal open={booked !== null} tone="success" title="Make-up booked" message={booked?.message} onClose={() => void navigate(paths.makeups)} />
    </div>
  );
}
