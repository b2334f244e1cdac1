import { useState } from 'react';
import { Link } from 'react-router';
import type { StudentSession } from '@portal/shared/class-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Modal } from '@/components/ui/modal';
import { BackCloses } from '@/components/ui/back-closes';
import { MessageModal } from '@/components/ui/message-modal';
import { SelectField } from '@/components/forms/select-field';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate, formatDateTime } from '@/lib/format';
import { useAbsenceReasons, useNotifyAbsence } from '../api/absences';
import { sessionWhen } from '@/lib/class-format';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/**
 * Notify absence (F5): the session-date modal, then the absence-reason modal (get-absence-reasons),
 * then the success modal. `session` skips the date step when the session is already chosen. The
 * phone's Back closes it.
 */
export function AbsenceFlow(props: Parameters<typeof AbsenceSteps>[0]) {
  return (
    <>
      <BackCloses onClose={props.onClose} />
      <AbsenceSteps {...props} />
    </>
  );
}

function AbsenceSteps({
  studentId,
  studentName,
  className,
  sessions,
  session: preset,
  makeup = false,
  onClose,
}: {
  studentId: number;
  studentName: string;
  className: string;
  sessions: StudentSession[];
  /** The child's place in the class is a make-up: missing it earns no new credit. */
  makeup?: boolean;
  session?: StudentSession;
  onClose: () => void;
}) {
  const config = useConfig();
  const dateFormat = config.localization.DateFormat;
  const open = sessions.filter((s) => s.CanNotifyAbsence);
  const [session, setSession] = useState<StudentSession | null>(preset ?? null);
  const [pick, setPick] = useState<number>(preset?.SessionID ?? open[0]?.SessionID ?? 0);
  const [reason, setReason] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reasons = useAbsenceReasons(session?.SessionID ?? null, studentId);
  const notify = useNotifyAbsence();
  const notifyOnce = useOneAtATime(notify);
  const [result, setResult] = useState<{ message: string; makeup: { text: string; id: number } | null } | null>(null);

  if (result) {
    return (
      <MessageModal
        open
        tone="success"
        title={result.message}
        message={
          <>
            {studentName} is marked absent from {className} on {formatDate(session?.Date, dateFormat)}.{result.makeup ? <span className="mt-2 block">{result.makeup.text}</span> : null}
          </>
        }
        next={
          result.makeup && config.CanTakeMakeups ? (
            <Link className={buttonClasses('primary', 'md', 'w-full')} to={`${paths.makeupsBook}?makeup_id=${result.makeup.id}`}>
              Book make-up
            </Link>
          ) : null
        }
        onClose={onClose}
      />
    );
  }

  if (!session) {
    return (
      <Modal
        // Each step is its own dialog (a key of its own): the next one takes the focus as it opens.
        key="choose-session"
        open
        onOpenChange={(o) => (o ? undefined : onClose())}
        title="Choose a session"
        description={`${studentName} · ${className}`}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!pick} onClick={() => setSession(open.find((s) => s.SessionID === pick) ?? null)}>
              Next
            </Button>
          </div>
        }
      >
        {open.length === 0 ? (
          <p className="text-sm text-ink-soft">There are no sessions an absence can still be notified for.</p>
        ) : (
          <SelectField
            label="Session date"
            placeholder={null}
            value={pick}
            onChange={(e) => setPick(Number(e.target.value))}
            options={open.map((s) => ({ value: s.SessionID, label: sessionWhen(s.Date, s.Time, dateFormat, config.classes_setup?.TimeDisplay) }))}
          />
        )}
      </Modal>
    );
  }

  function submit() {
    if (!session || reason === null) return;
    notifyOnce(
      { session_id: session.SessionID, student_id: studentId, reason_id: reason },
      {
        onSuccess: (answer) =>
          setResult({
            message: answer.message,
            makeup: answer.makeup ? { text: `A make-up credit was added. Book it for a session on or before ${formatDate(answer.makeup.ExpiresOn, dateFormat)}.`, id: answer.makeup.MakeupID } : null,
          }),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <Modal
      key="reason"
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Reason for absence"
      description={`${studentName} · ${className} · ${sessionWhen(session.Date, session.Time, dateFormat, config.classes_setup?.TimeDisplay)}`}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={notify.isPending} disabled={reason === null} onClick={submit}>
            Notify absence
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-3">
        <SelectField
          label="Reason"
          placeholder="Select…"
          value={reason ?? ''}
          onChange={(e) => setReason(e.target.value ? Number(e.target.value) : null)}
          options={(reasons.data?.reasons ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
        {reasons.data ? (
          <p className="text-sm text-ink-soft">
            Absences can be notified until {formatDateTime(reasons.data.cutoff, dateFormat, companyTimeZone(config), false)}.
            {reasons.data.earns_makeup ? ' Notifying in time earns a make-up credit.' : makeup && config.CanTakeMakeups ? ' This is a make-up session: missing it earns no new make-up credit.' : ''}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
