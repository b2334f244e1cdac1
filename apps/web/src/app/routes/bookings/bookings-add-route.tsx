import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CalendarXIcon, CheckCircle2Icon, ShoppingCartIcon } from 'lucide-react';
import type { BookingOptions } from '@portal/shared/bookings-schemas';
import { BookingChoiceBar, BookingPicker, useBookingChoice, type SlotChoice } from '@/components/bookings/booking-picker';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { useConfig } from '@/entities/company/get-company-config';
import { clockRange, formatDate } from '@/lib/format';
import { useCheckBooking } from '@/features/bookings/api/check-booking';
import { useAvailability, useBookingOptions } from '@/features/bookings/api/get-booking-options';

/** /hub/bookings/add (G3–G5): pick a venue, a booking type and a day, then a free time and court; it goes to the cart. */
export default function BookingsAddRoute() {
  const options = useBookingOptions();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title="Add a Booking"
        actions={
          <Link to={paths.bookingsView} className={buttonClasses('secondary', 'md')}>
            My bookings
          </Link>
        }
      />
      {options.isPending ? (
        <ListLoading label="Loading booking options" />
      ) : options.isLoadingError ? (
        <QueryError query={options} />
      ) : options.data.venues.length === 0 || options.data.bookingTypes.length === 0 ? (
        <EmptyState icon={<CalendarXIcon className="size-7" />} text="Nothing can be booked online at the moment." />
      ) : (
        <BookingForm options={options.data} />
      )}
    </div>
  );
}

function BookingForm({ options }: { options: BookingOptions }) {
  const config = useConfig();
  const choice = useBookingChoice(options);
  const { venueId, typeId, date, type } = choice;
  const [added, setAdded] = useState<string | null>(null);
  // The court added, Add to cart turns disabled: the focus goes to what was added and its way to the checkout, not the top of the page.
  const addedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!added) return;
    // On a phone the message sits far above the times: brought into view, clear of the sticky top bar.
    addedRef.current?.focus({ preventScroll: true });
    addedRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [added]);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckBooking();
  const bookingItems = useCartStore((s) => s.bookingItems);
  const setBookingItems = useCartStore((s) => s.setBookingItems);
  const availability = useAvailability(choice.params);
  // A court the cart already books for any minute of this slot: the server would refuse it as taken.
  const inCart = (c: SlotChoice) => bookingItems.some((b) => b.venue_id === venueId && b.date === date && b.court === c.court && b.time < c.endTime && c.time < b.endTime);

  function addToCart() {
    const slot = choice.choice;
    if (!slot || !type) return;
    setError(null);
    check.mutate(
      { venue_id: venueId, booking_type_id: typeId, date, time: slot.time, court: slot.court },
      {
        onSuccess: (item) => {
          const current = useCartStore.getState().bookingItems;
          if (!current.some((b) => b.venue_id === item.venue_id && b.date === item.date && b.time === item.time && b.court === item.court)) {
            setBookingItems([
              ...current,
              {
                date: item.date,
                time: item.time,
                court: item.court,
                venue_id: item.venue_id,
                booking_type_id: item.booking_type_id,
                venue: item.venue,
                bookingType: item.bookingType,
                endTime: item.endTime,
                priceCents: item.priceCents,
              },
            ]);
          }
          setAdded(`${item.bookingType}, ${item.court}, ${formatDate(item.date, config.localization.DateFormat)} ${clockRange(item.time, item.endTime)}`);
          choice.setChoice(null);
        },
        onError: (e) => {
          setError(errorMessage(e));
          void availability.refetch();
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      {added ? (
        <div
          ref={addedRef}
          role="status"
          tabIndex={-1}
          className="flex scroll-mt-20 flex-wrap items-center justify-between gap-3 rounded-2xl border border-success-line bg-success-surface px-4 py-3 text-sm text-success focus:outline-none"
        >
          <span className="inline-flex items-center gap-2 font-medium">
            <CheckCircle2Icon aria-hidden="true" className="size-5" /> Added to your cart: {added}
          </span>
          <Link to={paths.checkout} className={buttonClasses('primary', 'sm')}>
            <ShoppingCartIcon aria-hidden="true" /> Go to checkout
          </Link>
        </div>
      ) : null}
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <BookingPicker choice={choice} availability={availability} unavailable={(slot) => (inCart(slot) ? 'in your cart' : null)} />
      <BookingChoiceBar
        choice={choice}
        action={
          <Button onClick={addToCart} disabled={!choice.choice} loading={check.isPending}>
            <ShoppingCartIcon aria-hidden="true" /> Add to cart
          </Button>
        }
      />
    </div>
  );
}
