import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/**
 * "Leave the queue", asked first: leaving gives the family's place to the next family at once, and
 * joining again starts at the back. Stay is the dialog's first control, so Enter keeps the place.
 */
export function LeaveQueueButton({ busy, onLeave }: { busy: boolean; onLeave: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="secondary" loading={busy} onClick={() => setAsking(true)}>
        Leave the queue
      </Button>
      <Modal
        open={asking}
        onOpenChange={setAsking}
        title="Leave the queue?"
        description="You will lose your place in the queue. If you join again, you start at the back."
        size="sm"
        hideClose
        footer={
          <>
            <Button variant="secondary" data-autofocus onClick={() => setAsking(false)}>
              Stay
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                onLeave();
              }}
            >
              Leave
            </Button>
          </>
        }
      />
    </>
  );
}
