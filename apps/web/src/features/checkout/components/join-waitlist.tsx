import type { JoinWaitlistRequest } from '@portal/shared/class-schemas';
import { CircleCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useJoinWaitlist } from '@/entities/classes/join-waitlist';
import { onTheWaitlist, useWaitlist, waitingName } from '@/entities/classes/get-waitlist';
import type { CartLine } from '../lib/cart-lines';
import { useWaitlistJoined } from '../lib/waitlist-joined';

const ON_THE_WAITLIST = 'On the waitlist: we will let you know by notification and e-mail as soon as a place is free.';

/**
 * A full class's way on from the cart: its waitlist, for a place for the rest of the term (as the
 * add-to-cart dialog offers for a full class). Once joined the class leaves the cart, which is then
 * priced without it, and `WaitlistJoinedNotice` says so above the cart; a refusal is said under it.
 * A child the family's waitlist shows already waiting for the class is said to be on it instead:
 * joining again would only be refused.
 */
export function JoinWaitlist({ line, waitlist }: { line: CartLine; waitlist: JoinWaitlistRequest }) {
  const join = useJoinWaitlist();
  const joinOnce = useOneAtATime(join);
  const joined = useWaitlistJoined((s) => s.joined);
  const family = useWaitlist();
  // Until the family's waitlist is read, nothing is offered: a press could only be refused.
  if (family.isPending) return null;
  const waiting = waitingName(family.data?.entries, waitlist.class_id, waitlist.student_id);
  if (waiting !== null) return <p className="font-medium">{onTheWaitlist([waiting])}</p>;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        loading={join.isPending}
        aria-label={`Join waitlist for ${line.label}`}
        onClick={() =>
          joinOnce(waitlist, {
            onSuccess: () => {
              joined(line.label);
              line.onRemove();
            },
          })
        }
      >
        Join waitlist
      </Button>
      {join.isError ? (
        <p role="alert" className="order-last basis-full font-medium">
          {errorMessage(join.error)}
        </p>
      ) : null}
    </>
  );
}

/** Above the cart: the classes put on their waitlist from it on this visit, which stays after the refusal's box has gone. */
export function WaitlistJoinedNotice({ className = '' }: { className?: string }) {
  const labels = useWaitlistJoined((s) => s.labels);
  return (
    <div role="status" aria-live="polite" className={labels.length > 0 ? className : 'sr-only'}>
      {labels.length > 0 ? (
        <div className="flex gap-2 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm text-success">
          <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-medium">{ON_THE_WAITLIST}</p>
            <ul className="mt-1">
              {labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
