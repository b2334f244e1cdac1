import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TimerIcon, TimerOffIcon } from 'lucide-react';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { companyTimeZone, formatTime } from '@portal/shared/date-time-text';
import { Button } from '@/components/ui/button';
import { useConfig } from '@/entities/company/get-company-config';
import { useCartStore, type CartBookingItem, type CartClassItem } from '@/lib/cart-store';
import { timeLeftText, useCountdown } from '@/lib/countdown';
import { errorMessage } from '@/lib/api-client';
import { syncCartHolds, useCartHolds, useHoldCart } from '../api/cart-holds';
import { cartRequestOf, classLabel, courtLabel } from '../lib/cart-request';

/**
 * Keeps the places the server holds in step with the cart (decision 095): each change to its
 * classes or courts is sent, so adding one holds its place and removing one gives it back.
 * Opening a page sends nothing: a hold that ran out is only taken again when the family asks.
 */
export function CartHoldKeeper() {
  const client = useQueryClient();
  useEffect(
    () =>
      useCartStore.subscribe((state, prev) => {
        if (state.classItems === prev.classItems && state.bookingItems === prev.bookingItems) return;
        syncCartHolds(client, cartRequestOf(state, 'items'));
      }),
    [client],
  );
  return null;
}

const sameCourt = (h: CartHoldsAnswer['courts'][number], b: CartBookingItem) =>
  h.venue_id === b.venue_id && h.booking_type_id === b.booking_type_id && h.date === b.date && h.time === b.time && h.court === b.court;
const sameClass = (h: { ClassID?: number | undefined; StudentID?: number | undefined }, c: CartClassItem) => h.ClassID === c.ClassID && h.StudentID === c.StudentID;

/**
 * On the cart and payment pages: until when the cart's places are held, counting down each
 * second, and which are no longer held (the hold ran out, or the place went to another family
 * first) with "Hold again".
 */
export function CartHoldNotice() {
  const config = useConfig();
  const classItems = useCartStore((s) => s.classItems);
  const bookingItems = useCartStore((s) => s.bookingItems);
  const empty = classItems.length + bookingItems.length === 0;
  const holds = useCartHolds(!empty);
  const again = useHoldCart();
  const headingId = useId();
  const zone = companyTimeZone(config);
  const dateFormat = config.localization.DateFormat;

  const data = holds.data;
  const lines = data
    ? [
        ...classItems.map((item) => ({
          key: `class-${item.ClassID}-${item.StudentID}`,
          label: classLabel(item),
          until: data.classes.find((h) => sameClass(h, item))?.heldUntil ?? null,
          refusal: data.refused.find((r) => sameClass(r, item))?.message ?? null,
        })),
        ...bookingItems.map((item) => ({
          key: `court-${item.venue_id}-${item.court}-${item.date}-${item.time}`,
          label: courtLabel(item, dateFormat),
          until: data.courts.find((h) => sameCourt(h, item))?.heldUntil ?? null,
          refusal: data.refused.find((r) => r.booking && sameCourt({ ...r.booking, heldUntil: '' }, item))?.message ?? null,
        })),
      ]
    : [];
  const held = lines.filter((l) => l.until !== null);
  const lapsed = lines.filter((l) => l.until === null);
  const first = held.length ? Math.min(...held.map((l) => Date.parse(l.until!))) : null;
  // At zero the server is asked again: what ran out is shown as no longer held.
  const left = useCountdown(first, () => void holds.refetch());

  if (empty || !data) return null;
  return (
    <div className="space-y-3">
      {held.length > 0 && left > 0 ? (
        <section aria-labelledby={`${headingId}-held`} className="flex gap-3 rounded-2xl border border-primary-line bg-primary-tint p-4 text-primary-tint-ink">
          <TimerIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 text-sm">
            <h2 id={`${headingId}-held`} className="font-semibold">
              Held for you until {formatTime(new Date(first!), zone, false)}
            </h2>
            <p className="mt-0.5">
              {held.length === lines.length ? 'Your places are kept for you while you pay.' : `${held.map((l) => l.label).join('; ')}: kept for you while you pay.`} Time left{' '}
              <strong role="timer" aria-live="off" className="font-semibold tabular-nums">
                {timeLeftText(left)}
              </strong>
            </p>
          </div>
        </section>
      ) : null}
      {lapsed.length > 0 || (held.length > 0 && left <= 0) ? (
        <section aria-labelledby={`${headingId}-lapsed`} className="flex gap-3 rounded-2xl border border-danger-line bg-danger-surface p-4 text-danger">
          <TimerOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 flex-1 text-sm">
            <h2 id={`${headingId}-lapsed`} className="font-semibold">
              No longer held for you
            </h2>
            <p className="mt-0.5">Another family may take these before you pay:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {(lapsed.length ? lapsed : held).map((l) => (
                <li key={l.key}>
                  {l.label}
                  {l.refusal ? <span className="font-medium">: {l.refusal}</span> : null}
                </li>
              ))}
            </ul>
            {again.isError ? <p className="mt-2 font-medium">{errorMessage(again.error)}</p> : null}
            <Button className="mt-3" variant="secondary" size="sm" loading={again.isPending} onClick={() => again.mutate(cartRequestOf(useCartStore.getState(), 'items'))}>
              Hold again
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
