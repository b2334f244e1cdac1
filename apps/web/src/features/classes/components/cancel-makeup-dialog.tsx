import { useState } from 'react';
import type { Makeup } from '@portal/shared/class-schemas';
import { todayIn } from '@portal/shared/date-time-text';
import { Button } from '@/components/ui/button';
import { MessageModal } from '@/components/ui/message-modal';
import { Modal } from '@/components/ui/modal';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate } from '@/lib/format';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useCancelMakeup } from '../api/makeups';

/** Cancel a booked make-up before the cut-off (decision 142): the place is given up, the credit free again until it expires. */
export function CancelMakeupDialog({ makeup, onClose }: { makeup: Makeup; onClose: () => void }) {
  const config = useConfig();
  const dateFormat = config.localization.DateFormat;
  const cancel = useCancelMakeup();
  const cancelOnce = useOneAtATime(cancel);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const expires = formatDate(makeup.ExpiresOn, dateFormat);
  const lapsed = makeup.ExpiresOn < todayIn(companyTimeZone(config));
  const credit = lapsed ? `The credit expired on ${expires}, so it cannot be booked again.` : `The credit can be booked again until ${expires}.`;
  if (done) return <MessageModal open tone="success" title={done} message={credit} onClose={onClose} />;
  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Cancel this make-up?"
      description={`${makeup.StudentName} · ${makeup.BookedClass ?? ''} · ${formatDate(makeup.BookedDate, dateFormat)}`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep make-up
          </Button>
          <Button loading={cancel.isPending} onClick={() => cancelOnce({ makeup_id: makeup.MakeupID }, { onSuccess: (answer) => setDone(answer.message), onError: (e) => setError(errorMessage(e)) })}>
            Cancel make-up
          </Button>
        </div>
      }
    >
      <p className="text-sm text-ink-soft">The place is given up. {credit}</p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
