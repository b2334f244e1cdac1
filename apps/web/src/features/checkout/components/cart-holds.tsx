import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { companyTimeZone } from '@portal/shared/date-time-text';
import { CalendarCheckIcon, UserRoundXIcon } from 'lucide-react';
import { PlacesHeld, PlacesLapsed } from '@/components/payment/places-held';
import { useConfig } from '@/entities/company/get-company-config';
import { followCartOfOtherTabs, isFollowingOtherTab, useCartStore, type CartBookingItem, type CartClassItem } from '@/lib/cart-store';
import { useCountdown } from '@/lib/countdown';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { cartHoldsQueryOptions, syncCartHolds, useCartHolds, useHoldCart } from '../api/cart-holds';
import { holdsRequestOf } from '../lib/cart-request';
import { useCartLines, type CartLine } from '../lib/cart-lines';
import { CALM_BOX, namedLines, RefusedLineRow } from './quote-error';

/**
 * Keeps the places the server holds in step with the cart (decision 095): each change to its
 * classes or courts is sent, so adding one holds its place and removing one gives it back.
 * Opening a page sends nothing: a hold that ran out is only taken again when the family asks.
 * Another tab's change is followed here but sent by that tab alone (two tabs sending one change
 * could land out of order, the older giving back what the newer held); this tab then reads the
 * holds anew for its countdown.
 */
export function CartHoldKeeper() {
  const client = useQueryClient();
  useEffect(() => {
    const stopSending = useCartStore.subscribe((state, prev) => {
      if (isFollowingOtherTab() || (state.classItems === prev.classItems && state.bookingItems === prev.bookingItems)) return;
      syncCartHolds(client, holdsRequestOf(state));
    });
    const stopFollowing = followCartOfOtherTabs(() => void client.invalidateQueries({ queryKey: cartHoldsQueryOptions().queryKey }));
    return () => {
      stopSending();
      stopFollowing();
    };
  }, [client]);
  return null;
}

const sameCourt = (h: CartHoldsAnswer['courts'][number], b: CartBookingItem) =>
  h.venue_id === b.venue_id && h.booking_type_id === b.booking_type_id && h.date === b.date && h.time === b.time && h.court === b.court;
/** A hold or refusal of the item: the class and the child, and for one session its date (two days of one class are two places). */
const sameClass = (h: { ClassID?: number | undefined; StudentID?: number | undefined; date?: string | null | undefined }, c: CartClassItem) =>
  h.ClassID === c.ClassID && h.StudentID === c.StudentID && (h.date ?? null) === (c.casual ? (c.dates[0] ?? null) : null);

/**
 * On the cart and payment pages: until when the cart's places are held, counting down each
 * second, and which are no longer held (the hold ran out) with "Hold again". A court another
 * family took meanwhile, or a class whose last place it took, is never offered to hold again: one
 * the quote's `refusal` names is left to its box ("Just booked" or "Full", Remove); one the hold
 * found taken is said taken here, with Remove (and a full class's waitlist). Nor is a court the
 * family itself has booked meanwhile: the hold finds it in My bookings, with Remove.
 */
export function CartHoldNotice({ refusal }: { refusal?: unknown }) {
  const config = useConfig();
  const classItems = useCartStore((s) => s.classItems);
  const bookingItems = useCartStore((s) => s.bookingItems);
  const empty = classItems.length + bookingItems.length === 0;
  const holds = useCartHolds(!empty);
  const again = useHoldCart();
  const headingId = useId();
  const { lines: cartLines } = useCartLines();
  const named = namedLines(refusal, cartLines);
  const zone = companyTimeZone(config);

  const data = holds.data;
  // Each line of the cart with what the hold says of its item (held until when, or refused why), and whether the quote's refusal names it.
  const lines = data
    ? cartLines.map((line) => {
        const { cart } = line;
        const found =
          cart.kind === 'class'
            ? { until: data.classes.find((h) => sameClass(h, cart.item))?.heldUntil, refused: data.refused.find((r) => sameClass(r, cart.item)) }
            : {
                until: data.courts.find((h) => sameCourt(h, cart.item))?.heldUntil,
                refused: data.refused.find((r) => r.booking && sameCourt({ ...r.booking, heldUntil: '' }, cart.item)),
              };
        return { ...line, until: found.until ?? null, refused: found.refused ?? null, refusal: found.refused?.message ?? null, named: named.includes(line) };
      })
    : [];
  const held = lines.filter((l) => l.until !== null);
  // Taken by another family (a court, or a class's last place): named by the quote's refusal (its box says so), or found so by the hold.
  const open = lines.filter((l) => l.until === null && !l.named);
  const taken = open.filter((l) => l.refused?.code === 'BOOKING_TAKEN' || l.refused?.code === 'CLASS_FULL');
  // A court the family itself has booked meanwhile (on another device): its own, only to take out.
  const booked = open.filter((l) => l.refused?.code === 'BOOKED_BY_FAMILY');
  // A class the child was enrolled in meanwhile (paid on another device): only to take out, never to hold again.
  const enrolled = open.filter((l) => l.refused?.code === 'ALREADY_ENROLLED');
  const lapsed = open.filter((l) => !taken.includes(l) && !booked.includes(l) && !enrolled.includes(l));
  const first = held.length ? Math.min(...held.map((l) => Date.parse(l.until!))) : null;
  // At zero the server is asked again: what ran out is shown as no longer held.
  const left = useCountdown(first, () => void holds.refetch());

  const showHeld = held.length > 0 && left > 0;
  const showLapsed = lapsed.length > 0 || (held.length > 0 && left <= 0);
  // Nothing to say: no empty box, which would leave a gap above the cart.
  if (empty || !data || !(showHeld || showLapsed || taken.length > 0 || booked.length > 0 || enrolled.length > 0)) return null;
  return (
    <div className="space-y-3">
      {showHeld ? (
        <PlacesHeld
          headingId={`${headingId}-held`}
          until={first!}
          left={left}
          zone={zone}
          dateFormat={config.localization.DateFormat}
          summary={held.length === lines.length ? 'Your places are kept for you while you pay.' : `${held.map((l) => l.label).join('; ')}: kept for you while you pay.`}
        />
      ) : null}
      {taken.length > 0 ? (
        <RefusedHere tone="danger" headingId={`${headingId}-taken`} heading="Taken by another family" intro="Another family took these while they were not held for you:" lines={taken} />
      ) : null}
      {booked.length > 0 ? <RefusedHere tone="info" headingId={`${headingId}-booked`} heading="Already in My bookings" intro="Your family has booked these meanwhile:" lines={booked} /> : null}
      {enrolled.length > 0 ? <RefusedHere tone="info" headingId={`${headingId}-enrolled`} heading="Already enrolled" intro="Your family has enrolled in these meanwhile:" lines={enrolled} /> : null}
      {showLapsed ? (
        <PlacesLapsed
          headingId={`${headingId}-lapsed`}
          lines={(lapsed.length ? lapsed : held).map((l) => (
            <li key={l.key}>
              {l.label}
              {l.refusal ? <span className="font-medium">: {l.refusal}</span> : null}
            </li>
          ))}
          error={again.isError ? errorMessage(again.error) : null}
          busy={again.isPending}
          onHoldAgain={() => again.mutate(holdsRequestOf(useCartStore.getState()))}
        />
      ) : null}
    </div>
  );
}

/** How a box of refused lines looks: red for a place another family took, calm for the family's own booking (no error, only to take out). */
const TONES = {
  danger: { box: 'border-danger-line bg-danger-surface text-danger', Icon: UserRoundXIcon },
  info: { box: CALM_BOX, Icon: CalendarCheckIcon },
};

/** Lines the hold refused, each with what it found, Remove and a full class's waitlist. */
function RefusedHere({
  tone,
  headingId,
  heading,
  intro,
  lines,
}: {
  tone: keyof typeof TONES;
  headingId: string;
  heading: string;
  intro: string;
  lines: (CartLine & { refusal: string | null; refused: { code: string } | null })[];
}) {
  const { box, Icon } = TONES[tone];
  return (
    <section aria-labelledby={headingId} className={cn('flex gap-3 rounded-2xl border p-4', box)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={headingId} className="font-semibold">
          {heading}
        </h2>
        <p className="mt-0.5">{intro}</p>
        <ul className="mt-2 space-y-2">
          {lines.map((l) => (
            <RefusedLineRow key={l.key} line={l} refusal={l.refusal} full={l.refused?.code === 'CLASS_FULL'} />
          ))}
        </ul>
      </div>
    </section>
  );
}
