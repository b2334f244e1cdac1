import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ArrowRightIcon, PencilIcon } from 'lucide-react';
import type { GuestBookingOptions } from '@portal/shared/guest-booking-schemas';
import { BookingChoiceBar, BookingPicker, offeredChoice, useBookingChoice, type BookingChoice, type KeptChoice } from '@/components/bookings/booking-picker';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { useConfig } from '@/entities/company/get-company-config';
import { clockRange, formatDate } from '@/lib/format';
import { courtLabel } from '@/lib/labels';
import { guestAvailabilityKey, useGuestAvailability } from '../api/get-guest-availability';
import { BookingConfirmed } from './booking-confirmed';
import { GuestCheckout, type GuestBooked } from './guest-checkout';

/** The step the browser's history entry is at: each step is an entry, so Back returns to the one before. */
type Step = 'pick' | 'checkout' | 'done';

const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/**
 * The public booking page (N37): a venue, a booking type, a day and a free slot (the hub's
 * pickers), then the checkout, then the confirmation. The choice is kept while the guest goes to
 * the checkout and back, with the page's own links or the browser's Back. The confirmation takes
 * the checkout's place in the history: Back from it returns to the times, never to paying again.
 * A reload of the checkout opens it again at the court its entry keeps.
 */
export function GuestBookingFlow({ options }: { options: GuestBookingOptions }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const entry = location.state as { guestStep?: Step; chosen?: KeptChoice } | null;
  // A reload keeps the history entry, not the page: the checkout's entry keeps its court to open at again.
  const [opened] = useState(() => ({ step: entry?.guestStep ?? 'pick', chosen: offeredChoice(options, entry?.chosen) }));
  const choice = useBookingChoice(options, opened.step === 'checkout' ? opened.chosen : null);
  const availability = useGuestAvailability(choice.params);
  const step: Step = entry?.guestStep ?? 'pick';
  const [booked, setBooked] = useState<GuestBooked | null>(null);
  // An entry whose step the page cannot show as it was (a confirmation reloaded; a checkout whose
  // court is no longer offered, or not the one chosen now, as after Back, another day and Forward)
  // becomes the times', so a court chosen next waits for Continue.
  useEffect(() => {
    const kept = entry?.chosen;
    const now = choice.choice;
    const same = kept && now && kept.venueId === choice.venueId && kept.typeId === choice.typeId && kept.date === choice.date && kept.slot.time === now.time && kept.slot.court === now.court;
    if ((step === 'checkout' && !same) || (step === 'done' && !booked)) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // As each entry is reached, not as the choice changes under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  const [error, setError] = useState<string | null>(null);
  // Moving between choosing, the checkout and the confirmation takes the focus to the new step's heading.
  const moved = useRef(false);
  const moveTo = (next: Step, how: 'push' | 'replace' | 'back') => {
    moved.current = true;
    if (how === 'back') void navigate(-1);
    else {
      const chosen: KeptChoice | undefined = next === 'checkout' && choice.choice ? { venueId: choice.venueId, typeId: choice.typeId, date: choice.date, slot: choice.choice } : undefined;
      void navigate(`${location.pathname}${location.search}`, { replace: how === 'replace', state: next === 'pick' ? null : { guestStep: next, chosen } });
    }
    toTop();
  };
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [step]);
  // Back from the confirmation: the times afresh, the court just booked no longer chosen (as it renders, not a frame later).
  if (step === 'pick' && booked) {
    setBooked(null);
    choice.setChoice(null);
  }
  const freeTimesChanged = () => void queryClient.invalidateQueries({ queryKey: guestAvailabilityKey });
  const slot = choice.choice;

  if (step === 'done' && booked) {
    return (
      <BookingConfirmed
        booked={booked}
        onAnother={() => {
          setBooked(null);
          choice.setChoice(null);
          moveTo('pick', 'replace');
        }}
      />
    );
  }

  if (step === 'checkout' && slot) {
    return (
      <GuestCheckout
        booking={{ venue_id: choice.venueId, booking_type_id: choice.typeId, date: choice.date, time: slot.time, court: slot.court }}
        summary={<ChosenSlot choice={choice} onChange={() => moveTo('pick', 'back')} />}
        onBooked={(made) => {
          freeTimesChanged();
          setBooked(made);
          moveTo('done', 'replace');
        }}
        onSlotLost={(message) => {
          freeTimesChanged();
          choice.setChoice(null);
          setError(message);
          moveTo('pick', 'back');
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <h2 data-step-heading tabIndex={-1} className="sr-only">
        Choose a day and a time
      </h2>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <BookingPicker choice={choice} availability={availability} />
      <BookingChoiceBar
        choice={choice}
        action={
          <Button
            disabled={!slot}
            onClick={() => {
              setError(null);
              moveTo('checkout', 'push');
            }}
            className="w-full sm:w-auto"
          >
            Continue <ArrowRightIcon aria-hidden="true" className="size-4" />
          </Button>
        }
      />
    </div>
  );
}

/** The court and time going to the checkout, with the way back to the pickers. */
function ChosenSlot({ choice, onChange }: { choice: BookingChoice; onChange: () => void }) {
  const config = useConfig();
  const { type, venue, choice: slot, date } = choice;
  return (
    <section aria-labelledby="chosen-slot-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="chosen-slot-heading" className="font-semibold text-ink">
            {type?.Name}
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">
            {formatDate(date, config.localization.DateFormat)}
            {slot ? ` · ${clockRange(slot.time, slot.endTime)}` : ''}
          </p>
          <p className="text-sm text-ink-soft">
            {venue?.Name} · {courtLabel(config)}: {slot?.court}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onChange}>
          <PencilIcon aria-hidden="true" className="size-3.5" /> Change <span className="sr-only">the time or {courtLabel(config).toLowerCase()}</span>
        </Button>
      </div>
    </section>
  );
}
