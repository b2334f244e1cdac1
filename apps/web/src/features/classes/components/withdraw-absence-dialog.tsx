import { useState } from 'react';
import type { StudentSession } from '@portal/shared/class-schemas';
import { Button } from '@/components/ui/button';
import { MessageModal } from '@/components/ui/message-modal';
import { Modal } from '@/components/ui/modal';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { sessionWhen } from '@/lib/class-format';
import { formatDate } from '@/lib/format';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useWithdrawAbsence } from '../api/absences';

/** Withdraw an absence before the cut-off: the child comes after all, and the credit it earned goes. */
export function WithdrawAbsenceDialog({
  studentId,
  studentName,
  className,
  session,
  makeup,
  onClose,
}: {
  studentId: number;
  studentName: string;
  className: string;
  session: StudentSession;
  makeup: boolean;
  onClose: (withdrawn: boolean) => void;
}) {
  const config = useConfig();
  const withdraw = useWithdrawAbsence();
  const withdrawOnce = useOneAtATime(withdraw);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const when = sessionWhen(session.Date, session.Time, config.localization.DateFormat, config.classes_setup?.TimeDisplay);
  if (done)
    return (
      <MessageModal
        open
        tone="success"
        title={done}
        message={`${studentName} is expected at ${className} on ${formatDate(session.Date, config.localization.DateFormat)}.`}
        onClose={() => onClose(true)}
      />
    );
  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose(false))}
      title="Withdraw this absence?"
      description={`${studentName} · ${className} · ${when}`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onClose(false)}>
            Keep absence
          </Button>
          <Button
            loading={withdraw.isPending}
            onClick={() => withdrawOnce({ session_id: session.SessionID, student_id: studentId }, { onSuccess: (answer) => setDone(answer.message), onError: (e) => setError(errorMessage(e)) })}
          >
            Withdraw absence
          </Button>
        </div>
      }
    >
      <p className="text-sm text-ink-soft">
        {studentName} is expected at the session after all.
        {config.CanTakeMakeups && config.classes_setup?.AbsenceEarnsMakeup !== false && !makeup ? ' A make-up credit the absence earned is removed with it.' : ''}
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
