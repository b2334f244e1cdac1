import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CalendarXIcon, CheckCircle2Icon, ShoppingCartIcon } from 'lucide-react';
import type { BookingOptions } from '@portal/shared/bookings-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { useConfig } from '@/lib/company-config';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { courtLabel } from '@/lib/labels';
import { useCheckBooking } from '../api/check-booking';
import { useAvailability, useBookingOptions } from '../api/get-booking-options';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}

/** /hub/bookings/add (G3–G5): pick a venue, a booking type and a day, then a free time and court; it goes to the cart. */
export default function BookingsAddRoute() {
  const options = useBookingOptions();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Add a Booking" actions={<Link to={paths.bookingsView} className={buttonClasses('secondary', 'md')}>My bookings</Link>} />
      {options.isPending ? (
        <ListLoading label="Loading booking options" />
      ) : options.isError ? (
        <ListError message={errorMessage(options.error)} onRetry={() => void options.refetch()} />
      ) : options.data.venues.length === 0 || options.data.bookingTypes.length === 0 ? (
        <EmptyState icon={<CalendarXIcon className="size-7" />} text="Nothing can be booked online at the moment." />
      ) : (
        <BookingForm options={options.data} />
      )}
    </div>
  );
}

interface Choice {
  time: string;
  endTime: string;
  court: string;
}

function BookingForm({ options }: { options: BookingOptions }) {
  const config = useConfig();
  const court = courtLabel(config);
  const ids = { venue: useId(), type: useId() };
  const [venueId, setVenueId] = useState(options.venues[0]!.VenueID);
  const types = useMemo(() => options.bookingTypes.filter((t) => t.VenueIDs.length === 0 || t.VenueIDs.includes(venueId)), [options.bookingTypes, venueId]);
  const [typeId, setTypeId] = useState(types[0]?.BookingTypeID ?? 0);
  const days = useMemo(() => daysBetween(options.today, options.lastDay), [options.today, options.lastDay]);
  const [date, setDate] = useState(options.today);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckBooking();
  const bookingItems = useCartStore((s) => s.bookingItems);
  const setBookingItems = useCartStore((s) => s.setBookingItems);

  useEffect(() => {
    if (!types.some((t) => t.BookingTypeID === typeId)) setTypeId(types[0]?.BookingTypeID ?? 0);
  }, [types, typeId]);
  useEffect(() => setChoice(null), [venueId, typeId, date]);

  const availability = useAvailability(typeId ? { venue_id: venueId, booking_type_id: typeId, date } : null);
  const type = types.find((t) => t.BookingTypeID === typeId);
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);
  const inCart = (c: Choice) => bookingItems.some((b) => b.venue_id === venueId && b.date === date && b.time === c.time && b.court === c.court);

  function addToCart() {
    if (!choice || !type) return;
    setError(null);
    check.mutate(
      { venue_id: venueId, booking_type_id: typeId, date, time: choice.time, court: choice.court },
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
          setAdded(`${item.bookingType}, ${item.court}, ${formatDate(item.date, config.localization.DateFormat)} ${item.time}–${item.endTime}`);
          setChoice(null);
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
        <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-success-line bg-success-surface px-4 py-3 text-sm text-success">
          <span className="inline-flex items-center gap-2 font-medium">
            <CheckCircle2Icon aria-hidden="true" className="size-5" /> Added to your cart: {added}
          </span>
          <Link to={paths.checkout} className={buttonClasses('primary', 'sm')}>
            <ShoppingCartIcon aria-hidden="true" /> Go to checkout
          </Link>
        </div>
      ) : null}
      <ErrorBox message={error} onDismiss={() => setError(null)} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.venue} className="mb-1.5 block text-sm font-semibold text-ink">
            Venue
          </label>
          <select
            id={ids.venue}
            value={venueId}
            onChange={(e) => setVenueId(Number(e.target.value))}
            className="h-11 w-full rounded-button border border-line-strong bg-surface px-3 text-sm text-ink shadow-sm"
          >
            {options.venues.map((v) => (
              <option key={v.VenueID} value={v.VenueID}>
                {v.Name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.type} className="mb-1.5 block text-sm font-semibold text-ink">
            Booking type
          </label>
          <select
            id={ids.type}
            value={typeId}
            onChange={(e) => setTypeId(Number(e.target.value))}
            className="h-11 w-full rounded-button border border-line-strong bg-surface px-3 text-sm text-ink shadow-sm"
          >
            {types.map((t) => (
              <option key={t.BookingTypeID} value={t.BookingTypeID}>
                {t.Name} – {money(t.PriceCents)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-ink">Day</legend>
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
          {days.map((d) => {
            const day = new Date(`${d}T00:00:00Z`);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={d === date}
                aria-label={formatDate(d, config.localization.DateFormat)}
                onClick={() => setDate(d)}
                className={cn(
                  'flex min-w-16 shrink-0 flex-col items-center rounded-xl border px-3 py-2 text-sm transition',
                  d === date ? 'border-brand-600 bg-primary-tint font-semibold text-primary-tint-ink' : 'border-line bg-surface text-ink-soft hover:border-brand-600',
                )}
              >
                <span className="text-xs tracking-wide uppercase">{DAY_NAMES[day.getUTCDay()]}</span>
                <span className="text-lg leading-tight font-bold">{day.getUTCDate()}</span>
              </button>
            );
          })}
        </div>
      </fieldset>

      <section aria-labelledby="slots-heading">
        <h2 id="slots-heading" className="mb-2 text-sm font-semibold text-ink">
          Free times on {formatDate(date, config.localization.DateFormat)}
          {type ? ` · ${type.DurationMinutes} minutes` : ''}
        </h2>
        {availability.isPending ? (
          <ListLoading label="Loading free times" />
        ) : availability.isError ? (
          <ListError message={errorMessage(availability.error)} onRetry={() => void availability.refetch()} />
        ) : availability.data.slots.every((s) => s.freeCourts.length === 0) ? (
          <EmptyState icon={<CalendarXIcon className="size-7" />} text="No free times on this day. Please choose another day." />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {availability.data.slots
              .filter((s) => s.freeCourts.length > 0)
              .map((s) => (
                <li key={s.time} className="rounded-xl border border-line bg-surface p-3">
                  <p className="mb-2 text-sm font-semibold text-ink">
                    {s.time}–{s.endTime}
                  </p>
                  <div className="flex flex-wrap gap-1.5">
                    {s.freeCourts.map((c) => {
                      const selected = choice?.time === s.time && choice.court === c;
                      const taken = inCart({ time: s.time, endTime: s.endTime, court: c });
                      return (
                        <button
                          key={c}
                          type="button"
                          aria-pressed={selected}
                          disabled={taken}
                          aria-label={`${c} at ${s.time}${taken ? ' (in your cart)' : ''}`}
                          onClick={() => setChoice({ time: s.time, endTime: s.endTime, court: c })}
                          className={cn(
                            'rounded-full border px-3 py-1.5 text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-50',
                            selected ? 'border-primary bg-primary text-on-primary' : 'border-line-strong bg-surface text-ink-soft hover:border-brand-600 hover:text-ink',
                          )}
                        >
                          {c}
                        </button>
                      );
                    })}
                  </div>
                </li>
              ))}
          </ul>
        )}
      </section>

      <div className={cn('rounded-2xl border border-line bg-surface px-4 py-3 shadow-sm sm:px-5', choice && 'sticky bottom-3 z-10 shadow-lg')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-soft">
            {choice && type ? (
              <>
                <span className="font-semibold text-ink">{type.Name}</span> · {court}: {choice.court} ·{' '}
                {formatDate(date, config.localization.DateFormat)} {choice.time}–{choice.endTime} · <span className="font-semibold text-ink">{money(type.PriceCents)}</span>
              </>
            ) : (
              `Choose a time and a ${court.toLowerCase()}.`
            )}
          </p>
          <Button onClick={addToCart} disabled={!choice} loading={check.isPending}>
            <ShoppingCartIcon aria-hidden="true" /> Add to cart
          </Button>
        </div>
      </div>
    </div>
  );
}
