import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useJoinWaitlist } from '@/entities/classes/join-waitlist';
import type { CartLine } from '../lib/cart-lines';

/**
 * A full class's way on from the cart: its waitlist, for a place for the rest of the term (as the
 * add-to-cart dialog offers for a full class). Once joined it says so; a refusal is said under it.
 */
export function JoinWaitlist({ line, waitlist }: { line: CartLine; waitlist: { class_id: number; student_id: number } }) {
  const join = useJoinWaitlist();
  const joinOnce = useOneAtATime(join);
  if (join.isSuccess) {
    return (
      <p role="status" className="order-last basis-full font-medium">
        On the waitlist: we will let you know by notification and e-mail as soon as a place is free.
      </p>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" loading={join.isPending} aria-label={`Join waitlist for ${line.label}`} onClick={() => joinOnce(waitlist)}>
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
