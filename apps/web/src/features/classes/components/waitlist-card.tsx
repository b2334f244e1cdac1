import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { WaitlistEntry } from '@portal/shared/class-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCan } from '@/entities/customer/identity';
import { errorMessage } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useValidateClassItem } from '../api/class-items';
import { useWaitlist } from '@/entities/classes/get-waitlist';
import { useLeaveWaitlist } from '../api/waitlist';

/**
 * The family's waitlist places with their live position. A place offered to the family is taken
 * from here: the class goes into the cart (checked by the server, where the held place counts as
 * the family's) and the family goes on to pay for it at the checkout.
 */
export function WaitlistCard() {
  const config = useConfig();
  const waitlist = useWaitlist();
  const leave = useLeaveWaitlist();
  const leaveOnce = useOneAtATime(leave);
  const validate = useValidateClassItem();
  // A viewer follows the waitlist and takes or leaves no place (decision 101): no button the server would refuse.
  const canTake = useCan(classEndpoints.validateItem);
  const canLeave = useCan(classEndpoints.leaveWaitlist);
  const navigate = useNavigate();
  // A refusal is shown under the place it is about.
  const [error, setError] = useState<{ waitlistId: number; message: string } | null>(null);
  // Leaving gives up a position, or a place held: asked first, saying which.
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);
  // The place just left, said where it was (the row goes) and given the focus, so the focus is not thrown down the page.
  const [left, setLeft] = useState<string | null>(null);
  const leftNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (left) leftNote.current?.focus();
  }, [left]);
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0 && left === null) return null;

  function take(e: WaitlistEntry) {
    setError(null);
    validate.mutate(
      { class_id: e.ClassID, student_id: e.StudentID, kind: 'ongoing', dates: [] },
      {
        onSuccess: () => {
          // The term place stands in for anything of the same class for the child already in the cart (a casual session of it).
          const cart = useCartStore.getState();
          const others = cart.classItems.filter((i) => !(i.ClassID === e.ClassID && i.StudentID === e.StudentID));
          cart.setClassItems([...others, { ClassID: e.ClassID, StudentID: e.StudentID, dates: [], casual: false, label: `${e.ClassName} – ${e.StudentName}` }]);
          void navigate(paths.checkout);
        },
        onError: (err) => setError({ waitlistId: e.WaitlistID, message: errorMessage(err) }),
      },
    );
  }

  function confirmLeave() {
    if (!leaving) return;
    const entry = leaving;
    setLeft(null);
    leaveOnce(entry.WaitlistID, {
      onSuccess: () => setLeft(`${entry.StudentName} has left the waitlist for ${entry.ClassName}.`),
      onError: (err) => setError({ waitlistId: entry.WaitlistID, message: errorMessage(err) }),
      onSettled: () => setLeaving(null),
    });
  }

  return (
    <section aria-labelledby="waitlist-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="waitlist-title" className="font-semibold text-ink">
        Waitlist
      </h2>
      {left ? (
        <p
          ref={leftNote}
          role="status"
          tabIndex={-1}
          className="mt-2 rounded text-sm font-medium text-success focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {left}
        </p>
      ) : null}
      <ul className={entries.length > 0 ? 'mt-3 divide-y divide-line' : 'hidden'}>
        {entries.map((e) => (
          <li key={e.WaitlistID} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div id={`waitlist-${e.WaitlistID}`} className="min-w-0">
              <p className="font-medium text-ink">{e.ClassName}</p>
              <p className="text-sm text-ink-soft">
                {e.StudentName} ·{' '}
                {e.Status === 'offered' ? (
                  <strong className="text-success">A place is held for you until {formatDateTime(e.OfferExpiresAt, config.localization.DateFormat, companyTimeZone(config), false)}</strong>
                ) : (
                  <span>Position {e.Position} on the waitlist</span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {e.Status === 'offered' && canTake ? (
                <Button
                  size="sm"
                  aria-describedby={`waitlist-${e.WaitlistID}`}
                  loading={validate.isPending && validate.variables?.class_id === e.ClassID && validate.variables.student_id === e.StudentID}
                  disabled={validate.isPending}
                  onClick={() => take(e)}
                >
                  Add to cart
                </Button>
              ) : null}
              {canLeave ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-describedby={`waitlist-${e.WaitlistID}`}
                  loading={leave.isPending && leave.variables === e.WaitlistID}
                  onClick={() => {
                    setError(null);
                    setLeaving(e);
                  }}
                >
                  Leave waitlist
                </Button>
              ) : null}
            </div>
            {error?.waitlistId === e.WaitlistID ? (
              <p role="alert" className="w-full text-sm font-medium text-danger">
                {error.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Modal
        open={leaving !== null}
        onOpenChange={(open) => (open ? undefined : setLeaving(null))}
        title="Leave the waitlist?"
        description={
          leaving
            ? leaving.Status === 'offered'
              ? `The place held for ${leaving.StudentName} in ${leaving.ClassName} goes to the next family on the waitlist.`
              : `${leaving.StudentName} gives up position ${leaving.Position} on the waitlist for ${leaving.ClassName}.`
            : undefined
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setLeaving(null)}>
              Stay on the waitlist
            </Button>
            <Button variant="danger" loading={leave.isPending} onClick={confirmLeave}>
              Leave waitlist
            </Button>
          </>
        }
      />
    </section>
  );
}
